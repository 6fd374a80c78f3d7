package dev.fastro.docs.middleware;

import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.cors.Cors;
import dev.fastro.http.Routes;
import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestResponse;
import org.junit.jupiter.api.Test;

import org.springframework.web.cors.CorsConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** Every rule of "Cross-origin requests (CORS)" of the Middleware page. */
class ApiCorsTest {

	private static final String APP = "https://app.example";

	private static final String VARY = "Origin, Access-Control-Request-Method, Access-Control-Request-Headers";

	private final FastroTestClient client = FastroTestClient.bindTo(new ApiCors().apiRoutes());

	@Test
	void anAllowedOriginGetsItsHeadersWithTheAnswer() {
		assertThat(
				this.client.get("/api/users").header("origin", APP).header("authorization", "Bearer s3cret").exchange())
			.hasStatus(200)
			.hasJsonBody("[\"ada\",\"grace\"]")
			.hasHeader("access-control-allow-origin", APP)
			.hasHeader("access-control-allow-credentials", "true")
			.hasHeader("access-control-expose-headers", "x-total")
			.hasHeader("vary", VARY)
			.doesNotHaveHeader("access-control-allow-methods");
	}

	@Test
	void errorAnswersKeepThemSoThatThePageCanReadThem() {
		assertThat(this.client.get("/api/users").header("origin", APP).exchange())
			.isProblem(401, "A bearer token is required")
			.hasHeader("access-control-allow-origin", APP);
	}

	@Test
	void aPreflightIsAnsweredByTheGroupsCorsBeforeAuthentication() {
		assertThat(this.client.options("/api/users/7")
			.header("origin", APP)
			.header("access-control-request-method", "PUT")
			.header("access-control-request-headers", "authorization, content-type")
			.exchange()).hasStatus(204)
			.hasEmptyBody()
			.hasHeader("access-control-allow-origin", APP)
			.hasHeader("access-control-allow-methods", "GET, PUT")
			.hasHeader("access-control-allow-headers", "authorization, content-type")
			.hasHeader("access-control-max-age", "600")
			.hasHeader("access-control-allow-credentials", "true");
	}

	@Test
	void aPreflightForAMethodNoRouteOfThePathTakesGetsThePlainOptionsAnswer() {
		assertThat(this.client.options("/api/users")
			.header("origin", APP)
			.header("access-control-request-method", "POST")
			.exchange()).hasStatus(204)
			.hasHeader("allow", "GET, HEAD, OPTIONS")
			.doesNotHaveHeader("access-control-allow-origin");
	}

	@Test
	void anOriginMethodOrHeaderNotAllowedIsA403NamingIt() {
		assertThat(this.client.get("/api/users").header("origin", "https://evil.example").exchange())
			.isProblem(403, "Cross-origin requests from 'https://evil.example' are not allowed")
			.doesNotHaveHeader("access-control-allow-origin");
		assertThat(this.client.delete("/api/users/7")
			.header("origin", APP)
			.header("authorization", "Bearer s3cret")
			.exchange()).isProblem(403, "Cross-origin DELETE requests are not allowed; allowed: GET, PUT");
		assertThat(this.client.options("/api/users/7")
			.header("origin", APP)
			.header("access-control-request-method", "PUT")
			.header("access-control-request-headers", "x-secret")
			.exchange()).isProblem(403,
					"Cross-origin requests may not send the headers x-secret; allowed: authorization, content-type");
	}

	@Test
	void theHandlerDoesNotRunForARefusedRequest() {
		AtomicInteger handled = new AtomicInteger();
		CorsConfiguration configuration = new CorsConfiguration();
		configuration.addAllowedOrigin(APP);
		FastroTestClient client = FastroTestClient.bindTo(
				Routes.builder().get("/counted", (ctx) -> handled.incrementAndGet(), Cors.of(configuration)).build());
		assertThat(client.get("/counted").header("origin", "https://evil.example").exchange()).hasStatus(403);
		assertThat(handled).hasValue(0);
	}

	@Test
	void aRequestWithoutOriginOrFromTheServersOwnGoesOnWithVaryAlone() {
		for (TestResponse response : new TestResponse[] {
				this.client.get("/api/users").header("authorization", "Bearer s3cret").exchange(),
				this.client.get("/api/users")
					.header("host", "shop.example:8080")
					.header("origin", "http://shop.example:8080")
					.header("authorization", "Bearer s3cret")
					.exchange(),
				this.client.delete("/api/users/7")
					.header("origin", "http://localhost")
					.header("authorization", "Bearer s3cret")
					.exchange() }) {
			assertThat(response).hasHeader("vary", VARY).doesNotHaveHeader("access-control-allow-origin");
			assertThat(response.status()).isIn(200, 204);
		}
	}

	@Test
	void routesOutsideTheGroupAreUntouched() {
		assertThat(this.client.get("/public").header("origin", APP).exchange()).hasStatus(200)
			.doesNotHaveHeader("access-control-allow-origin")
			.doesNotHaveHeader("vary");
	}

	@Test
	void theConfigurationIsCopied() {
		CorsConfiguration configuration = new CorsConfiguration();
		configuration.addAllowedOrigin(APP);
		Cors cors = Cors.of(configuration);
		configuration.addAllowedOrigin("https://later.example");
		FastroTestClient client = FastroTestClient.bindTo(Routes.builder().get("/x", (ctx) -> "x", cors).build());
		assertThat(client.get("/x").header("origin", "https://later.example").exchange()).hasStatus(403);
	}

	@Test
	void credentialsForEveryOriginAreRefused() {
		CorsConfiguration configuration = new CorsConfiguration();
		configuration.addAllowedOrigin("*");
		configuration.setAllowCredentials(true);
		assertThatIllegalArgumentException().isThrownBy(() -> Cors.of(configuration));
	}

}
