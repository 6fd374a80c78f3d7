package dev.fastro.http.spi;

import dev.fastro.http.Middleware;
import dev.fastro.http.Route;

/**
 * A global middleware that decides at start-up, route by route, what it does: the
 * dispatcher composes each route's chain with the middleware this returns for it, so the
 * decision costs nothing per request. Security rules, for example, are decided per route
 * this way.
 * <p>
 * A method that returns {@code null} leaves the middleware out of that chain. Requests
 * that match no route (404, 405, static files) run the middleware of
 * {@link #forNoRoute()}; a CORS preflight to a route without an {@code OPTIONS} route of
 * its own runs that of {@link #forPreflight(Route)}.
 */
public interface RouteScopedMiddleware extends Middleware {

	/**
	 * The middleware to run in the chain of a route.
	 * @param route the route, as declared
	 * @return the middleware, or {@code null} to leave it out
	 */
	Middleware forRoute(Route route);

	/**
	 * The middleware to run for requests that match no route.
	 * @return the middleware, or {@code null} to leave it out
	 */
	Middleware forNoRoute();

	/**
	 * The middleware to run around the answer to a CORS preflight for a route; by default
	 * none, since a preflight carries no credentials (Fetch standard, 4.8).
	 * @param route the route the preflight asks about
	 * @return the middleware, or {@code null} to leave it out
	 */
	default Middleware forPreflight(Route route) {
		return null;
	}

}
