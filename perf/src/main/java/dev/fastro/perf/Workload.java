package dev.fastro.perf;

import java.util.List;

/**
 * What every comparison server serves besides the five scenarios of BENCHMARK-SPEC.md, in
 * one place so the servers and the harness cannot drift apart.
 */
public final class Workload {

	/**
	 * The exact content type of every text answer (Spring's MediaType would print it
	 * differently).
	 */
	public static final String TEXT_PLAIN = "text/plain; charset=utf-8";

	/** The content type of the JSON answer. */
	public static final String APPLICATION_JSON = "application/json";

	/**
	 * The middleware counts of the middleware scaling experiment: one route per count.
	 */
	public static final List<Integer> MIDDLEWARE_COUNTS = List.of(0, 1, 5, 10, 25);

	/** The answer of the middleware scaling routes. */
	public static final String MIDDLEWARE_SCALING_BODY = "Hello world!";

	private Workload() {
	}

	/**
	 * The path of the route that carries {@code count} pass-through middlewares.
	 * @param count how many middlewares the route has
	 * @return the path, for example {@code /mw/5}
	 */
	public static String middlewarePath(int count) {
		return "/mw/" + count;
	}

	/**
	 * The static prefix of the {@code index}-th generated route of the route-count
	 * experiment; the route is this prefix followed by an {@code id} parameter, and
	 * answers {@code "User " + id}.
	 * @param index the route's index, from 0
	 * @return the prefix, for example {@code /r42/user/}
	 */
	public static String generatedRoutePrefix(int index) {
		return "/r" + index + "/user/";
	}

}
