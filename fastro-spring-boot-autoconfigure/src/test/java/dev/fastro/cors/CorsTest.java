package dev.fastro.cors;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.http.HttpException;
import dev.fastro.http.Middleware;
import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.cors.CorsConfiguration;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Cross-origin requests answered by {@link Cors} over real HTTP, given to a group and
 * declared as a global middleware bean.
 */
class CorsTest {

	private static final String APP = "origin: https://app.example";

	private static final String PREFLIGHT_PUT = "access-control-request-method: PUT";

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0");

	@Test
	void anAllowedOriginGetsItsHeadersAndTheAnswer() {
		this.runner.withUserConfiguration(GroupCors.class).run(context -> {
			int port = context.getBean(FastroServer.class).port();
			RawResponse response = call(port, "GET", "/api/users", APP);
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo("users");
			assertThat(response.header("access-control-allow-origin")).isEqualTo("https://app.example");
			assertThat(response.header("access-control-allow-credentials")).isEqualTo("true");
			assertThat(response.header("access-control-expose-headers")).isEqualTo("x-total");
			assertThat(response.header("access-control-allow-methods")).isNull();
			assertThat(response.header("vary"))
				.isEqualTo("Origin, Access-Control-Request-Method, Access-Control-Request-Headers");
		});
	}

	@Test
	void anErrorAnswerKeepsTheHeadersSoThatTheBrowserShowsIt() {
		this.runner.withUserConfiguration(GroupCors.class).run(context -> {
			RawResponse response = call(context.getBean(FastroServer.class).port(), "GET", "/api/missing", APP);
			assertThat(response.status()).isEqualTo(404);
			assertThat(response.header("access-control-allow-origin")).isEqualTo("https://app.example");
		});
	}

	@Test
	void aRequestWithoutOriginOrFromTheServersOwnIsNoCorsRequest() {
		this.runner.withUserConfiguration(GroupCors.class).run(context -> {
			int port = context.getBean(FastroServer.class).port();
			for (String[] headers : new String[][] { {}, { "origin: http://localhost" },
					{ "origin: http://LOCALHOST:80" } }) {
				RawResponse response = call(port, "GET", "/api/users", headers);
				assertThat(response.status()).isEqualTo(200);
				assertThat(response.header("access-control-allow-origin")).isNull();
				assertThat(response.header("vary")).startsWith("Origin");
			}
			// Another port is another origin.
			assertThat(call(port, "GET", "/api/users", "origin: http://localhost:8080").status()).isEqualTo(403);
			assertThat(context.getBean(AtomicInteger.class)).hasValue(3);
		});
	}

	@Test
	void behindAProxyTheOriginIsComparedWithTheOneTheProxyNames() {
		this.runner.withUserConfiguration(GroupCors.class)
			.withPropertyValues("fastro.server.forward-headers-strategy=native")
			.run(context -> {
				int port = context.getBean(FastroServer.class).port();
				// One IPv6 address, spelled two ways: the same origin.
				RawResponse ipv6 = call(port, "GET", "/api/users", "x-forwarded-host: [::1]:8443",
						"x-forwarded-proto: https", "origin: https://[0:0:0:0:0:0:0:1]:8443");
				assertThat(ipv6.status()).isEqualTo(200);
				assertThat(ipv6.header("access-control-allow-origin")).isNull();
				RawResponse other = call(port, "GET", "/api/users", "x-forwarded-host: [::2]:8443",
						"x-forwarded-proto: https", "origin: https://[0:0:0:0:0:0:0:1]:8443");
				assertThat(other.status()).isEqualTo(403);
			});
	}

	@Test
	void anOriginNotAllowedIsA403AndTheHandlerDoesNotRun() {
		this.runner.withUserConfiguration(GroupCors.class).run(context -> {
			int port = context.getBean(FastroServer.class).port();
			// https://later.example was allowed after Cors.of had copied the
			// configuration.
			for (String origin : new String[] { "https://evil.example", "null", "http://app.example",
					"https://app.example:8443", "https://later.example" }) {
				RawResponse response = call(port, "GET", "/api/users", "origin: " + origin);
				assertThat(response.status()).isEqualTo(403);
				assertThat(response.header("content-type")).isEqualTo("application/problem+json");
				assertThat(response.bodyString())
					.contains("Cross-origin requests from '" + origin + "' are not allowed");
				assertThat(response.header("access-control-allow-origin")).isNull();
			}
			assertThat(context.getBean(AtomicInteger.class)).hasValue(0);
		});
	}

	@Test
	void aMethodNotAllowedIsA403NamingTheAllowedOnes() {
		this.runner.withUserConfiguration(GroupCors.class).run(context -> {
			RawResponse response = call(context.getBean(FastroServer.class).port(), "DELETE", "/api/users/7", APP);
			assertThat(response.status()).isEqualTo(403);
			assertThat(response.bodyString())
				.contains("Cross-origin DELETE requests are not allowed; allowed: GET, PUT");
			assertThat(context.getBean(AtomicInteger.class)).hasValue(0);
		});
	}

	@Test
	void aPreflightIsAnsweredByTheCorsOfTheRouteItAsksAbout() {
		this.runner.withUserConfiguration(GroupCors.class).run(context -> {
			int port = context.getBean(FastroServer.class).port();
			RawResponse response = call(port, "OPTIONS", "/api/users/7", APP, PREFLIGHT_PUT,
					"access-control-request-headers: Content-Type, x-tenant");
			assertThat(response.status()).isEqualTo(204);
			assertThat(response.body()).isEmpty();
			assertThat(response.header("access-control-allow-origin")).isEqualTo("https://app.example");
			assertThat(response.header("access-control-allow-methods")).isEqualTo("GET, PUT");
			assertThat(response.header("access-control-allow-headers")).isEqualTo("Content-Type, x-tenant");
			assertThat(response.header("access-control-max-age")).isEqualTo("600");
			assertThat(response.header("access-control-allow-credentials")).isEqualTo("true");
			assertThat(response.header("access-control-expose-headers")).isNull();
			assertThat(context.getBean(AtomicInteger.class)).hasValue(0);
		});
	}

