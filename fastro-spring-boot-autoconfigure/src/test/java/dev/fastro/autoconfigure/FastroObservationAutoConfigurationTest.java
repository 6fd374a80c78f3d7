package dev.fastro.autoconfigure;

import java.time.Duration;

import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.DispatcherWrapper;
import dev.fastro.observation.DefaultFastroServerObservationConvention;
import dev.fastro.observation.FastroServerObservationContext;
import dev.fastro.observation.FastroServerObservationConvention;
import dev.fastro.observation.internal.ObservedDispatcher;
import dev.fastro.server.internal.FastroServer;
import io.micrometer.common.KeyValues;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationProperties;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.TestHttp.get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Requests are observed only when the application has an {@link ObservationRegistry} that
 * observes something; the convention is the application's when it declares one.
 */
class FastroObservationAutoConfigurationTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class, FastroObservationAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(FastroAutoConfigurationTest.HelloRoutes.class);

	@Test
	void observesNothingWithoutARegistry() {
		this.runner.run(context -> assertThat(context).doesNotHaveBean(DispatcherWrapper.class)
			.doesNotHaveBean(FastroServerObservationConvention.class)
			.hasSingleBean(FastroServer.class));
	}

	@Test
	void observesNothingWithoutMicrometer() {
		this.runner.withUserConfiguration(MeteredRegistry.class)
			.withClassLoader(new FilteredClassLoader(ObservationRegistry.class))
			.run(context -> assertThat(context).doesNotHaveBean(DispatcherWrapper.class)
				.doesNotHaveBean(FastroServerObservationConvention.class)
				.hasSingleBean(FastroServer.class));
	}

	@Test
	void leavesTheDispatcherAloneWithARegistryThatObservesNothing() {
		this.runner.withBean(ObservationRegistry.class, ObservationRegistry::create).run(context -> {
			Dispatcher dispatcher = context.getBean(Dispatcher.class);
			assertThat(context.getBean(DispatcherWrapper.class).wrap(dispatcher)).isSameAs(dispatcher);
		});
	}

	@Test
	void observesEveryRequestWithTheDefaultConvention() {
		this.runner.withUserConfiguration(MeteredRegistry.class).run(context -> {
			assertThat(context).hasSingleBean(DefaultFastroServerObservationConvention.class);
			Dispatcher dispatcher = context.getBean(Dispatcher.class);
			assertThat(context.getBean(DispatcherWrapper.class).wrap(dispatcher))
				.isInstanceOf(ObservedDispatcher.class);
			assertThat(get(context.getBean(FastroServer.class).port(), "/hello").statusCode()).isEqualTo(200);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(
						meters.find("http.server.requests").tags("uri", "/hello", "outcome", "SUCCESS").timer())
					.isNotNull());
		});
	}

	@Test
	void namesTheObservationAsBootDoes() {
		this.runner.withUserConfiguration(MeteredRegistry.class)
			.withPropertyValues("management.observations.http.server.requests.name=fastro.requests")
			.run(context -> assertThat(context.getBean(FastroServerObservationConvention.class).getName())
				.isEqualTo("fastro.requests"));
	}

	@Test
	void namesTheObservationHttpServerRequestsWithoutBootsObservationSupport() {
		this.runner.withUserConfiguration(MeteredRegistry.class)
			.withPropertyValues("management.observations.http.server.requests.name=fastro.requests")
			.withClassLoader(new FilteredClassLoader(ObservationProperties.class))
			.run(context -> assertThat(context.getBean(FastroServerObservationConvention.class).getName())
				.isEqualTo("http.server.requests"));
	}

	@Test
	void theApplicationsConventionWins() {
		this.runner.withUserConfiguration(MeteredRegistry.class, CustomConvention.class).run(context -> {
			assertThat(context).hasSingleBean(FastroServerObservationConvention.class);
			assertThat(context.getBean(FastroServerObservationConvention.class))
				.isSameAs(context.getBean("tenantConvention"));
			assertThat(get(context.getBean(FastroServer.class).port(), "/hello").statusCode()).isEqualTo(200);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(
						() -> assertThat(meters.find("custom.requests").tags("uri", "/hello", "tenant", "acme").timer())
							.isNotNull());
			assertThat(meters.find("http.server.requests").timer()).isNull();
		});
	}

	/** A registry that times every observation, as Actuator's does. */
	@Configuration(proxyBeanMethods = false)
	static class MeteredRegistry {

		@Bean
		MeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

		@Bean
		ObservationRegistry observationRegistry(MeterRegistry meters) {
			ObservationRegistry registry = ObservationRegistry.create();
			registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
			return registry;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CustomConvention {

		@Bean
		FastroServerObservationConvention tenantConvention() {
			return new DefaultFastroServerObservationConvention() {

				@Override
				public String getName() {
					return "custom.requests";
				}

				@Override
				public KeyValues getLowCardinalityKeyValues(FastroServerObservationContext context) {
					return super.getLowCardinalityKeyValues(context).and("tenant", "acme");
				}

			};
		}

	}

}
