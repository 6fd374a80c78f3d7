package dev.fastro.autoconfigure;

import dev.fastro.autoconfigure.internal.RejectedRequests;
import dev.fastro.autoconfigure.internal.RouteCacheMetrics;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.InFlightLimit;
import dev.fastro.observation.FastroServerMeterObservationHandler;
import dev.fastro.server.internal.FastroServer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler.IgnoredMeters;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.micrometer.metrics.MaximumAllowableTagsMeterFilter;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsProperties;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationProperties;
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
 * its long task timers off, as it does Boot's, and
 * {@code management.metrics.web.server.max-uri-tags} bounds its {@code uri} values. With
 * the route cache on, its statistics are meters too ({@link RouteCacheMetrics}); the
 * WebSocket sessions open are a gauge; the requests refused to shed load a counter
 * ({@link RejectedRequests}).
 */
@AutoConfiguration(afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
@ConditionalOnClass({ MeterRegistry.class, MetricsProperties.class, ObservationRegistry.class })
@ConditionalOnBean(MeterRegistry.class)
@EnableConfigurationProperties(ObservationProperties.class)
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

	/** The route cache's statistics, when the cache is on. */
	@Bean
	@ConditionalOnBooleanProperty("fastro.router.cache.enabled")
	RouteCacheMetrics fastroRouteCacheMetrics(Dispatcher dispatcher) {
		return new RouteCacheMetrics(dispatcher.router());
	}

	/**
	 * The requests refused to shed load, as {@code fastro.requests.rejected}.
	 */
	@Bean
	RejectedRequests fastroRejectedRequests(MeterRegistry registry) {
		return new RejectedRequests(registry);
	}

	/**
	 * With load shedding on, the requests in flight and their limit, as
	 * {@code fastro.requests.in.flight} and {@code fastro.requests.in.flight.limit}, read
	 * when the registry is scraped.
	 */
	@Bean
	@ConditionalOnProperty("fastro.load-shedding.max-in-flight")
	MeterBinder fastroInFlightMetrics(Dispatcher dispatcher) {
		InFlightLimit limit = dispatcher.inFlightLimit();
		return (registry) -> {
			Gauge.builder("fastro.requests.in.flight", limit, InFlightLimit::inFlight)
				.description("The requests in flight, counted against the load shedding limit")
				.register(registry);
			Gauge.builder("fastro.requests.in.flight.limit", limit, InFlightLimit::limit)
				.description("The most requests in flight before load is shed; adaptive limits move")
				.register(registry);
		};
	}

	/**
	 * The WebSocket sessions open, as {@code fastro.websocket.sessions.active}, read when
	 * the registry is scraped.
	 */
	@Bean
	MeterBinder fastroWebSocketSessionsMetrics(ObjectProvider<FastroServer> server) {
		return (registry) -> server.ifAvailable(
				(serving) -> Gauge.builder("fastro.websocket.sessions.active", serving, FastroServer::openWebSockets)
					.description("The WebSocket sessions open")
					.register(registry));
	}

	/**
	 * Denies the meters of {@code uri} values past
	 * {@code management.metrics.web.server.max-uri-tags}, as Spring Boot does for MVC and
	 * WebFlux. A {@code uri} is a route's pattern, so there are as many as routes, but an
	 * application whose routes outnumber the limit keeps its registry bounded the way a
	 * Boot user expects.
	 */
	@Bean
	@Order(0)
	@ConditionalOnMissingBean(name = "fastroHttpServerUriTagFilter")
	MaximumAllowableTagsMeterFilter fastroHttpServerUriTagFilter(ObservationProperties observations,
			MetricsProperties metrics) {
		return new MaximumAllowableTagsMeterFilter(observations.getHttp().getServer().getRequests().getName(), "uri",
				metrics.getWeb().getServer().getMaxUriTags());
	}

}
