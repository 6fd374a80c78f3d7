package dev.fastro.router.internal;

/**
 * Thrown by {@link Router.Builder#add} for a malformed pattern; the message names the
 * pattern and the position.
 */
public final class RoutePatternException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final String pattern;

	private final int position;

	private final String problem;

	private final String origin;

	/**
	 * @param pattern the offending pattern
	 * @param position the 0-based character position of the problem
	 * @param problem what is wrong
	 */
	public RoutePatternException(String pattern, int position, String problem) {
		this(pattern, position, problem, null);
	}

	/**
	 * @param pattern the offending pattern
	 * @param position the 0-based character position of the problem
	 * @param problem what is wrong
	 * @param origin where the route was declared, such as {@code bean 'users', route #3};
	 * {@code null} if unknown
	 */
	public RoutePatternException(String pattern, int position, String problem, String origin) {
		super("Malformed route pattern '" + pattern + "'" + ((origin != null) ? " (" + origin + ")" : "")
				+ " at position " + position + ": " + problem);
		this.pattern = pattern;
		this.position = position;
		this.problem = problem;
		this.origin = origin;
	}

	/** The offending pattern. */
	public String pattern() {
		return this.pattern;
	}

	/** The 0-based character position of the problem in the pattern. */
	public int position() {
		return this.position;
	}

	/** What is wrong, such as {@code unclosed '{'}. */
	public String problem() {
		return this.problem;
	}

	/** Where the route was declared, or {@code null} if unknown. */
	public String origin() {
		return this.origin;
	}

}
