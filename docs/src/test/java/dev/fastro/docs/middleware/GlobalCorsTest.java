package dev.fastro.docs.middleware;

import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Cross-origin requests (CORS)" of the Middleware page: Cors as a global middleware
 * bean.
 */
@FastroTest
class GlobalCorsTest {

	private static final String ORIGIN = "https://shop.example.com";

	@Autowired
	FastroTestClient client;

	@Test
	void itAnswersPreflightsOnEveryPath() {
		for (String path : new String[] { "/carts", "/nowhere" }) {
			assertThat(this.client.options(path)
				.header("origin", ORIGIN)
				.header("access-control-request-method", "PATCH")
				.header("access-control-request-headers", "x-tenant")
				.exchange()).hasStatus(204)
				.hasHeader("access-control-allow-origin", ORIGIN)
				.hasHeader("access-control-allow-methods", "PATCH")
				.hasHeader("access-control-allow-headers", "x-tenant");
		}
	}

	@Test
	void notFoundAnswersGetTheHeadersToo() {
		assertThat(this.client.get("/nowhere").header("origin", ORIGIN).exchange()).hasStatus(404)
			.hasHeader("access-control-allow-origin", ORIGIN);
		assertThat(this.client.get("/carts").header("origin", "https://example.org").exchange()).hasStatus(403);
	}

}
