package dev.fastro.autoconfigure.internal;

import java.util.function.Predicate;

import dev.fastro.http.Route;

/**
 * The routes load shedding never sheds, such as Actuator's health checks
 * ({@link ActuatorRoutes#health}).
 *
 * @param routes whether a route is never shed
 */
public record NeverShed(Predicate<Route> routes) {

	/** No route: every route may be shed. */
	public static final NeverShed NONE = new NeverShed((route) -> false);

}
