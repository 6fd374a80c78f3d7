package dev.fastro.test.autoconfigure;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The client of {@link AutoConfigureFastroTestClient}: in process without a server, over
 * HTTP to a running one, none without Fastro.
 */
class FastroTestClientAutoConfigurationTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroTestClientAutoConfiguration.class))
		.withUserConfiguration(HelloRoutes.class);

	@Test
	void drivesTheDispatcherInProcessWithoutAServer() {
		this.runner.run(context -> {
			assertThat(context).hasSingleBean(FastroTestClient.class).doesNotHaveBean(FastroServer.class);
			assertThat(context.getBean(FastroTestClient.class).get("/").exchange()).hasStatus(200)
				.doesNotHaveHeader("date")
				.hasBody("Hello");
		});
	}

	@Test
	void callsTheRunningServerOverHttp() {
		this.runner.withConfiguration(AutoConfigurations.of(FastroServerAutoConfiguration.class))
			.withPropertyValues("fastro.server.port=0")
			.run(context -> {
				assertThat(context).hasSingleBean(FastroTestClient.class).hasSingleBean(FastroServer.class);
				// Only the server writes a Date header.
				assertThat(context.getBean(FastroTestClient.class).get("/").exchange()).hasStatus(200)
					.hasBody("Hello")
					.satisfies(response -> assertThat(response.header("date")).isNotBlank());
			});
	}

	@Test
	void backsOffWithoutFastro() {
		this.runner.withPropertyValues("fastro.enabled=false")
			.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(FastroTestClient.class));
	}

	@Test
	void backsOffForTheTestsOwnClient() {
		this.runner.withBean("mine", FastroTestClient.class, () -> FastroTestClient.bindTo(Routes.builder().build()))
			.run(context -> assertThat(context).getBean(FastroTestClient.class).isSameAs(context.getBean("mine")));
	}

	@Configuration(proxyBeanMethods = false)
	static class HelloRoutes {

		@Bean
		Routes hello() {
			return Routes.builder().get("/", ctx -> "Hello").build();
		}

	}

}
