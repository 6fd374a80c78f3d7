package dev.fastro.autoconfigure.internal;

import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

import dev.fastro.autoconfigure.FastroProperties;
import dev.fastro.http.Route;

/**
 * The route options of {@code fastro.routes} and {@code fastro.groups}, applied to the
 * routes as declared: a route's key in place of its groups', a group's in place of the
 * groups around it, and both in place of what the code sets. A key that names no route or
 * group fails start-up, naming the key, as a misspelt pattern would otherwise change
 * nothing, silently.
 */
public final class ConfiguredRouteOptions implements UnaryOperator<Route> {

	private static final Pattern ROUTE_KEY = Pattern.compile("[A-Z]+ /.*");

	private final Map<String, FastroProperties.RouteOptions> routes;

	private final Map<String, FastroProperties.RouteOptions> groups;

	private final List<String> groupsOuterFirst;

	private final Set<String> unused = new LinkedHashSet<>();

	private ConfiguredRouteOptions(Map<String, FastroProperties.RouteOptions> routes,
			Map<String, FastroProperties.RouteOptions> groups) {
		this.routes = routes;
		this.groups = groups;
		this.groupsOuterFirst = groups.keySet().stream().sorted(Comparator.comparingInt(String::length)).toList();
		routes.keySet().forEach((key) -> this.unused.add("fastro.routes[" + key + "]"));
		groups.keySet().forEach((key) -> this.unused.add("fastro.groups[" + key + "]"));
	}

	/**
	 * The options the properties set, checked.
	 * @param properties Fastro's properties
	 * @return the options, or {@code null} when the properties set none
	 * @throws IllegalStateException naming the first key or value that makes no sense
	 */
	public static ConfiguredRouteOptions of(FastroProperties properties) {
		if (properties.getRoutes().isEmpty() && properties.getGroups().isEmpty()) {
			return null;
		}
		properties.getRoutes().forEach((key, options) -> {
			if (!ROUTE_KEY.matcher(key).matches()) {
				throw new IllegalStateException("fastro.routes[" + key + "] must be a method and a pattern as"
						+ " declared, in brackets: '[POST /uploads/{id}]'");
			}
			check("fastro.routes[" + key + "]", options);
		});
		properties.getGroups().forEach((key, options) -> {
			if (!key.startsWith("/") || key.length() > 1 && key.endsWith("/")) {
				throw new IllegalStateException("fastro.groups[" + key + "] must be a group's prefix as declared,"
						+ " in brackets: '[/uploads]'");
			}
			check("fastro.groups[" + key + "]", options);
		});
		return new ConfiguredRouteOptions(properties.getRoutes(), properties.getGroups());
	}

	private static void check(String key, FastroProperties.RouteOptions options) {
		Duration timeout = options.getRequestTimeout();
		if (timeout != null && timeout.toMillis() < 1) {
			throw new IllegalStateException(key + ".request-timeout must be at least 1ms, was " + timeout);
		}
		if (options.getMaxBodySize() != null && options.getMaxBodySize().isNegative()) {
			throw new IllegalStateException(
					key + ".max-body-size must not be negative, was " + options.getMaxBodySize());
		}
		if (options.getMaxInFlight() != null && options.getMaxInFlight() < 1) {
			throw new IllegalStateException(key + ".max-in-flight must be at least 1, was " + options.getMaxInFlight());
		}
	}

	@Override
	public Route apply(Route route) {
		Settings settings = new Settings(route.timeout(), route.maxBodySize(), route.maxInFlight());
		// Outer groups have shorter prefixes: applied first, inner ones take their place.
		for (String prefix : this.groupsOuterFirst) {
			if (route.group().equals(prefix) || route.group().startsWith(prefix + "/")) {
				this.unused.remove("fastro.groups[" + prefix + "]");
				settings = settings.overriddenBy(this.groups.get(prefix));
			}
		}
		String key = route.method() + " " + route.pattern();
		FastroProperties.RouteOptions options = this.routes.get(key);
		if (options != null) {
			this.unused.remove("fastro.routes[" + key + "]");
			settings = settings.overriddenBy(options);
		}
		return new Route(route.method(), route.pattern(), route.handler(), route.middleware(), route.blocking(),
				route.streaming(), settings.maxBodySize(), settings.timeout(), settings.maxInFlight(),
				route.neverShed(), route.group(), route.description());
	}

	/**
	 * Fails when a key named no route or group of those {@link #apply applied} to.
	 * @throws IllegalStateException naming the keys
	 */
	public void checkAllApplied() {
		if (!this.unused.isEmpty()) {
			throw new IllegalStateException(
					String.join(", ", this.unused) + ((this.unused.size() == 1) ? " names" : " name")
							+ " no route or group; keys are a method and a pattern as declared, such as"
							+ " '[POST /uploads/{id}]', or a group's prefix, such as '[/uploads]'");
		}
	}

	/** The options a route has, as the properties set them in turn. */
	private record Settings(Duration timeout, long maxBodySize, int maxInFlight) {

		Settings overriddenBy(FastroProperties.RouteOptions options) {
			return new Settings((options.getRequestTimeout() != null) ? options.getRequestTimeout() : this.timeout,
					(options.getMaxBodySize() != null) ? options.getMaxBodySize().toBytes() : this.maxBodySize,
					(options.getMaxInFlight() != null) ? options.getMaxInFlight() : this.maxInFlight);
		}

	}

}
