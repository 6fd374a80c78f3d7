package dev.fastro.test.autoconfigure;

import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroObservationAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.http.Routes;
import dev.fastro.observation.FastroServerObservationContext;
import dev.fastro.test.client.FastroTestClient;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
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
	void drivesThePipelineInProcessWithoutAServer() {
		this.runner.run(context -> {
			assertThat(context).hasSingleBean(FastroTestClient.class)
				.doesNotHaveBean(FastroServerAutoConfiguration.class);
			// Only the server writes a Date header.
			assertThat(context.getBean(FastroTestClient.class).get("/").exchange()).hasStatus(200)
				.doesNotHaveHeader("date")
				.hasBody("Hello");
		});
	}

	@Test
	void observesInProcessRequestsAsTheServerDoes() {
		AtomicInteger observed = new AtomicInteger();
		this.runner.withConfiguration(AutoConfigurations.of(FastroObservationAutoConfiguration.class))
			.withBean(ObservationRegistry.class, () -> countingStops(observed))
			.run(context -> {
				assertThat(context.getBean(FastroTestClient.class).get("/").exchange()).hasStatus(200);
				assertThat(observed).hasValue(1);
			});
	}

	/** A registry whose one handler counts the requests observed to their end. */
	private static ObservationRegistry countingStops(AtomicInteger stopped) {
		ObservationRegistry registry = ObservationRegistry.create();
		registry.observationConfig().observationHandler(new ObservationHandler<FastroServerObservationContext>() {

			@Override
			public boolean supportsContext(Observation.Context context) {
				return context instanceof FastroServerObservationContext;
			}

			@Override
			public void onStop(FastroServerObservationContext context) {
				stopped.incrementAndGet();
			}

		});
		return registry;
	}

	@Test
	void callsTheRunningServerOverHttp() {
		this.runner.withConfiguration(AutoConfigurations.of(FastroServerAutoConfiguration.class))
			.withPropertyValues("fastro.server.port=0")
			.run(context -> {
				assertThat(context).hasSingleBean(FastroTestClient.class);
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
