package reactor.netty.http.server;

import io.netty.handler.codec.http.HttpMethod;

import java.util.function.Predicate;

/**
 * Opens one door for the router micro-benchmarks: {@link HttpPredicate} is
 * package-private, and {@link HttpServerRoutes} has {@code get}, {@code post},
 * {@code put} and {@code delete} but no {@code patch}. This returns exactly the predicate
 * those methods register, for any method, so the whole table goes through
 * {@link HttpServerRoutes#route} the same way.
 */
public final class ReactorNettyPredicates {

	private ReactorNettyPredicates() {
	}

	/**
	 * The predicate {@code HttpServerRoutes.get(uri, ...)} would register, for any
	 * method.
	 * @param uri the route template, such as {@code /users/{username}}
	 * @param method the method
	 * @return the predicate, which is also the route's parameter resolver
	 */
	public static Predicate<HttpServerRequest> http(String uri, HttpMethod method) {
		return HttpPredicate.http(uri, null, method);
	}

}
