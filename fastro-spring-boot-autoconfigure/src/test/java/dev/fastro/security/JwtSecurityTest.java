package dev.fastro.security;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;

import com.nimbusds.jose.JOSEException;
import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroSecurityAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.cors.Cors;
import dev.fastro.http.Middleware;
import dev.fastro.http.Routes;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusReactiveJwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.web.cors.CorsConfiguration;

import static dev.fastro.security.SecuredServer.call;
import static dev.fastro.security.SecuredServer.port;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bearer tokens over real HTTP: signed with keys made here, verified against a JWK set
 * served here, and judged by {@link SecurityRules}; each refusal checked by its status,
 * {@code WWW-Authenticate} and problem.
 */
class JwtSecurityTest {

	private static final String INVALID_TOKEN = "Bearer error=\"invalid_token\", error_description=\"%s\", "
			+ "error_uri=\"https://tools.ietf.org/html/rfc6750#section-3.1\"";

	private static Tokens tokens;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class, FastroSecurityAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0");

	private final ApplicationContextRunner jwkSet = this.runner.withUserConfiguration(App.class)
		.withPropertyValues("spring.security.oauth2.resourceserver.jwt.jwk-set-uri=" + tokens.jwkSetUri(),
				"spring.security.oauth2.resourceserver.jwt.jws-algorithms=RS256,ES256",
				"spring.security.oauth2.resourceserver.jwt.audiences=" + Tokens.AUDIENCE);

	@BeforeAll
	static void serveKeys() throws Exception {
		tokens = new Tokens();
	}

	@AfterAll
	static void stopServingKeys() {
		tokens.close();
	}

	@Test
	void validTokensAreAuthenticatedOffTheEventLoopWithTheSetFetchedOnce() {
		tokens.fetches.set(0);
		this.jwkSet.run((context) -> {
			int port = port(context);
			for (String token : new String[] { tokens.rs256(Tokens.claims().build()),
					tokens.es256(Tokens.claims().build()) }) {
				RawResponse response = call(port, "GET", "/me", bearer(token));
				assertThat(response.status()).isEqualTo(200);
				assertThat(response.bodyString()).isEqualTo("ada");
			}
			// The rest of the chain runs where the token was checked, which may fetch
			// keys.
			assertThat(call(port, "GET", "/thread", bearer(tokens.rs256(Tokens.claims().build()))).bodyString())
				.startsWith("fastro-blocking");
			assertThat(tokens.fetches).hasValue(1);
		});
	}

	@Test
	void aRequestWithoutTokenIsAskedForOne() {
		this.jwkSet.run((context) -> {
			int port = port(context);
			for (String[] headers : new String[][] { {}, { "authorization: Basic dXNlcjpwYXNz" } }) {
				RawResponse response = call(port, "GET", "/me", headers);
				assertThat(response.status()).isEqualTo(401);
				assertThat(response.headerValues("www-authenticate")).containsExactly("Bearer");
				assertThat(response.header("content-type")).isEqualTo("application/problem+json");
				assertThat(response.bodyString()).contains("\"status\":401")
					.contains("\"detail\":\"Authentication is required to access this resource\"");
			}
		});
	}

	@Test
	void aBadTokenIsRefusedWithoutTellingWhatItHolds() {
		Instant now = Instant.now();
		this.jwkSet.run((context) -> {
			int port = port(context);
			assertInvalid(port,
					tokens.rs256(Tokens.claims((claims) -> claims.issueTime(Date.from(now.minusSeconds(900)))
						.expirationTime(Date.from(now.minusSeconds(120))))),
					"The token has expired");
			assertInvalid(port,
					tokens.rs256(Tokens.claims((claims) -> claims.notBeforeTime(Date.from(now.plusSeconds(600))))),
					"The token is not valid yet");
			assertInvalid(port, tokens.signedByImpostor(Tokens.claims().build()), "The token is invalid");
			assertInvalid(port, tokens.rs256(Tokens.claims((claims) -> claims.audience("someone-else"))),
					"The token is invalid");
			assertInvalid(port, Tokens.unsigned(Tokens.claims().build()), "The token is invalid");
			assertInvalid(port, "not-a-jwt", "The token is malformed");
			String tampered = tamper(tokens.rs256(Tokens.claims().build()));
			assertInvalid(port, tampered, "The token is invalid");
		});
	}

