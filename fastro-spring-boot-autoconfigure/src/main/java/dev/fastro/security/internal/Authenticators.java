package dev.fastro.security.internal;

import java.util.List;

import dev.fastro.http.Context;
import dev.fastro.security.SecurityRefusal;

import org.springframework.security.authentication.AuthenticationTrustResolver;
import org.springframework.security.authentication.AuthenticationTrustResolverImpl;
import org.springframework.security.core.Authentication;

/**
 * The schemes an application takes credentials in, and the refusals they share, as Spring
 * Security's {@code ExceptionTranslationFilter} decides them: a request that must
 * authenticate gets the challenge of every scheme, one {@code WWW-Authenticate} line
 * each.
 */
final class Authenticators {

	private static final AuthenticationTrustResolver trustResolver = new AuthenticationTrustResolverImpl();

	private final Authenticator[] all;

	Authenticators(List<Authenticator> authenticators) {
		this.all = authenticators.toArray(Authenticator[]::new);
	}

	boolean isEmpty() {
		return this.all.length == 0;
	}

	/**
	 * The authenticator of a header value's scheme, or {@code null} when none takes it.
	 */
	Authenticator of(String authorization) {
		for (Authenticator authenticator : this.all) {
			if (authenticator.takes(authorization)) {
				return authenticator;
			}
		}
		return null;
	}

	/**
	 * A request that must authenticate: 401 with each scheme's challenge, or 403 when no
	 * scheme is taken, as Spring Security's default entry point answers.
	 */
	SecurityRefusal authenticationRequired(Context ctx) {
		if (this.all.length == 0) {
			return Challenges.accessDenied();
		}
		for (Authenticator authenticator : this.all) {
			ctx.responseHeaders().add(Challenges.WWW_AUTHENTICATE, authenticator.challenge());
		}
		return Challenges.authenticationRequired();
	}

	/**
	 * A refusal of an authenticated request: an anonymous or remembered user is asked to
	 * authenticate, anyone else is forbidden.
	 * @param ctx the request
	 * @param authentication its authentication, {@code null} when none was decided
	 * @param scope the scope the rule asks for, or {@code null}
	 */
	SecurityRefusal refusal(Context ctx, Authentication authentication, String scope) {
		if (authentication == null || isAnonymous(authentication) || trustResolver.isRememberMe(authentication)) {
			return authenticationRequired(ctx);
		}
		for (Authenticator authenticator : this.all) {
			SecurityRefusal forbidden = authenticator.forbidden(ctx, authentication, scope);
			if (forbidden != null) {
				return forbidden;
			}
		}
		return Challenges.accessDenied();
	}

	/** Two {@code Authorization} headers: which would a proxy have checked? */
	SecurityRefusal tooManyCredentials(Context ctx) {
		String description = "The request has more than one Authorization header";
		for (Authenticator authenticator : this.all) {
			SecurityRefusal invalid = authenticator.invalidRequest(ctx, description);
			if (invalid != null) {
				return invalid;
			}
		}
		return new SecurityRefusal(400, description);
	}

	/**
	 * Whether an authentication is the anonymous one of a request without credentials.
	 */
	static boolean isAnonymous(Authentication authentication) {
		return trustResolver.isAnonymous(authentication);
	}

}
