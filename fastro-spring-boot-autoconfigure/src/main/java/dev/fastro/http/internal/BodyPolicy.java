package dev.fastro.http.internal;

/**
 * How a route takes its request body, which the server asks once the request head is
 * routed and before it reads the body.
 *
 * @param streamed whether the handler reads the body as it arrives ({@link BodyStream})
 * rather than received whole
 * @param maxSize the largest body the route accepts, in bytes, or -1 for the server's
 * limit
 * @param parts whether a {@code multipart/form-data} body is decoded as it arrives, its
 * large parts to temporary files, before the handler runs, rather than received whole
 */
public record BodyPolicy(boolean streamed, long maxSize, boolean parts) {

	/** A body received whole, within the server's limit, whatever its content type. */
	public static final BodyPolicy WHOLE = new BodyPolicy(false, -1, false);

	/** The route's limit, or {@code serverLimit} when it sets none. */
	public long limit(long serverLimit) {
		return (this.maxSize >= 0) ? this.maxSize : serverLimit;
	}

}