	@Test
	void aMalformedHeaderIsRefused() {
		this.jwkSet.run((context) -> {
			int port = port(context);
			for (String value : new String[] { "Bearer", "Bearer ", "Bearer a b", "Bearer  abc", "Bearer a=b",
					"Bearerabc" }) {
				RawResponse response = call(port, "GET", "/me", "authorization: " + value);
				assertThat(response.status()).as(value).isEqualTo(401);
				assertThat(response.header("www-authenticate"))
					.isEqualTo(INVALID_TOKEN.formatted("The token is malformed"));
			}
			String token = tokens.rs256(Tokens.claims().build());
			RawResponse twice = call(port, "GET", "/me", bearer(token), bearer(token));
			assertThat(twice.status()).isEqualTo(400);
			assertThat(twice.header("www-authenticate")).isEqualTo("Bearer error=\"invalid_request\", "
					+ "error_description=\"The request has more than one Authorization header\", "
					+ "error_uri=\"https://tools.ietf.org/html/rfc6750#section-3.1\"");
			// The scheme is case-insensitive.
			assertThat(call(port, "GET", "/me", "authorization: bEaReR " + token).status()).isEqualTo(200);
		});
	}

	@Test
	void theApplicationsConverterMakesTheAuthentication() {
		this.jwkSet.withUserConfiguration(OwnConverter.class).run((context) -> {
			RawResponse response = call(port(context), "GET", "/me", bearer(tokens.rs256(Tokens.claims().build())));
			assertThat(response.bodyString()).isEqualTo("user ada");
		});
	}

	@Test
	void keysOutOfReachAreTheServersFault() {
		this.runner.withUserConfiguration(App.class)
			.withPropertyValues("spring.security.oauth2.resourceserver.jwt.jwk-set-uri=http://127.0.0.1:1/jwks")
			.run((context) -> {
				RawResponse response = call(port(context), "GET", "/me", bearer(tokens.rs256(Tokens.claims().build())));
				assertThat(response.status()).isEqualTo(500);
				assertThat(response.header("www-authenticate")).isNull();
			});
	}

	@Test
	void aTokenSignedWithThePublicKeyAsAnHmacSecretIsInvalid() {
		this.jwkSet.run((context) -> assertInvalid(port(context), tokens.hs256WithThePublicKey(Tokens.claims().build()),
				"The token is invalid"));
	}

	@Test
	void aTokenOfAnotherIssuerIsInvalid() {
		this.jwkSet.withPropertyValues("spring.security.oauth2.resourceserver.jwt.issuer-uri=https://login.example")
			.run((context) -> {
				int port = port(context);
				assertThat(call(port, "GET", "/me",
						bearer(tokens.rs256(Tokens.claims((claims) -> claims.issuer("https://login.example")))))
					.status()).isEqualTo(200);
				assertInvalid(port, tokens.rs256(Tokens.claims((claims) -> claims.issuer("https://evil.example"))),
						"The token is invalid");
				assertInvalid(port, tokens.rs256(Tokens.claims().build()), "The token is invalid");
			});
	}

	@Test
	void anApplicationsReactiveDecoderIsAwaitedOffTheEventLoop() {
		this.runner.withUserConfiguration(App.class, ReactiveDecoder.class).run((context) -> {
			assertThat(context).doesNotHaveBean(JwtDecoder.class);
			int port = port(context);
			String token = bearer(tokens.rs256(Tokens.claims().build()));
			assertThat(call(port, "GET", "/me", token).bodyString()).isEqualTo("ada");
			assertThat(call(port, "GET", "/thread", token).bodyString()).startsWith("fastro-blocking");
			assertInvalid(port, tokens.signedByImpostor(Tokens.claims().build()), "The token is invalid");
		});
	}

	@Test
	void aTokenWithoutKeyIdIsVerifiedWithTheKeysOfItsAlgorithm() {
		// Pinned: Nimbus tries every key of the set that fits the algorithm.
		this.jwkSet.run((context) -> assertThat(
				call(port(context), "GET", "/me", bearer(tokens.rs256WithoutKeyId(Tokens.claims().build()))).status())
			.isEqualTo(200));
	}

