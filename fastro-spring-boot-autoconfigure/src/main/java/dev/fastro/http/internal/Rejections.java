package dev.fastro.http.internal;

import dev.fastro.http.Context;

/**
 * Hears of each request that is answered without its handler having run, to shed load:
 * what the metrics of rejected requests count.
 */
@FunctionalInterface
public interface Rejections {

	/** Hears nothing. */
	Rejections NONE = (ctx, reason) -> {
	};

	/**
	 * A request was refused, before its answer was written.
	 * @param ctx the request, routed: its {@link Context#routePattern()} is its route's
	 * @param reason why
	 */
	void rejected(Context ctx, Reason reason);

	/** Why a request was refused. */
	enum Reason {

		/** The server had as many requests in flight as its limit. */
		IN_FLIGHT_LIMIT("in-flight-limit"),

		/** The route had as many requests in flight as its own limit. */
		ROUTE_IN_FLIGHT_LIMIT("route-in-flight-limit"),

		/**
		 * The request waited for a thread of the blocking scheduler past its request
		 * timeout.
		 */
		DEADLINE("deadline");

		private final String tag;

		Reason(String tag) {
			this.tag = tag;
		}

		/** The reason as metrics tag it, such as {@code in-flight-limit}. */
		public String tag() {
			return this.tag;
		}

	}

}
