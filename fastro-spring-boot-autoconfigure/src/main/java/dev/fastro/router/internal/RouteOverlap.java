package dev.fastro.router.internal;

/**
 * Two routes of one method that both match some request path: what the router cannot
 * refuse, as neither is the other, yet what a reader of the routes may not see.
 *
 * @param first the route registered first
 * @param second the route registered after it
 * @param example a path both match, percent-encoded as a client sends it; {@code null}
 * when they may overlap but no such path was found, as a regex the comparison does not
 * know stands where they differ
 * @param winner the route the router answers for the example, or {@code null} without one
 * @param unreachable the route of the two that the other wins on every path it matches,
 * or {@code null} when each wins some path
 * @param staticWins whether a static segment of one beats a parameter of the other where
 * they part, the routine rule users write on purpose (such as {@code /users/me} beside
 * {@code /users/{id}}), rather than a choice between parameters or a catch-all
 * @param <T> the target type
 */
public record RouteOverlap<T>(Route<T> first, Route<T> second, String example, Route<T> winner, Route<T> unreachable,
		boolean staticWins) {

	/**
	 * Whether the overlap deserves a warning: the router decides it between parameters or
	 * a catch-all, or cannot tell, or one route is never reached.
	 */
	public boolean isSurprising() {
		return !this.staticWins || this.example == null || this.unreachable != null;
	}

}
