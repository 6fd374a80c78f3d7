package dev.fastro.router.internal;

/**
 * Counters of the route-context cache, summed over all methods; all zero when the cache
 * is disabled.
 *
 * @param hits dynamic-route lookups answered by the cache
 * @param misses dynamic-route lookups that had to walk the tree (including those that
 * matched nothing)
 * @param size entries currently cached
 * @param weight the estimated bytes those entries retain, which each method's cache keeps
 * within its bound
 */
public record RouteCacheStats(long hits, long misses, long size, long weight) {
}
