package dev.fastro.docs.routes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.http.Routes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * "Start-up failures" of the Routes page: the reports it shows are the ones Spring Boot
 * prints.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupFailuresTest {

	private static final Path PAGE = Path.of(System.getProperty("docs.root", ".."), "docs", "routes.md");

	@Test
	void twoRoutesThatCollideNameTheirBeans(CapturedOutput output) throws IOException {
		assertThatException().isThrownBy(() -> start(Colliding.class));
		assertThat(output).contains("APPLICATION FAILED TO START");
		reportShownByThePageIs(output, """
				Description:

				Two Fastro routes match the same paths:

				    GET /users/{id} (bean 'userRoutes', route #2)
				    GET /users/{name} (bean 'adminRoutes', route #1)
				""");
	}

	@Test
	void aMalformedPatternIsShownWithWhereItIsWrong(CapturedOutput output) throws IOException {
		assertThatException().isThrownBy(() -> start(Malformed.class));
		reportShownByThePageIs(output,
				"""
						Description:

						The Fastro route pattern '/orders/{id}-{line}' (bean 'orderRoutes', route #1) is malformed at position 12: \
						a parameter must span the whole segment.

						    /orders/{id}-{line}
						                ^
						""");
	}

	private static void reportShownByThePageIs(CapturedOutput output, String report) throws IOException {
		assertThat(output.getOut()).contains(report);
		assertThat(Files.readString(PAGE)).contains(report);
	}

	private static void start(Class<?> configuration) {
		new SpringApplicationBuilder(configuration).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0")
			.run()
			.close();
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(FastroAutoConfiguration.class)
	static class Colliding {

		@Bean
		Routes userRoutes() {
			return Routes.builder().get("/users/me", (ctx) -> "me").get("/users/{id}", (ctx) -> "user").build();
		}

		@Bean
		Routes adminRoutes() {
			return Routes.builder().get("/users/{name}", (ctx) -> "admin").build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(FastroAutoConfiguration.class)
	static class Malformed {

		@Bean
		Routes orderRoutes() {
			return Routes.builder().get("/orders/{id}-{line}", (ctx) -> "line").build();
		}

	}

}
