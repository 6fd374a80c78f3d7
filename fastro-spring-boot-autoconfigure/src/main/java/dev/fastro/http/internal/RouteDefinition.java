package dev.fastro.http.internal;

import java.util.List;

import dev.fastro.http.Handler;
import dev.fastro.http.Middleware;

/**
 * One declared route: method, full pattern (group prefixes included), handler, and the
 * group and route middleware around it, outermost first.
 *
 * @param method the HTTP method, upper case
 * @param pattern the full path pattern, such as {@code /admin/users/:id}
 * @param handler the handler
 * @param middleware group and route middleware, outermost first (global middleware is
 * added later)
 * @param blocking whether the handler runs off the event loop
 */
public record RouteDefinition(String method, String pattern, Handler handler, List<Middleware> middleware,
		boolean blocking) {

	public RouteDefinition {
		middleware = List.copyOf(middleware);
	}

	@Override
	public String toString() {
		return this.method + " " + this.pattern;
	}

}
