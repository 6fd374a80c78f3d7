package dev.fastro.demo;

import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestResponse;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The /admin group, guarded by a bearer-token middleware, and the statistics it serves: a
 * slice of the demo's routes, served in process.
 */
@FastroTest
class AdminGroupTest {

	private static final String UNAUTHORIZED = "{\"type\":\"about:blank\",\"title\":\"Unauthorized\",\"status\":401,\"detail\":\"A valid bearer token is required\",\"instance\":\"/admin/stats\"}";

	@Autowired
	FastroTestClient client;

	/** The user routes beside the admin ones need it; these tests do not. */
	@MockitoBean
	UserDirectory users;

	@Test
	void withoutTokenIsUnauthorized() {
		assertThat(this.client.get("/admin/stats").exchange()).isProblem(401, "A valid bearer token is required")
			.hasBody(UNAUTHORIZED)
			.hasHeader("www-authenticate", "Bearer");
	}

	@Test
	void wrongTokenIsUnauthorized() {
		assertThat(this.client.get("/admin/stats").header("authorization", "Bearer not-the-token").exchange())
			.hasStatus(401)
			.hasBody(UNAUTHORIZED)
			.hasHeader("www-authenticate", "Bearer");
		assertThat(this.client.get("/admin/stats").header("authorization", "demo-token").exchange()).hasStatus(401);
	}

	@Test
	void authSchemeIsCaseInsensitive() {
		assertThat(this.client.get("/admin/stats").header("authorization", "bearer demo-token").exchange())
			.hasStatus(200);
	}

	@Test
	void withTokenServesTheStatistics() {
		TestResponse response = stats();
		assertThat(response).hasStatus(200)
			.hasContentType("application/json")
			.hasHeader("content-length", String.valueOf(response.bodyBytes().length))
			.doesNotHaveHeader("www-authenticate");
		assertThat(response.json().propertyNames()).containsExactly("middlewareNanos");
		assertThat(response.json().get("middlewareNanos").isIntegralNumber()).isTrue();
	}

	@Test
	void middlewareTimeGrowsWithTheMiddlewareRoute() {
		long before = middlewareNanos();
		assertThat(this.client.get("/").exchange()).hasStatus(200);
		assertThat(middlewareNanos()).as("no middleware on /").isEqualTo(before);
		assertThat(this.client.get("/middleware").exchange()).hasStatus(200);
		assertThat(middlewareNanos()).isGreaterThan(before);
	}

	private long middlewareNanos() {
		return stats().json().get("middlewareNanos").asLong();
	}

	private TestResponse stats() {
		return this.client.get("/admin/stats").header("authorization", "Bearer demo-token").exchange();
	}

}
