package dev.fastro.autoconfigure;

import java.time.Duration;

import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * On Reactor Netty's exchange ({@code fastro.server.http1-exchange=reactor-netty}), a
 * request Fastro refuses as malformed is answered and logged in the access log, without a
 * warning from Reactor Netty, unless the application sets that logger's level itself.
 */
@ExtendWith(OutputCaptureExtension.class)
class LoggingDefaultsTest {

	private static final String REFUSED = "GET /hello HTTP/1.1\r\nhost: a b\r\n\r\n";

	@Test
	void reactorNettyWarnsOfNoRefusedRequest(CapturedOutput output) throws Exception {
		try (ConfigurableApplicationContext context = run()) {
			assertThat(context.getBean(FastroServer.class).servesHttp1Exchanges()).isFalse();
			assertThat(refuse(context)).isEqualTo(400);
			// Reactor Netty would warn before the answer is written, the access log
			// writes its line once it has been.
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(output.getAll()).contains("\"GET /hello HTTP/1.1\" 400 "));
			assertThat(output.getAll()).doesNotContain("Decoding failed");
		}
	}

	@Test
	void theApplicationsOwnLevelWins(CapturedOutput output) throws Exception {
		try (ConfigurableApplicationContext context = run(
				"logging.level.reactor.netty.http.server.HttpServerOperations=warn")) {
			assertThat(refuse(context)).isEqualTo(400);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(output.getAll()).contains("Decoding failed"));
		}
	}

	private static ConfigurableApplicationContext run(String... properties) {
		return new SpringApplicationBuilder(HelloApp.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.server.access-log.enabled=true",
					"fastro.server.http1-exchange=reactor-netty")
			.properties(properties)
			.run();
	}

	private static int refuse(ConfigurableApplicationContext context) throws Exception {
		try (RawHttp wire = new RawHttp(context.getBean(FastroServer.class).port())) {
			return wire.send(REFUSED).read().status();
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
			FastroServerAutoConfiguration.class })
	static class HelloApp {

		@Bean
		Routes hello() {
			return Routes.builder().get("/hello", ctx -> "Hello").build();
		}

	}

}
