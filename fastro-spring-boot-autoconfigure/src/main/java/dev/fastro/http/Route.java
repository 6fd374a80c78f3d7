package dev.fastro.http;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

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
 * @param timeout how long the route's answer may take, or {@code null} for the server's
 * {@code fastro.server.request-timeout}
 * @param maxInFlight the most requests in flight on the route, or -1 for no limit of its
 * own
 * @param neverShed whether the server's limit on requests in flight
 * ({@code fastro.load-shedding.max-in-flight}) leaves the route alone
 * @param group the prefix of the innermost group that declares the route, such as
 * {@code /admin}, or {@code ""} outside any group
 * @param description what the route offers its callers, for tools that describe the API
 */
public record Route(String method, String pattern, Handler handler, List<Middleware> middleware, boolean blocking,
		boolean streaming, long maxBodySize, Duration timeout, int maxInFlight, boolean neverShed, String group,
		RouteDescription description) {

	public Route {
		middleware = List.copyOf(middleware);
		Objects.requireNonNull(group, "group");
		Objects.requireNonNull(description, "description");
	}

	@Override
	public String toString() {
		return this.method + " " + this.pattern;
	}

}
