package dev.fastro.demo;

import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestResponse;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

import static dev.fastro.test.security.SecurityCustomizers.user;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The statistics the /admin group serves: a slice of the demo's routes, served in
 * process, with the demo's security rules, called as an administrator;
 * {@link AdminSecurityTest} checks over HTTP who may call it.
 */
@FastroTest
class AdminGroupTest {

	@Autowired
	FastroTestClient client;

	/** The user routes beside the admin ones need it; these tests do not. */
	@MockitoBean
	UserDirectory users;

	@Test
	void isForAdministratorsOnly() {
		assertThat(this.client.get("/admin/stats").exchange()).hasStatus(401);
		assertThat(this.client.get("/admin/stats").with(user("bob")).exchange()).hasStatus(403);
	}

	@Test
	void servesTheStatistics() {
		TestResponse response = stats();
		assertThat(response).hasStatus(200)
			.hasContentType("application/json")
			.hasHeader("content-length", String.valueOf(response.bodyBytes().length));
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
		return this.client.get("/admin/stats").with(user("ada").roles("ADMIN")).exchange();
	}

}
