package dev.fastro.autoconfigure.internal;

import java.util.function.ToDoubleFunction;

import dev.fastro.router.internal.RouteCacheStats;
import dev.fastro.router.internal.Router;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The route cache's statistics as meters, named as Micrometer names a cache's:
 * {@code fastro.router.cache.gets} by {@code result} ({@code hit}, {@code miss}),
 * {@code fastro.router.cache.size} (matches held) and {@code fastro.router.cache.weight}
 * (their estimated bytes), summed over the HTTP methods, each of which has a cache of its
 * own. Read when the registry is scraped, so they cost a request nothing.
 */
public final class RouteCacheMetrics implements MeterBinder {

	private final Router<?> router;

	public RouteCacheMetrics(Router<?> router) {
		this.router = router;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		gets(registry, "hit", RouteCacheStats::hits);
		gets(registry, "miss", RouteCacheStats::misses);
		Gauge.builder("fastro.router.cache.size", this.router, (router) -> router.cacheStats().size())
			.description("The route matches the cache holds")
			.register(registry);
		Gauge.builder("fastro.router.cache.weight", this.router, (router) -> router.cacheStats().weight())
			.description("The estimated memory of the route matches the cache holds")
			.baseUnit(BaseUnits.BYTES)
			.register(registry);
	}

	private void gets(MeterRegistry registry, String result, ToDoubleFunction<RouteCacheStats> count) {
		FunctionCounter
			.builder("fastro.router.cache.gets", this.router, (router) -> count.applyAsDouble(router.cacheStats()))
			.tag("result", result)
			.description("The route cache's lookups, by result")
			.register(registry);
	}

}
