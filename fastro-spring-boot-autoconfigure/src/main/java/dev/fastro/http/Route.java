package dev.fastro.http;

import java.util.List;

/**
 * One route as declared, read-only: what {@link Routes#routes()} lists, for tools that
 * describe or check an application's routes.
 *
 * @param method the HTTP method, upper case
 * @param pattern the full path pattern, group prefixes included, such as
 * {@code /admin/users/{id}}
 * @param handler the handler as declared, inside any {@link Handler#blocking} or
 * {@link Handler#streaming} mark
 * @param middleware the group and route middleware around it, outermost first (global
 * middleware beans come outside these)
 * @param blocking whether the handler runs off the event loop
 * @param streaming whether the handler reads its body as it arrives
 * ({@link Context#bodyStream()}) rather than received whole
 * @param maxBodySize the largest body the route accepts, in bytes, or -1 for the server's
 * {@code fastro.server.max-body-size}
 */
public record Route(String method, String pattern, Handler handler, List<Middleware> middleware, boolean blocking,
		boolean streaming, long maxBodySize) {

	public Route {
		middleware = List.copyOf(middleware);
	}

	@Override
	public String toString() {
		return this.method + " " + this.pattern;
	}

}
