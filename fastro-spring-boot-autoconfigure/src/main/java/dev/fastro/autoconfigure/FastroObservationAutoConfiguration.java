package dev.fastro.autoconfigure;

import dev.fastro.http.internal.DispatcherWrapper;
import dev.fastro.observation.DefaultFastroServerObservationConvention;
import dev.fastro.observation.FastroServerObservationConvention;
import dev.fastro.observation.internal.ObservedDispatcher;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Observes every request Fastro serves as {@code http.server.requests}, when the
 * application has an {@link ObservationRegistry} (Spring Boot Actuator provides one): its
 * timer then carries the keys Spring WebFlux gives it, and with a Micrometer Tracing
 * bridge each request is a span that continues the client's trace. Spring Boot's
 * {@code management.observations.http.server.requests.name} renames it, as it renames the
 * observations of MVC and WebFlux; a {@link FastroServerObservationConvention} bean
 * replaces the default convention. A registry that observes nothing leaves the server as
 * it is, decided at start-up.
 */
@AutoConfiguration(
		afterName = "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration")
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
@ConditionalOnClass(ObservationRegistry.class)
@ConditionalOnBean(ObservationRegistry.class)
public class FastroObservationAutoConfiguration {

	/**
	 * The default convention, named by Spring Boot's
	 * {@code management.observations.http.server.requests.name} as Boot names the
	 * observations of MVC and WebFlux.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(ObservationProperties.class)
	@EnableConfigurationProperties(ObservationProperties.class)
	static class NamedByBoot {

		@Bean
		@ConditionalOnMissingBean(FastroServerObservationConvention.class)
		DefaultFastroServerObservationConvention fastroServerObservationConvention(ObservationProperties properties) {
			return new DefaultFastroServerObservationConvention(
					properties.getHttp().getServer().getRequests().getName());
		}

	}

	/** The default convention, where Spring Boot's observation support is not. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingClass("org.springframework.boot.micrometer.observation.autoconfigure.ObservationProperties")
	static class NamedByDefault {

		@Bean
		@ConditionalOnMissingBean(FastroServerObservationConvention.class)
		DefaultFastroServerObservationConvention fastroServerObservationConvention() {
			return new DefaultFastroServerObservationConvention();
		}

	}

	/**
	 * Wraps the dispatcher in its observation unless the registry, once every handler has
	 * been registered, observes nothing. It is the outermost wrapper but for those
	 * ordered before it, so that what it wraps runs inside the observation.
	 */
	@Bean
	@Order(Ordered.LOWEST_PRECEDENCE - 1)
	DispatcherWrapper fastroObservedDispatcher(ObservationRegistry registry,
			FastroServerObservationConvention convention) {
		return (dispatcher) -> registry.isNoop() ? dispatcher
				: new ObservedDispatcher(dispatcher, registry, convention);
	}

}
