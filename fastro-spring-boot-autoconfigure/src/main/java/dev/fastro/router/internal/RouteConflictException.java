package dev.fastro.router.internal;

/**
 * Thrown by {@link Router.Builder#build} when two routes of one method match the same
 * paths. It carries both routes, so that a caller that knows where each was declared can
 * say so: see {@link #RouteConflictException(Route, String, Route, String)}.
 */
public final class RouteConflictException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final Route<?> first;

	private final String firstOrigin;

	private final Route<?> second;

	private final String secondOrigin;

	/**
	 * @param first the route registered first
	 * @param second the route that collides with it
	 */
	public RouteConflictException(Route<?> first, Route<?> second) {
		this(first, null, second, null);
	}

	/**
	 * @param first the route registered first
	 * @param firstOrigin where it was declared, such as {@code bean 'users', route #3};
	 * {@code null} if unknown
	 * @param second the route that collides with it
	 * @param secondOrigin where that one was declared; {@code null} if unknown
	 */
	public RouteConflictException(Route<?> first, String firstOrigin, Route<?> second, String secondOrigin) {
		super("Route conflict for " + second.method() + ": " + describe(first.pattern(), firstOrigin) + " and "
				+ describe(second.pattern(), secondOrigin) + " match the same paths");
		this.first = first;
		this.firstOrigin = firstOrigin;
		this.second = second;
		this.secondOrigin = secondOrigin;
	}

	private static String describe(String pattern, String origin) {
		return "'" + pattern + "'" + ((origin != null) ? " (" + origin + ")" : "");
	}

	/** The route registered first. */
	public Route<?> first() {
		return this.first;
	}

	/** Where the first route was declared, or {@code null} if unknown. */
	public String firstOrigin() {
		return this.firstOrigin;
	}

	/** The route that collides with the first. */
	public Route<?> second() {
		return this.second;
	}

	/** Where the second route was declared, or {@code null} if unknown. */
	public String secondOrigin() {
		return this.secondOrigin;
	}

}
