package dev.fastro.security.internal;

/**
 * Reads a bearer token from an {@code Authorization} header value as Spring Security's
 * {@code DefaultBearerTokenResolver} does, with a loop over its characters rather than a
 * regex: the scheme {@code Bearer} in any case, one space, then a b64token (RFC 6750,
 * 2.1).
 */
final class BearerCredentials {

	private static final String SCHEME = "bearer";

	private BearerCredentials() {
	}

	/**
	 * Whether a header value is of the {@code Bearer} scheme: as Spring Security decides,
	 * any value that starts with {@code bearer}, in any case.
	 */
	static boolean isBearer(String authorization) {
		return authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length());
	}

	/**
	 * The token of a {@code Bearer} header value.
	 * @param authorization a value for which {@link #isBearer(String)} holds
	 * @return the token, or {@code null} when it is malformed
	 */
	static String token(String authorization) {
		int start = SCHEME.length() + 1;
		if (authorization.length() <= start || authorization.charAt(SCHEME.length()) != ' ') {
			return null;
		}
		int end = authorization.length();
		int padding = end;
		while (padding > start && authorization.charAt(padding - 1) == '=') {
			padding--;
		}
		if (padding == start) {
			return null;
		}
		for (int i = start; i < padding; i++) {
			if (!isToken68(authorization.charAt(i))) {
				return null;
			}
		}
		return authorization.substring(start);
	}

	/** Whether a character may appear in a b64token before its padding. */
	private static boolean isToken68(char c) {
		return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
				|| c == '_' || c == '~' || c == '+' || c == '/';
	}

}
