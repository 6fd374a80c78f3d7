package dev.fastro.autoconfigure;

import java.time.Duration;

import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With {@code fastro.server.access-log.enabled}, every request gets one line on Reactor
 * Netty's access-log logger, with the pattern of the route it reached.
 */
@ExtendWith(OutputCaptureExtension.class)
class AccessLogTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0", "fastro.server.access-log.enabled=true",
				"fastro.server.max-body-size=16B")
		.withUserConfiguration(LoggedRoutes.class);

	@Test
	void logsOneLinePerRequestWithItsRoute(CapturedOutput output) {
		this.runner.run(context -> {
			int port = context.getBean(FastroServer.class).port();
			try (RawHttp wire = new RawHttp(port)) {
				assertThat(wire.send(rawRequest("GET", "/users/7?x=1")).read().status()).isEqualTo(200);
				assertThat(wire.send(rawRequest("GET", "/nope")).read().status()).isEqualTo(404);
				assertThat(
						wire.send(rawRequest("POST", "/echo", "content-length: 17") + "x".repeat(17)).read().status())
					.isEqualTo(413);
			}
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(output.getAll())
					.containsPattern("reactor.netty.http.server.AccessLog\\W.*127.0.0.1 - - \\[[^]]+\\] "
							+ "\"GET /users/7\\?x=1 HTTP/1.1\" 200 1 \\d+ route=/users/\\{id\\}")
					.containsPattern("\"GET /nope HTTP/1.1\" 404 \\d+ \\d+ route=-")
					.containsPattern("\"POST /echo HTTP/1.1\" 413 \\d+ \\d+ route=/echo"));
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class LoggedRoutes {

		@Bean
		Routes logged() {
			return Routes.builder()
				.get("/users/{id}", ctx -> ctx.param("id"))
				.post("/echo", ctx -> ctx.bodyString())
				.build();
		}

	}

}
