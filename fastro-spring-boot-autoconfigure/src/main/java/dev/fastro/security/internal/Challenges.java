package dev.fastro.security.internal;

import dev.fastro.http.Context;
import dev.fastro.security.SecurityRefusal;

/**
 * The refusals of Fastro's security, each with its {@code WWW-Authenticate} header as
 * Spring Security's {@code BearerTokenAuthenticationEntryPoint} and
 * {@code BearerTokenAccessDeniedHandler} write it (RFC 6750, 3): the scheme, then
 * {@code error}, {@code error_description}, {@code error_uri} and {@code scope}.
 */
final class Challenges {

	static final String WWW_AUTHENTICATE = "www-authenticate";

	private static final String ERROR_URI = "https://tools.ietf.org/html/rfc6750#section-3.1";

	private Challenges() {
	}

	/**
	 * A request without credentials, where they are needed: 401, its challenges set by
	 * the caller.
	 */
	static SecurityRefusal authenticationRequired() {
		return new SecurityRefusal(401, "Authentication is required to access this resource");
	}

	/**
	 * A user name and password that are not valid: 401 with the {@code Basic} challenge,
	 * and Spring Security's words, which tell neither which was wrong.
	 */
	static SecurityRefusal badCredentials(Context ctx, String challenge) {
		ctx.header(WWW_AUTHENTICATE, challenge);
		return new SecurityRefusal(401, "Bad credentials");
	}

	/** A bearer token that is not valid: 401 with {@code error="invalid_token"}. */
	static SecurityRefusal invalidToken(Context ctx, String description) {
		ctx.header(WWW_AUTHENTICATE, bearer("invalid_token", description, null));
		return new SecurityRefusal(401, description);
	}

	/** Credentials sent wrongly: 400 with {@code error="invalid_request"}. */
	static SecurityRefusal invalidRequest(Context ctx, String description) {
		ctx.header(WWW_AUTHENTICATE, bearer("invalid_request", description, null));
		return new SecurityRefusal(400, description);
	}

	/**
	 * A valid token that is not enough: 403 with {@code error="insufficient_scope"}, and
	 * the scope needed when the rule names one.
	 */
	static SecurityRefusal insufficientScope(Context ctx, String scope) {
		String description = "The request requires higher privileges than provided by the access token.";
		ctx.header(WWW_AUTHENTICATE, bearer("insufficient_scope", description, scope));
		return new SecurityRefusal(403, description);
	}

	/** Any other authenticated request that a rule refuses: 403. */
	static SecurityRefusal accessDenied() {
		return new SecurityRefusal(403, "Access is denied");
	}

	private static String bearer(String error, String description, String scope) {
		StringBuilder challenge = new StringBuilder("Bearer error=\"").append(error)
			.append("\", error_description=\"")
			.append(description)
			.append("\", error_uri=\"")
			.append(ERROR_URI)
			.append('"');
		if (scope != null) {
			challenge.append(", scope=\"").append(scope).append('"');
		}
		return challenge.toString();
	}

}
