package dev.fastro.autoconfigure;

import dev.fastro.observation.FastroServerMeterObservationHandler;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler.IgnoredMeters;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Records Fastro's {@code http.server.requests} observations in the application's
 * {@link MeterRegistry} with a {@link FastroServerMeterObservationHandler}, which keeps
 * the meters it has made instead of looking them up on every request. Spring Boot groups
 * it with its own meter handler, first, so that it records Fastro's observations and
 * Boot's handler every other one; with tracing, Boot wraps it for exemplars as it wraps
 * its own. {@code management.metrics.observations.ignored-meters=long-task-timer} turns
 * its long task timers off, as it does Boot's.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
@ConditionalOnClass({ MeterRegistry.class, MetricsProperties.class, ObservationRegistry.class })
@ConditionalOnBean(MeterRegistry.class)
public class FastroMetricsAutoConfiguration {

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	@ConditionalOnMissingBean
	FastroServerMeterObservationHandler fastroServerMeterObservationHandler(MeterRegistry registry,
			MetricsProperties properties) {
		boolean longTaskTimers = !properties.getObservations()
			.getIgnoredMeters()
			.contains(IgnoredMeters.LONG_TASK_TIMER);
		return new FastroServerMeterObservationHandler(registry, longTaskTimers);
	}

}
