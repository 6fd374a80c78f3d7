package dev.fastro.http;

/**
 * An error that maps to an HTTP status. Thrown from a handler or middleware, it is
 * answered as {@code application/problem+json} with the given status and detail; nothing
 * is logged, since the client, not the server, was wrong.
 *
 * <pre>{@code
 * throw HttpException.notFound("No user " + id);
 * }</pre>
 */
public class HttpException extends RuntimeException {

	private final int status;

	/** An error answered with this 4xx or 5xx status and this detail. */
	public HttpException(int status, String detail) {
		this(status, detail, null);
	}

	/**
	 * An error answered with this 4xx or 5xx status and this detail. The cause stays on
	 * the server: the client sees the detail only.
	 */
	public HttpException(int status, String detail, Throwable cause) {
		super(detail, cause, false, false);
		if (status < 400 || status > 599) {
			throw new IllegalArgumentException("An HttpException needs a 4xx or 5xx status, not " + status);
		}
		this.status = status;
	}

	/** A {@code 400 Bad Request} with this detail. */
	public static HttpException badRequest(String detail) {
		return new HttpException(400, detail);
	}

	/** A {@code 404 Not Found} with this detail. */
	public static HttpException notFound(String detail) {
		return new HttpException(404, detail);
	}

	/** The HTTP status it is answered with. */
	public int status() {
		return this.status;
	}

	/** The problem+json body this exception is answered with. */
	public Problem toProblem(Context ctx) {
		return Problem.of(this.status, getMessage(), ctx.path());
	}

}
