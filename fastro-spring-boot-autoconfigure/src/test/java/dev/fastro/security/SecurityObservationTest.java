package dev.fastro.security;

import java.time.Duration;
import java.util.List;

import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Refusals are requests like any other to the {@code http.server.requests} observation
 * and the access log: a 401 and a 403 recorded with their status, the route, and
 * {@code CLIENT_ERROR}.
 */
@ExtendWith(OutputCaptureExtension.class)
class SecurityObservationTest {

	private static Tokens tokens;

	private static ConfigurableApplicationContext context;

	@BeforeAll
	static void start() throws Exception {
		tokens = new Tokens();
		context = new SpringApplicationBuilder(SecuredApp.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.server.access-log.enabled=true",
					"spring.security.oauth2.resourceserver.jwt.public-key-location=" + tokens.publicKeyUri(),
					"spring.security.oauth2.resourceserver.jwt.authorities-claim-name=roles",
					"spring.security.oauth2.resourceserver.jwt.authority-prefix=ROLE_")
			.run();
	}

	@AfterAll
	static void stop() {
		context.close();
		tokens.close();
	}

	@Test
	void refusalsAreObservedAndLoggedWithTheirStatus(CapturedOutput output) throws Exception {
		int port = context.getBean(FastroServer.class).port();
		String user = "authorization: Bearer "
				+ tokens.rs256(Tokens.claims((claims) -> claims.claim("roles", List.of("USER"))));
		try (RawHttp wire = new RawHttp(port, Duration.ofSeconds(10))) {
			assertThat(wire.send(rawRequest("GET", "/admin/stats")).read().status()).isEqualTo(401);
			assertThat(wire.send(rawRequest("GET", "/admin/stats", user)).read().status()).isEqualTo(403);
		}
		MeterRegistry meters = context.getBean(MeterRegistry.class);
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			for (String status : new String[] { "401", "403" }) {
				assertThat(meters.find("http.server.requests")
					.tags("uri", "/admin/stats", "status", status, "outcome", "CLIENT_ERROR", "exception",
							"SecurityRefusal")
					.timer()).as(status).isNotNull();
			}
			assertThat(output.getAll())
				.containsPattern("\"GET /admin/stats HTTP/1.1\" 401 \\d+ \\d+ route=/admin/stats")
				.containsPattern("\"GET /admin/stats HTTP/1.1\" 403 \\d+ \\d+ route=/admin/stats");
		});
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class SecuredApp {

		@Bean
		Routes routes() {
			return Routes.builder().get("/admin/stats", (ctx) -> "stats").build();
		}

		@Bean
		SecurityRules securityRules() {
			return SecurityRules.builder().group("/admin").hasRole("ADMIN").anyRoute().authenticated().build();
		}

	}

}
