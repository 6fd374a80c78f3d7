package dev.fastro.http.internal;

import java.util.List;

import dev.fastro.http.Middleware;
import dev.fastro.http.Route;

/**
 * A route as a {@link Dispatcher} serves it, for tools that list an application's routes.
 *
 * @param source where it was declared, such as {@code bean 'users'}
 * @param origin where it was declared, to the route, such as
 * {@code bean 'users', route #3}, as start-up failures name it
 * @param route the route as declared
 * @param globalMiddleware the global middleware that takes part in its chain, as
 * declared, outermost first; the route's own {@link Route#middleware()} runs inside
 */
public record ServedRoute(String source, String origin, Route route, List<Middleware> globalMiddleware) {

	public ServedRoute {
		globalMiddleware = List.copyOf(globalMiddleware);
	}

}
