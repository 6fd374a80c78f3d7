package dev.fastro.security;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroSecurityAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
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

import static dev.fastro.security.SecuredServer.get;
import static dev.fastro.security.SecuredServer.port;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Opaque bearer tokens asked about at an introspection endpoint served here (RFC 7662),
 * with Spring Boot's {@code opaquetoken} keys.
 */
class OpaqueTokenSecurityTest {

	private static HttpServer authorizationServer;

	/** The client credentials the last introspection request carried. */
	private static final AtomicReference<String> clientCredentials = new AtomicReference<>();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class, FastroSecurityAutoConfiguration.class))
		.withUserConfiguration(App.class)
		.withPropertyValues("fastro.server.port=0",
				"spring.security.oauth2.resourceserver.opaquetoken.introspection-uri=http://127.0.0.1:"
						+ authorizationServer.getAddress().getPort() + "/introspect",
				"spring.security.oauth2.resourceserver.opaquetoken.client-id=orders",
				"spring.security.oauth2.resourceserver.opaquetoken.client-secret=s3cret");

	@BeforeAll
	static void serveIntrospection() throws IOException {
		authorizationServer = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		authorizationServer.createContext("/introspect", OpaqueTokenSecurityTest::introspect);
		authorizationServer.start();
	}

	@AfterAll
	static void stopServing() {
		authorizationServer.stop(0);
	}

	@Test
	void anActiveTokenIsAuthenticatedOffTheEventLoop() {
		this.runner.run((context) -> {
			int port = port(context);
			RawResponse me = get(port, "/reports/me", "authorization: Bearer reader-token");
			assertThat(me.status()).isEqualTo(200);
			assertThat(me.bodyString()).isEqualTo("ada on fastro-blocking");
			assertThat(clientCredentials.get())
				.isEqualTo("Basic " + Base64.getEncoder().encodeToString("orders:s3cret".getBytes()));
			RawResponse forbidden = get(port, "/reports/me", "authorization: Bearer plain-token");
			assertThat(forbidden.status()).isEqualTo(403);
			assertThat(forbidden.header("www-authenticate")).startsWith("Bearer error=\"insufficient_scope\"")
				.contains("scope=\"reports\"");
		});
	}

	@Test
	void anInactiveTokenIsInvalid() {
		this.runner.run((context) -> {
			RawResponse refused = get(port(context), "/reports/me", "authorization: Bearer revoked-token");
			assertThat(refused.status()).isEqualTo(401);
			assertThat(refused.header("www-authenticate"))
				.startsWith("Bearer error=\"invalid_token\", error_description=\"The token is invalid\"");
		});
	}

	@Test
	void anAuthorizationServerThatFailsIsTheServersFault() {
		this.runner.run((context) -> assertThat(
				get(port(context), "/reports/me", "authorization: Bearer failing-token").status())
			.isEqualTo(500));
	}

	@Test
	void tokensCannotBeBothJwtsAndOpaque() {
		this.runner.withPropertyValues("spring.security.oauth2.resourceserver.jwt.jwk-set-uri=http://127.0.0.1:1/jwks")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("spring.security.oauth2.resourceserver.jwt")
				.hasMessageContaining("spring.security.oauth2.resourceserver.opaquetoken"));
	}

	/** Answers as an authorization server would for each of the test's tokens. */
	private static void introspect(HttpExchange exchange) throws IOException {
		clientCredentials.set(exchange.getRequestHeaders().getFirst("authorization"));
		String form = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
		String answer;
		int status = 200;
		if (form.contains("token=reader-token")) {
			answer = "{\"active\":true,\"sub\":\"ada\",\"scope\":\"read reports\"}";
		}
		else if (form.contains("token=plain-token")) {
			answer = "{\"active\":true,\"sub\":\"bob\",\"scope\":\"read\"}";
		}
		else if (form.contains("token=failing-token")) {
			answer = "{}";
			status = 503;
		}
		else {
			answer = "{\"active\":false}";
		}
		byte[] body = answer.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("content-type", "application/json");
		exchange.sendResponseHeaders(status, body.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(body);
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class App {

		@Bean
		Routes routes() {
			return Routes.builder()
				.get("/reports/me",
						(ctx) -> ctx.principal().getName() + " on "
								+ Thread.currentThread().getName().replaceAll("-\\d+$", ""))
				.build();
		}

		@Bean
		SecurityRules securityRules() {
			return SecurityRules.builder().group("/reports").hasScope("reports").anyRoute().authenticated().build();
		}

	}

}
