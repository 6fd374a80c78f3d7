package dev.fastro.security;

import dev.fastro.http.AttributeKey;
import dev.fastro.http.Context;

import org.springframework.security.core.Authentication;

/**
 * Where Fastro's security keeps what it decided about a request.
 */
public final class FastroSecurity {

	/**
	 * The request's authentication, set by the security middleware before the rest of the
	 * chain runs: an {@code AnonymousAuthenticationToken} for a request without
	 * credentials.
	 */
	public static final AttributeKey<Authentication> AUTHENTICATION = AttributeKey.of("authentication",
			Authentication.class);

	/**
	 * The order of the security middleware among global middleware beans, as Spring Boot
	 * orders Spring Security's filter: middleware ordered before it (such as a global
	 * {@code Cors}) sees every request, and unordered middleware runs inside it and sees
	 * the authenticated request.
	 */
	public static final int ORDER = -100;

	private FastroSecurity() {
	}

	/**
	 * The authentication of a request.
	 * @param ctx the request
	 * @return its authentication, anonymous when it carried no credentials, or
	 * {@code null} when no security middleware ran for it
	 */
	public static Authentication authentication(Context ctx) {
		return ctx.get(AUTHENTICATION);
	}

}
