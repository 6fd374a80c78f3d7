package dev.fastro.http.internal;

/**
 * What one request may make the server parse.
 *
 * @param maxParameters the most query parameters, or form fields, one request may carry
 */
public record RequestLimits(int maxParameters) {

	public RequestLimits {
		if (maxParameters < 1) {
			throw new IllegalArgumentException("maxParameters must be at least 1, not " + maxParameters);
		}
	}

}
