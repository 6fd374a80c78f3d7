package dev.fastro.router;

/** Thrown by {@link Router.Builder#add} for a malformed pattern; the message names the pattern and the position. */
public final class RoutePatternException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	/**
	 * @param pattern  the offending pattern
	 * @param position the 0-based character position of the problem
	 * @param problem  what is wrong
	 */
	public RoutePatternException(String pattern, int position, String problem) {
		super("Malformed route pattern '" + pattern + "' at position " + position + ": " + problem);
	}
}
