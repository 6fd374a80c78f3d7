package dev.fastro.security.internal;

import java.text.ParseException;

import dev.fastro.http.Context;
import dev.fastro.security.SecurityRefusal;

import org.springframework.security.authentication.AuthenticationEventPublisher;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.server.resource.authentication.AbstractOAuth2TokenAuthenticationToken;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationProvider;
import org.springframework.security.oauth2.server.resource.authentication.OpaqueTokenAuthenticationProvider;

/**
 * Authenticates a bearer token (RFC 6750) through Spring Security's provider for its
 * kind: a JWT checked by a {@code JwtDecoder} ({@link JwtAuthenticationProvider}), or an
 * opaque token asked about at the authorization server
 * ({@link OpaqueTokenAuthenticationProvider}), in a {@link ProviderManager} that
 * publishes its successes and failures.
 */
public final class BearerTokenAuthenticator implements Authenticator {

	private final ProviderManager manager;

	private final boolean local;

	/**
	 * Creates an authenticator.
	 * @param provider Spring Security's provider for the tokens' kind
	 * @param publisher the publisher of authentication events, or {@code null}
	 * @param local whether checking a token takes only CPU, as with a JWT decoder of a
	 * configured public key
	 */
	public BearerTokenAuthenticator(AuthenticationProvider provider, AuthenticationEventPublisher publisher,
			boolean local) {
		this.manager = new ProviderManager(provider);
		if (publisher != null) {
			this.manager.setAuthenticationEventPublisher(publisher);
		}
		this.local = local;
	}

	@Override
	public boolean takes(String authorization) {
		return BearerCredentials.isBearer(authorization);
	}

	@Override
	public Authentication authenticate(String authorization) {
		String token = BearerCredentials.token(authorization);
		if (token == null) {
			throw new MalformedToken();
		}
		return this.manager.authenticate(new BearerTokenAuthenticationToken(token));
	}

	@Override
	public String challenge() {
		return "Bearer";
	}

	@Override
	public SecurityRefusal refusal(Context ctx, AuthenticationException failure) {
		return Challenges.invalidToken(ctx, describe(failure));
	}

	/**
	 * A token that is not enough: 403 with {@code error="insufficient_scope"}, as Spring
	 * Security's {@code BearerTokenAccessDeniedHandler} answers.
	 */
	@Override
	public SecurityRefusal forbidden(Context ctx, Authentication authentication, String scope) {
		return (authentication instanceof AbstractOAuth2TokenAuthenticationToken)
				? Challenges.insufficientScope(ctx, scope) : null;
	}

	@Override
	public SecurityRefusal invalidRequest(Context ctx, String description) {
		return Challenges.invalidRequest(ctx, description);
	}

	@Override
	public boolean isLocal() {
		return this.local;
	}

	/**
	 * A fixed text for what the decoder found: Spring Security would send its message,
	 * which quotes the token's claims and the parser's findings.
	 */
	private static String describe(AuthenticationException failure) {
		if (failure instanceof MalformedToken) {
			return "The token is malformed";
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof JwtValidationException invalid) {
				for (OAuth2Error error : invalid.getErrors()) {
					String description = String.valueOf(error.getDescription());
					if (description.startsWith("Jwt expired")) {
						return "The token has expired";
					}
					if (description.startsWith("Jwt used before")) {
						return "The token is not valid yet";
					}
				}
			}
			if (cause instanceof ParseException) {
				return "The token is malformed";
			}
		}
		return "The token is invalid";
	}

	/** A header value of the scheme whose token is not a b64token. */
	private static final class MalformedToken extends AuthenticationException {

		MalformedToken() {
			super("Bearer token is malformed");
		}

	}

}
