package dev.fastro.router.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Immutable, thread-safe compiled router mapping (method, raw path) to a target.
 *
 * <p>
 * Each method has its own routes, so routes of other methods never affect a match. Static
 * patterns are answered by one hash lookup on the path. The others are found in a segment
 * tree where, at each segment, static text beats regex-constrained parameters (in
 * registration order), which beat plain parameters, which beat a catch-all; a branch that
 * fails deeper down gives way to the next one. Their matches are cached per method, keyed
 * by path, when the cache is enabled.
 *
 * <p>
 * Trailing slashes are significant unless {@link Builder#ignoreTrailingSlash} is set;
 * then a path and a pattern each lose one trailing slash (the root {@code /} keeps its
 * own) before matching, and a catch-all also matches a path that ends where its own
 * segment would begin, with value "": {@code /files/*} matches {@code /files} and
 * {@code /files/} with "", and {@code /files/a/} with "a".
 *
 * @param <T> the target type
 */
public final class Router<T> {

	private final Map<String, MethodRoutes<T>> methods;

	private final List<ParsedRoute<T>> endpoints;

	private final List<Route<T>> routes;

	private final boolean ignoreTrailingSlash;

	private Router(Map<String, MethodRoutes<T>> methods, List<ParsedRoute<T>> endpoints, boolean ignoreTrailingSlash) {
		this.methods = methods;
		this.endpoints = endpoints;
		this.routes = endpoints.stream().map(ParsedRoute::route).toList();
		this.ignoreTrailingSlash = ignoreTrailingSlash;
	}

	/**
	 * A builder with strict trailing slashes and no cache (when enabled, at most 4 MB of
	 * matches per method).
	 */
	public static <T> Builder<T> builder() {
		return new Builder<>();
	}

	/**
	 * Matches a raw (still percent-encoded) path, without query string, starting with
	 * '/'.
	 * @return the match, or null when no route of this method matches
	 * @throws MalformedPathException when the path matched a route but a parameter value
	 * has an invalid percent-escape or invalid UTF-8; a value that does not decode never
	 * satisfies a regex, so it can only be reported by a plain parameter or a catch-all
	 */
	public RouteMatch<T> find(String method, String path) {
		MethodRoutes<T> table = methods.get(method);
		return table == null ? null : table.find(path);
	}

	/**
	 * The methods having a route that matches the path, for a 405's Allow header or
	 * OPTIONS, sorted alphabetically; empty when none. Never throws for a malformed
	 * escape: a method is listed exactly when {@link #find} would answer or throw for it.
	 * Slow path, bypasses the cache.
	 */
	public Set<String> allowedMethods(String path) {
		Set<String> allowed = new TreeSet<>();
		methods.forEach((method, table) -> {
			if (table.matches(path)) {
				allowed.add(method);
			}
		});
		return Collections.unmodifiableSet(allowed);
	}

	/** The methods that have a route, sorted alphabetically. */
	public Set<String> methods() {
		return Collections.unmodifiableSet(new TreeSet<>(methods.keySet()));
	}

	/** All routes, in registration order. */
	public List<Route<T>> routes() {
		return routes;
	}

	/**
	 * The route a method and path reach, bypassing the cache, or null; see
	 * {@link MethodRoutes#route}.
	 */
	Route<T> route(String method, String path) {
		MethodRoutes<T> table = methods.get(method);
		return (table != null) ? table.route(path) : null;
	}

	/** All routes with their parsed patterns, in registration order. */
	List<ParsedRoute<T>> endpoints() {
		return endpoints;
	}

	/** Whether one trailing slash of paths and patterns is ignored. */
	boolean ignoresTrailingSlash() {
		return ignoreTrailingSlash;
	}

	/**
	 * Hit and miss counters, size and weight of the route cache, summed over methods;
	 * zeros when disabled.
	 */
	public RouteCacheStats cacheStats() {
		long hits = 0;
		long misses = 0;
		long size = 0;
		long weight = 0;
		for (MethodRoutes<T> table : methods.values()) {
			RouteCacheStats stats = table.cacheStats();
			hits += stats.hits();
			misses += stats.misses();
			size += stats.size();
			weight += stats.weight();
		}
		return new RouteCacheStats(hits, misses, size, weight);
	}

	/**
	 * Collects routes and options; not thread-safe. {@link #build} may be called more
	 * than once.
	 *
	 * @param <T> the target type
	 */
	public static final class Builder<T> {

		private final List<ParsedRoute<T>> endpoints = new ArrayList<>();

		private boolean ignoreTrailingSlash;

		private boolean cached;

		private long cacheMaxBytes = 4L << 20;

		private Builder() {
		}

		/**
		 * Whether one trailing slash of paths and patterns is ignored; false (strict) by
		 * default.
		 */
		public Builder<T> ignoreTrailingSlash(boolean ignore) {
			this.ignoreTrailingSlash = ignore;
			return this;
		}

		/**
		 * Whether matches of dynamic routes are cached, and in how many bytes per method:
		 * each method has its own cache keyed by the path string, so that a lookup makes
		 * no key object, and so that a flood of paths of one method cannot evict the
		 * matches of another. An entry is estimated, erring high, at about 200 bytes plus
		 * one per character of its path and two per character of its decoded values (see
		 * {@link RouteCacheStats#weight}). Disabled by default, 4 MB when enabled.
		 */
		public Builder<T> cache(boolean enabled, long maxBytes) {
			if (maxBytes < 0) {
				throw new IllegalArgumentException("Negative route cache size: " + maxBytes + " bytes");
			}
			this.cached = enabled;
			this.cacheMaxBytes = maxBytes;
			return this;
		}

		/**
		 * Adds a route, parsing and validating the pattern now.
		 * @param method an HTTP method, compared exactly, such as GET or a custom token
		 * @param pattern the pattern, starting with '/'
		 * @param target what the route leads to
		 * @throws RoutePatternException for a malformed pattern
		 */
		public Builder<T> add(String method, String pattern, T target) {
			Route<T> route = new Route<>(method, pattern, target);
			if (method.isEmpty()) {
				throw new IllegalArgumentException("Empty method for route '" + pattern + "'");
			}
			endpoints.add(new ParsedRoute<>(route, RoutePattern.parse(pattern)));
			return this;
		}

		/**
		 * Compiles the routes.
		 * @throws RouteConflictException naming the method and both patterns when two
		 * routes of one method match the same paths, that is when their patterns are
		 * equal up to parameter names (and, when trailing slashes are ignored, up to a
		 * trailing slash)
		 */
		public Router<T> build() {
			Map<String, List<ParsedRoute<T>>> byMethod = new LinkedHashMap<>();
			for (ParsedRoute<T> endpoint : endpoints) {
				byMethod.computeIfAbsent(endpoint.route().method(), method -> new ArrayList<>()).add(endpoint);
			}
			Map<String, MethodRoutes<T>> methods = new HashMap<>();
			byMethod.forEach((method, list) -> methods.put(method,
					new MethodRoutes<>(list, ignoreTrailingSlash, cached, cacheMaxBytes)));
			return new Router<>(methods, List.copyOf(endpoints), ignoreTrailingSlash);
		}

	}

}
