package dev.fastro.autoconfigure;

import dev.fastro.http.internal.DispatcherWrapper;
import dev.fastro.observation.internal.RouteCostDispatcher;
import dev.fastro.observation.internal.RouteCostReads;
import dev.fastro.observation.internal.RouteCostScheduler;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import reactor.core.scheduler.Scheduler;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * With {@code fastro.metrics.route-cost.enabled}, records what each request costs in CPU
 * time and allocated bytes, on the event loop and on the blocking scheduler, with the
 * keys of its {@code http.server.requests} observation: each connection's reads are
 * measured and charged to the requests they serve, the dispatcher is measured inside that
 * observation where no read is, and the blocking scheduler charges the tasks a request
 * schedules to it. When off, none of them is wrapped. It needs a {@link MeterRegistry}
 * and an {@link ObservationRegistry}, from Actuator or the application's own, and fails
 * to start without them rather than record nothing.
 */
@AutoConfiguration(after = { FastroObservationAutoConfiguration.class, FastroMetricsAutoConfiguration.class },
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
				"org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration" })
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty("fastro.metrics.route-cost.enabled")
@ConditionalOnClass({ MeterRegistry.class, ObservationRegistry.class })
public class FastroRouteCostAutoConfiguration {

	private static final String READS = "fastro.routeCost";

	@Bean
	static BeanPostProcessor fastroRouteCostScheduler() {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				return (bean instanceof Scheduler scheduler
						&& beanName.equals(FastroAutoConfiguration.BLOCKING_SCHEDULER))
								? new RouteCostScheduler(scheduler) : bean;
			}

		};
	}

	/**
	 * Measures each read of a connection, from the transport's read of the socket, before
	 * TLS and the HTTP codec see its bytes.
	 */
	@Bean
	FastroServerCustomizer fastroRouteCostReads() {
		return (server) -> server.doOnChannelInit(
				(observer, channel, remoteAddress) -> channel.pipeline().addFirst(READS, new RouteCostReads()));
	}

	/**
	 * Wraps the dispatcher inside the observation of each request, which orders itself
	 * before this wrapper.
	 */
	@Bean
	@Order(Ordered.LOWEST_PRECEDENCE)
	DispatcherWrapper fastroRouteCostDispatcher(ObjectProvider<ObservationRegistry> observations,
			ObjectProvider<MeterRegistry> meters) {
		ObservationRegistry observationRegistry = observations.getIfAvailable();
		MeterRegistry registry = meters.getIfAvailable();
		if (observationRegistry == null || registry == null) {
			throw new IllegalStateException("fastro.metrics.route-cost.enabled=true records the cost of requests "
					+ "with the keys of their http.server.requests observation, and needs a MeterRegistry and an "
					+ "ObservationRegistry bean (Spring Boot Actuator provides both)");
		}
		return (dispatcher) -> observationRegistry.isNoop() ? dispatcher
				: new RouteCostDispatcher(dispatcher, observationRegistry, registry);
	}

}
