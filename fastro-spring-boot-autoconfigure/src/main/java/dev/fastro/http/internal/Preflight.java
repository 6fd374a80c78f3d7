package dev.fastro.http.internal;

import dev.fastro.http.Context;

/**
 * What makes a request a CORS preflight, for the two that must agree on it: the
 * {@link Dispatcher}, which routes a preflight to the middleware of the route it asks
 * about, and {@code dev.fastro.cors.Cors}, which answers it there.
 */
public final class Preflight {

	private Preflight() {
	}

	/**
	 * The method a preflight asks about.
	 * @param ctx the request
	 * @return its {@code Access-Control-Request-Method} when it is an {@code OPTIONS}
	 * request, else {@code null}: no preflight
	 */
	public static String requestedMethod(Context ctx) {
		return ctx.method().equals("OPTIONS") ? ctx.header("access-control-request-method") : null;
	}

}
