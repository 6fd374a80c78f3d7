package dev.fastro.demo;

import java.net.http.HttpResponse;

import dev.fastro.autoconfigure.LocalFastroPort;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.context.SpringBootTest;

import static dev.fastro.test.TestHttp.APPLICATION_JSON;
import static dev.fastro.test.TestHttp.assertProblem;
import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.header;
import static dev.fastro.test.TestHttp.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The /admin group, guarded by a bearer-token middleware, and the statistics it serves.
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
class AdminGroupTest {

	private static final String UNAUTHORIZED = "{\"type\":\"about:blank\",\"title\":\"Unauthorized\",\"status\":401,\"detail\":\"A valid bearer token is required\",\"instance\":\"/admin/stats\"}";

	@LocalFastroPort
	int port;

	@Test
	void withoutTokenIsUnauthorized() {
		HttpResponse<String> response = get(this.port, "/admin/stats");
		assertProblem(response, 401, UNAUTHORIZED);
		assertThat(response.headers().allValues("www-authenticate")).containsExactly("Bearer");
	}

	@Test
	void wrongTokenIsUnauthorized() {
		HttpResponse<String> response = get(this.port, "/admin/stats", "authorization", "Bearer not-the-token");
		assertProblem(response, 401, UNAUTHORIZED);
		assertThat(header(response, "www-authenticate")).isEqualTo("Bearer");
		assertThat(get(this.port, "/admin/stats", "authorization", "demo-token").statusCode()).isEqualTo(401);
	}

	@Test
	void authSchemeIsCaseInsensitive() {
		assertThat(get(this.port, "/admin/stats", "authorization", "bearer demo-token").statusCode()).isEqualTo(200);
	}

	@Test
	void withTokenServesTheStatistics() {
		HttpResponse<String> response = stats();
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(header(response, "content-type")).isEqualTo(APPLICATION_JSON);
		assertThat(header(response, "content-length")).isEqualTo(String.valueOf(response.body().length()));
		assertThat(response.headers().firstValue("www-authenticate")).isEmpty();
		JsonNode body = json(response.body());
		assertThat(body.propertyNames()).containsExactly("middlewareNanos");
		assertThat(body.get("middlewareNanos").isIntegralNumber()).isTrue();
	}

	@Test
	void middlewareTimeGrowsWithTheMiddlewareRoute() {
		long before = json(stats().body()).get("middlewareNanos").asLong();
		assertThat(get(this.port, "/").statusCode()).isEqualTo(200);
		assertThat(json(stats().body()).get("middlewareNanos").asLong()).as("no middleware on /").isEqualTo(before);
		assertThat(get(this.port, "/middleware").statusCode()).isEqualTo(200);
		assertThat(json(stats().body()).get("middlewareNanos").asLong()).isGreaterThan(before);
	}

	private HttpResponse<String> stats() {
		return get(this.port, "/admin/stats", "authorization", "Bearer demo-token");
	}

}
