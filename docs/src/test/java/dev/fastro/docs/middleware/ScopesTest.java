package dev.fastro.docs.middleware;

import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Three scopes" of the Middleware page, and what global middleware sees of 404 and 405.
 */
@FastroTest
class ScopesTest {

	@Autowired
	FastroTestClient client;

	@Test
	void globalThenGroupThenRouteMiddlewareOutermostFirst() {
		assertThat(this.client.get("/api/trail").exchange().headers("x-trail")).containsExactly("global 1", "global 2",
				"group", "route 1", "route 2");
	}

	@Test
	void globalMiddlewareAloneSeesRequestsThatMatchNoRoute() {
		assertThat(this.client.get("/nowhere").exchange()).hasStatus(404);
		assertThat(this.client.get("/nowhere").exchange().headers("x-trail")).containsExactly("global 1", "global 2");
		assertThat(this.client.post("/api/trail").exchange()).hasStatus(405);
		assertThat(this.client.post("/api/trail").exchange().headers("x-trail")).containsExactly("global 1",
				"global 2");
	}

}
