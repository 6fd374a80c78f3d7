package dev.fastro.router.internal;

/**
 * Thrown by {@link Router#find} when a path matched a route but a parameter value is not
 * valid percent-encoded UTF-8; an HTTP layer answers it with 400 Bad Request.
 */
public final class MalformedPathException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	/**
	 * A path value that is not valid percent-encoded UTF-8.
	 * @param value the raw, still encoded, parameter value
	 */
	public MalformedPathException(String value) {
		super("Malformed percent-encoding in path segment '" + value + "'");
	}

}