	@Test
	void rulesDecidePerRoute() {
		this.jwkSet.run((context) -> {
			int port = port(context);
			String plain = bearer(tokens.rs256(Tokens.claims().build()));
			String reader = bearer(tokens.rs256(Tokens.claims((claims) -> claims.claim("scope", "reports:read"))));
			RawResponse forbidden = call(port, "GET", "/reports/7", plain);
			assertThat(forbidden.status()).isEqualTo(403);
			assertThat(forbidden.header("www-authenticate")).isEqualTo("Bearer error=\"insufficient_scope\", "
					+ "error_description=\"The request requires higher privileges than provided by the access token.\", "
					+ "error_uri=\"https://tools.ietf.org/html/rfc6750#section-3.1\", scope=\"reports:read\"");
			assertThat(forbidden.header("content-type")).isEqualTo("application/problem+json");
			assertThat(call(port, "GET", "/reports/7", reader).bodyString()).isEqualTo("report 7");
			assertThat(call(port, "HEAD", "/reports/7", plain).status()).isEqualTo(403);
			assertThat(call(port, "GET", "/public/info").bodyString()).isEqualTo("anonymous");
			assertThat(call(port, "GET", "/public/info", plain).bodyString()).isEqualTo("ada");
			RawResponse badTokenOnOpenRoute = call(port, "GET", "/public/info", bearer("not-a-jwt"));
			assertThat(badTokenOnOpenRoute.status()).isEqualTo(401);
			assertThat(call(port, "GET", "/closed").status()).isEqualTo(401);
			assertThat(call(port, "GET", "/closed", plain).status()).isEqualTo(403);
			assertThat(call(port, "POST", "/orders/ada", plain).bodyString()).isEqualTo("ordered");
			assertThat(call(port, "POST", "/orders/bob", plain).status()).isEqualTo(403);
		});
	}

	@Test
	void requestsThatMatchNoRouteFollowTheRules() {
		this.jwkSet.run((context) -> {
			int port = port(context);
			String plain = bearer(tokens.rs256(Tokens.claims().build()));
			assertThat(call(port, "GET", "/nowhere").status()).isEqualTo(401);
			assertThat(call(port, "GET", "/nowhere", plain).status()).isEqualTo(404);
			assertThat(call(port, "GET", "/public/missing/deeper").status()).isEqualTo(404);
			assertThat(call(port, "DELETE", "/closed", plain).status()).isEqualTo(403);
		});
	}

	@Test
	void aGlobalCorsOrderedFirstPutsItsHeadersOnRefusals() {
		this.jwkSet.withUserConfiguration(GlobalCors.class).run((context) -> {
			RawResponse refused = call(port(context), "GET", "/me", "origin: https://app.example");
			assertThat(refused.status()).isEqualTo(401);
			assertThat(refused.header("access-control-allow-origin")).isEqualTo("https://app.example");
		});
	}

	@Test
	void aPreflightIsAnsweredWithoutToken() {
		this.jwkSet.run((context) -> {
			int port = port(context);
			RawResponse preflight = call(port, "OPTIONS", "/api/users", "origin: https://app.example",
					"access-control-request-method: GET");
			assertThat(preflight.status()).isBetween(200, 204);
			assertThat(preflight.header("access-control-allow-origin")).isEqualTo("https://app.example");
			assertThat(call(port, "GET", "/api/users", "origin: https://app.example").status()).isEqualTo(401);
		});
	}

	@Test
	void aPublicKeyChecksTokensOnTheEventLoopAndBootsKeysMapRoles() throws Exception {
		this.runner.withUserConfiguration(AdminApp.class)
			.withPropertyValues(
					"spring.security.oauth2.resourceserver.jwt.public-key-location=" + tokens.publicKeyUri(),
					"spring.security.oauth2.resourceserver.jwt.authorities-claim-name=roles",
					"spring.security.oauth2.resourceserver.jwt.authority-prefix=ROLE_")
			.run((context) -> {
				int port = port(context);
				String admin = bearer(tokens.rs256(Tokens.claims((claims) -> claims.claim("roles", List.of("ADMIN")))));
				RawResponse stats = call(port, "GET", "/admin/stats", admin);
				assertThat(stats.status()).isEqualTo(200);
				assertThat(stats.bodyString()).startsWith("reactor-http-");
				String user = bearer(tokens.rs256(Tokens.claims((claims) -> claims.claim("roles", List.of("USER")))));
				assertThat(call(port, "GET", "/admin/stats", user).status()).isEqualTo(403);
				assertThat(call(port, "GET", "/admin", user).status()).isEqualTo(403);
				assertThat(call(port, "GET", "/me", user).bodyString()).isEqualTo("ada");
				// Through the application's role hierarchy.
				assertThat(call(port, "GET", "/reports", admin).status()).isEqualTo(200);
				assertThat(call(port, "GET", "/reports", user).status()).isEqualTo(200);
				assertInvalid(port, tokens.es256(Tokens.claims().build()), "The token is invalid");
			});
	}

