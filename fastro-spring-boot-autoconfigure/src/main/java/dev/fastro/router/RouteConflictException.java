package dev.fastro.router;

/** Thrown by {@link Router.Builder#build} when two routes of one method match the same paths. */
public final class RouteConflictException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	/**
	 * @param method the method both routes share
	 * @param first  the pattern registered first
	 * @param second the pattern that collides with it
	 */
	public RouteConflictException(String method, String first, String second) {
		super("Route conflict for " + method + ": '" + first + "' and '" + second + "' match the same paths");
	}
}
