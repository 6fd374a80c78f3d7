package dev.fastro.http.internal;

import java.time.Duration;

import dev.fastro.http.Handler;

/**
 * What the router finds: a route with its middleware chain, composed once at start-up.
 *
 * @param chain the global, group and route middleware around the handler
 * @param blocking whether the chain runs off the event loop
 * @param body how the route takes its request body
 * @param timeout how long its answer may take, or {@code null} for no limit
 * @param inFlight the server's limit on requests in flight, or {@code null} when it has
 * none or the route is never shed
 * @param routeInFlight the route's own limit on requests in flight, or {@code null}
 */
record ComposedRoute(Handler chain, boolean blocking, BodyPolicy body, Duration timeout, InFlightLimit inFlight,
		InFlightLimit routeInFlight) {
}
