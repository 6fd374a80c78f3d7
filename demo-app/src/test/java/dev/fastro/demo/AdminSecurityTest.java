package dev.fastro.demo;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;

import static dev.fastro.test.TestHttp.TEXT;
import static dev.fastro.test.TestHttp.assertProblem;
import static dev.fastro.test.TestHttp.assertResponse;
import static dev.fastro.test.TestHttp.header;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The /admin group over HTTP, as the README's curl calls show it: open to a token with
 * the role ADMIN that {@link DemoToken} mints, refused without a token, with an expired
 * one, or with one without the role; and the rest of the demo open without a token.
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
class AdminSecurityTest {

	private static final String ERROR_URI = "error_uri=\"https://tools.ietf.org/html/rfc6750#section-3.1\"";

	@LocalFastroPort
	int port;

	@Test
	void tokenPrintedByDemoTokenWithTheAdminRoleServesTheStatistics() throws Exception {
		HttpResponse<String> response = stats(demoToken("ada", "ADMIN"));
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(TestHttp.json(response.body()).propertyNames()).containsExactly("middlewareNanos");
		assertThat(header(response, "www-authenticate")).isNull();
	}

	@Test
	void withoutTokenIsUnauthorized() {
		HttpResponse<String> response = TestHttp.get(this.port, "/admin/stats");
		assertProblem(response, 401,
				"{\"type\":\"about:blank\",\"title\":\"Unauthorized\",\"status\":401,\"detail\":\"Authentication is required to access this resource\",\"instance\":\"/admin/stats\"}");
		assertThat(header(response, "www-authenticate")).isEqualTo("Bearer");
	}

	@Test
	void expiredTokenPrintedByDemoTokenIsUnauthorized() throws Exception {
		HttpResponse<String> response = stats(demoToken("--expired", "ada", "ADMIN"));
		assertProblem(response, 401,
				"{\"type\":\"about:blank\",\"title\":\"Unauthorized\",\"status\":401,\"detail\":\"The token has expired\",\"instance\":\"/admin/stats\"}");
		assertThat(header(response, "www-authenticate"))
			.isEqualTo("Bearer error=\"invalid_token\", error_description=\"The token has expired\", " + ERROR_URI);
	}

	@Test
	void tokenWithoutTheAdminRoleIsForbidden() throws Exception {
		for (List<String> roles : List.of(List.of("USER"), List.<String>of())) {
			HttpResponse<String> response = stats(DemoToken.token("bob", roles, Instant.now()));
			assertProblem(response, 403,
					"{\"type\":\"about:blank\",\"title\":\"Forbidden\",\"status\":403,\"detail\":\"The request requires higher privileges than provided by the access token.\",\"instance\":\"/admin/stats\"}");
			assertThat(header(response, "www-authenticate")).startsWith("Bearer error=\"insufficient_scope\"")
				.endsWith(ERROR_URI);
		}
	}

	@Test
	void restOfTheDemoIsOpenWithoutToken() {
		assertResponse(TestHttp.get(this.port, "/user/42"), 200, TEXT, "User 42");
		for (String path : List.of("/users/1", "/index.html", "/live.html", "/actuator/health")) {
			assertThat(TestHttp.get(this.port, path).statusCode()).as(path).isEqualTo(200);
		}
	}

	@Test
	void actuatorsMetricsAreForAdministrators() throws Exception {
		assertThat(TestHttp.get(this.port, "/actuator/metrics").statusCode()).isEqualTo(401);
		String user = DemoToken.token("bob", List.of("USER"), Instant.now());
		assertThat(TestHttp.get(this.port, "/actuator/metrics", "authorization", "Bearer " + user).statusCode())
			.isEqualTo(403);
		String admin = DemoToken.token("ada", List.of("ADMIN"), Instant.now());
		assertThat(TestHttp.get(this.port, "/actuator/metrics", "authorization", "Bearer " + admin).statusCode())
			.isEqualTo(200);
		assertThat(TestHttp.get(this.port, "/actuator/prometheus").statusCode()).isEqualTo(200);
	}

	private HttpResponse<String> stats(String token) {
		return TestHttp.get(this.port, "/admin/stats", "authorization", "Bearer " + token);
	}

	/** What {@code DemoToken} prints, run in its own JVM as the README runs it. */
	private static String demoToken(String... args) throws IOException, InterruptedException {
		String java = ProcessHandle.current().info().command().orElse("java");
		List<String> command = Stream
			.concat(Stream.of(java, "-cp", System.getProperty("java.class.path"), DemoToken.class.getName()),
					Stream.of(args))
			.toList();
		Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
		String printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor()).as("exit code of %s", command).isZero();
		assertThat(printed).endsWith(System.lineSeparator());
		return printed.strip();
	}

}