	@Test
	void aPreflightAskingForWhatIsNotAllowedIsA403NamingIt() {
		this.runner.withUserConfiguration(GroupCors.class).run(context -> {
			int port = context.getBean(FastroServer.class).port();
			RawResponse method = call(port, "OPTIONS", "/api/users/7", APP, "access-control-request-method: DELETE");
			assertThat(method.status()).isEqualTo(403);
			assertThat(method.bodyString()).contains("Cross-origin DELETE requests are not allowed; allowed: GET, PUT");
			// No route takes DELETE here, so no Cors is asked: the answer is the path's
			// Allow.
			RawResponse noRoute = call(port, "OPTIONS", "/api/users", APP, "access-control-request-method: DELETE");
			assertThat(noRoute.status()).isEqualTo(204);
			assertThat(noRoute.header("allow")).isEqualTo("GET, HEAD, OPTIONS");
			assertThat(noRoute.header("access-control-allow-origin")).isNull();
			RawResponse onRoute = call(port, "OPTIONS", "/api/users/7", APP, "access-control-request-method: GET",
					"access-control-request-headers: x-secret");
			assertThat(onRoute.status()).isEqualTo(403);
			assertThat(onRoute.bodyString())
				.contains("Cross-origin requests may not send the headers x-secret; allowed: content-type, x-tenant");
		});
	}

	@Test
	void routesOutsideTheGroupAnswerNoCors() {
		this.runner.withUserConfiguration(GroupCors.class).run(context -> {
			int port = context.getBean(FastroServer.class).port();
			RawResponse preflight = call(port, "OPTIONS", "/public", APP, "access-control-request-method: GET");
			assertThat(preflight.status()).isEqualTo(204);
			assertThat(preflight.header("allow")).isEqualTo("GET, HEAD, OPTIONS");
			assertThat(preflight.header("access-control-allow-origin")).isNull();
			RawResponse get = call(port, "GET", "/public", APP);
			assertThat(get.status()).isEqualTo(200);
			assertThat(get.header("access-control-allow-origin")).isNull();
			assertThat(get.header("vary")).isNull();
		});
	}

	@Test
	void asAGlobalMiddlewareItAnswersPreflightsOnEveryPath() {
		this.runner.withUserConfiguration(GlobalCors.class).run(context -> {
			int port = context.getBean(FastroServer.class).port();
			for (String path : new String[] { "/public", "/nowhere" }) {
				RawResponse preflight = call(port, "OPTIONS", path, "origin: https://any.example",
						"access-control-request-method: PATCH");
				assertThat(preflight.status()).isEqualTo(204);
				assertThat(preflight.header("access-control-allow-origin")).isEqualTo("*");
				assertThat(preflight.header("access-control-allow-methods")).isEqualTo("PATCH");
			}
			RawResponse notFound = call(port, "GET", "/nowhere", "origin: https://any.example");
			assertThat(notFound.status()).isEqualTo(404);
			assertThat(notFound.header("access-control-allow-origin")).isEqualTo("*");
		});
	}

	@Test
	void credentialsForEveryOriginFailAtOnce() {
		CorsConfiguration configuration = new CorsConfiguration();
		configuration.addAllowedOrigin("*");
		configuration.setAllowCredentials(true);
		assertThatIllegalArgumentException().isThrownBy(() -> Cors.of(configuration))
			.withMessageContaining("allowCredentials");
	}

	private static RawResponse call(int port, String method, String path, String... headers) throws Exception {
		try (RawHttp wire = new RawHttp(port, Duration.ofSeconds(10))) {
			return wire.send(rawRequest(method, path, headers)).read();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class GroupCors {

		@Bean
		AtomicInteger handled() {
			return new AtomicInteger();
		}

		@Bean
		Routes routes(AtomicInteger handled) {
			CorsConfiguration cors = new CorsConfiguration();
			cors.addAllowedOrigin("https://app.example");
			cors.addAllowedMethod("GET");
			cors.addAllowedMethod("PUT");
			cors.addAllowedHeader("content-type");
			cors.addAllowedHeader("x-tenant");
			cors.addExposedHeader("x-total");
			cors.setAllowCredentials(true);
			cors.setMaxAge(Duration.ofMinutes(10));
			Cors of = Cors.of(cors);
			cors.addAllowedOrigin("https://later.example");
			return Routes.builder()
				.get("/public", (ctx) -> "public")
				.group("/api", (api) -> api.use(of).get("/users", (ctx) -> {
					handled.incrementAndGet();
					return "users";
				}).get("/users/{id}", (ctx) -> {
					handled.incrementAndGet();
					return "user " + ctx.param("id");
				}).put("/users/{id}", (ctx) -> {
					handled.incrementAndGet();
					return "saved";
				}).delete("/users/{id}", (ctx) -> {
					handled.incrementAndGet();
					return "deleted";
				}).get("/missing", (ctx) -> {
					throw HttpException.notFound("No such thing");
				}))
				.build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class GlobalCors {

		@Bean
		Middleware cors() {
			CorsConfiguration cors = new CorsConfiguration();
			cors.addAllowedOrigin("*");
			cors.addAllowedMethod("*");
			return Cors.of(cors);
		}

		@Bean
		Routes routes() {
			return Routes.builder().get("/public", (ctx) -> "public").build();
		}

	}

}
