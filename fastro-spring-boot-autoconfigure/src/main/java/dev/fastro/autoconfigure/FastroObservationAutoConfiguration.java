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
import org.springframework.context.annotation.Bean;

/**
 * Observes every request Fastro serves as {@code http.server.requests}, when the
 * application has an {@link ObservationRegistry} (Spring Boot Actuator provides one): its
 * timer then carries the keys Spring WebFlux gives it, and with a Micrometer Tracing
 * bridge each request is a span that continues the client's trace. A
 * {@link FastroServerObservationConvention} bean replaces the default convention. A
 * registry that observes nothing leaves the server as it is, decided at start-up.
 */
@AutoConfiguration(
		afterName = "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration")
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
@ConditionalOnClass(ObservationRegistry.class)
@ConditionalOnBean(ObservationRegistry.class)
public class FastroObservationAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(FastroServerObservationConvention.class)
	DefaultFastroServerObservationConvention fastroServerObservationConvention() {
		return new DefaultFastroServerObservationConvention();
	}

	/**
	 * Wraps the dispatcher in its observation unless the registry, once every handler has
	 * been registered, observes nothing.
	 */
	@Bean
	@ConditionalOnMissingBean(name = "fastroObservedDispatcher")
	DispatcherWrapper fastroObservedDispatcher(ObservationRegistry registry,
			FastroServerObservationConvention convention) {
		return (dispatcher) -> registry.isNoop() ? dispatcher
				: new ObservedDispatcher(dispatcher, registry, convention);
	}

}
