package dev.fastro.router.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The routes of one method: static ones in a hash table keyed by the exact path, which
 * answers them with one lookup and a preallocated match; dynamic ones in a tree fronted
 * by a cache of matches keyed by the path alone, since the method is implied, so a lookup
 * makes no key object. The cache is bounded by an estimate of the bytes its entries
 * retain, not by their number, since a path may be a few bytes or a few kilobytes long.
 */
final class MethodRoutes<T> {

	private static final String[] NONE = {};

	/**
	 * What an entry retains besides its strings, in bytes, on a 64-bit JVM with
	 * compressed oops: Caffeine's node (48), the hash table's node and slot (40) and the
	 * frequency sketch's share (8), the match (24) and the header of its values array
	 * (16). Each slot of that array adds 4.
	 */
	private static final int ENTRY_BYTES = 136;

	/** A String's object and the header of its array; its characters come on top. */
	private static final int STRING_BYTES = 40;

	private final Map<String, RouteMatch<T>> statics = new HashMap<>();

	private final RouteTree<T> tree;

	private final int maxParams;

	private final Cache<String, RouteMatch<T>> cache;

	/**
	 * Throws {@link RouteConflictException} when two of the endpoints match the same
	 * paths.
	 */
	MethodRoutes(List<ParsedRoute<T>> endpoints, boolean ignoreTrailingSlash, boolean cached, long maxBytes) {
		RouteTree<T> dynamic = new RouteTree<>(ignoreTrailingSlash);
		int params = 0;
		for (ParsedRoute<T> endpoint : endpoints) {
			RoutePattern pattern = endpoint.pattern();
			Route<T> clash;
			if (pattern.isStatic()) {
				RouteMatch<T> match = new RouteMatch<>(endpoint.route(), NONE, NONE);
				clash = null;
				// Two static patterns' path lists are either equal or disjoint, so any
				// shared path is a clash.
				for (String path : pattern.staticPaths(ignoreTrailingSlash)) {
					RouteMatch<T> previous = statics.putIfAbsent(path, match);
					clash = previous == null ? clash : previous.route();
				}
			}
			else {
				ParsedRoute<T> previous = dynamic.insert(pattern.segments(ignoreTrailingSlash), endpoint);
				clash = previous == null ? null : previous.route();
				params = Math.max(params, pattern.names().length);
			}
			if (clash != null) {
				throw new RouteConflictException(clash, endpoint.route());
			}
		}
		this.maxParams = params;
		this.tree = params == 0 ? null : dynamic;
		// The calling thread runs cache maintenance: it is amortised and keeps the bound
		// prompt under a flood of distinct paths, without handing work to a shared pool
		// from an event loop.
		this.cache = tree == null || !cached ? null
				: Caffeine.newBuilder()
					.maximumWeight(maxBytes)
					.weigher(this::weigh)
					.executor(Runnable::run)
					.recordStats()
					.build();
	}

	/** See {@link Router#find}. */
	RouteMatch<T> find(String path) {
		RouteMatch<T> match = statics.get(path);
		if (match != null || tree == null) {
			return match;
		}
		if (cache == null) {
			return walk(path);
		}
		match = cache.getIfPresent(path);
		if (match == null) {
			match = walk(path);
			if (match != null) {
				cache.put(path, match);
			}
		}
		return match;
	}

	/**
	 * The route a path reaches, bypassing the cache: for start-up checks, which are no
	 * traffic to count or to keep.
	 */
	Route<T> route(String path) {
		RouteMatch<T> match = statics.get(path);
		if (match != null) {
			return match.route();
		}
		ParsedRoute<T> endpoint = (tree != null) ? tree.match(path, null) : null;
		return (endpoint != null) ? endpoint.route() : null;
	}

	/** True when a route matches the path, decoded values aside. */
	boolean matches(String path) {
		return statics.containsKey(path) || tree != null && tree.match(path, null) != null;
	}

	/**
	 * The cache counters, after pending maintenance so that the size and weight are
	 * exact.
	 */
	RouteCacheStats cacheStats() {
		if (cache == null) {
			return new RouteCacheStats(0, 0, 0, 0);
		}
		cache.cleanUp();
		CacheStats stats = cache.stats();
		long weight = cache.policy().eviction().orElseThrow().weightedSize().orElseThrow();
		return new RouteCacheStats(stats.hitCount(), stats.missCount(), cache.estimatedSize(), weight);
	}

	/**
	 * The bytes an entry retains, estimated to err high: the fixed overhead, the path at
	 * one byte a character, as Netty maps each byte of the request line to one Latin-1
	 * character, and each decoded value at two, its most, since it may hold any
	 * character.
	 */
	private int weigh(String path, RouteMatch<T> match) {
		long bytes = ENTRY_BYTES + 4L * maxParams + STRING_BYTES + path.length();
		for (int i = 0; i < match.paramCount(); i++) {
			bytes += STRING_BYTES + 2L * match.paramValue(i).length();
		}
		return (int) Math.min(bytes, Integer.MAX_VALUE);
	}

	private RouteMatch<T> walk(String path) {
		String[] values = new String[maxParams];
		ParsedRoute<T> endpoint = tree.match(path, values);
		return endpoint == null ? null : new RouteMatch<>(endpoint.route(), endpoint.pattern().names(), values);
	}

}