	private static void assertInvalid(int port, String token, String description) throws Exception {
		RawResponse response = call(port, "GET", "/me", bearer(token));
		assertThat(response.status()).as(description).isEqualTo(401);
		assertThat(response.header("www-authenticate")).isEqualTo(INVALID_TOKEN.formatted(description));
		assertThat(response.header("content-type")).isEqualTo("application/problem+json");
		assertThat(response.bodyString()).contains("\"detail\":\"" + description + "\"")
			.doesNotContain("ada")
			.doesNotContain("Jwt")
			.doesNotContain(Tokens.AUDIENCE);
	}

	/** The token with its payload changed and its signature kept. */
	private static String tamper(String token) {
		String[] parts = token.split("\\.");
		String payload = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
		String changed = Base64.getUrlEncoder()
			.withoutPadding()
			.encodeToString(payload.replace("\"ada\"", "\"eve\"").getBytes(StandardCharsets.UTF_8));
		return parts[0] + "." + changed + "." + parts[2];
	}

	private static String bearer(String token) {
		return "authorization: Bearer " + token;
	}

	@Configuration(proxyBeanMethods = false)
	static class App {

		@Bean
		Routes routes() {
			CorsConfiguration cors = new CorsConfiguration();
			cors.addAllowedOrigin("https://app.example");
			cors.addAllowedMethod("GET");
			return Routes.builder()
				.get("/me", (ctx) -> ctx.principal().getName())
				.get("/thread", (ctx) -> Thread.currentThread().getName())
				.get("/reports/{id}", (ctx) -> "report " + ctx.param("id"))
				.get("/public/info", (ctx) -> (ctx.principal() != null) ? ctx.principal().getName() : "anonymous")
				.get("/closed", (ctx) -> "never")
				.post("/orders/{id}", (ctx) -> "ordered")
				.group("/api", (api) -> api.use(Cors.of(cors)).get("/users", (ctx) -> "users"))
				.build();
		}

		@Bean
		SecurityRules securityRules() {
			return SecurityRules.builder()
				.route("GET", "/reports/{id}")
				.hasScope("reports:read")
				.route("/public/*")
				.permitAll()
				.route("/closed")
				.denyAll()
				.route("POST", "/orders/{id}")
				.access((authentication,
						ctx) -> new AuthorizationDecision(ctx.param("id").equals(authentication.get().getName())))
				.anyRoute()
				.authenticated()
				.build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnConverter {

		@Bean
		Converter<Jwt, JwtAuthenticationToken> userConverter() {
			return (jwt) -> new JwtAuthenticationToken(jwt, List.of(), "user " + jwt.getSubject());
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ReactiveDecoder {

		@Bean
		ReactiveJwtDecoder reactiveJwtDecoder() throws JOSEException {
			return NimbusReactiveJwtDecoder.withPublicKey(tokens.rsa.toRSAPublicKey()).build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class GlobalCors {

		@Bean
		@Order(Ordered.HIGHEST_PRECEDENCE)
		Middleware cors() {
			CorsConfiguration cors = new CorsConfiguration();
			cors.addAllowedOrigin("https://app.example");
			cors.addAllowedMethod("GET");
			return Cors.of(cors);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class AdminApp {

		@Bean
		Routes routes() {
			return Routes.builder()
				.get("/admin", (ctx) -> "admin")
				.get("/admin/stats", (ctx) -> Thread.currentThread().getName())
				.get("/me", (ctx) -> ctx.principal().getName())
				.get("/reports", (ctx) -> "reports")
				.build();
		}

		@Bean
		SecurityRules securityRules() {
			return SecurityRules.builder()
				.group("/admin")
				.hasRole("ADMIN")
				.route("/reports")
				.hasRole("USER")
				.anyRoute()
				.authenticated()
				.build();
		}

		@Bean
		RoleHierarchy roleHierarchy() {
			return RoleHierarchyImpl.fromHierarchy("ROLE_ADMIN > ROLE_USER");
		}

	}

}
