package dev.fastro.http.internal;

import dev.fastro.http.Handler;

/**
 * What the router finds: a route with its middleware chain, composed once at start-up.
 *
 * @param definition the route as declared, or {@code null} for the no-route answer
 * @param chain the global, group and route middleware around the handler
 * @param blocking whether the chain runs off the event loop
 */
record ComposedRoute(RouteDefinition definition, Handler chain, boolean blocking) {
}
