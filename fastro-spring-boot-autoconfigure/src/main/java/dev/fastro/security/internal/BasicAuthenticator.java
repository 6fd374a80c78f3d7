package dev.fastro.security.internal;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import dev.fastro.http.Context;
import dev.fastro.security.SecurityRefusal;

import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;

/**
 * Authenticates a user name and password sent with the {@code Basic} scheme (RFC 7617),
 * read as Spring Security's {@code BasicAuthenticationConverter} reads them (UTF-8, the
 * name up to the first colon), against an {@link AuthenticationManager}: a password hash
 * takes time, so it never runs on the event loop.
 */
public final class BasicAuthenticator implements Authenticator {

	private static final String SCHEME = "basic";

	private final AuthenticationManager manager;

	private final String challenge;

	/**
	 * Creates an authenticator.
	 * @param manager what checks the user name and password
	 * @param realm the realm named in the challenge
	 */
	public BasicAuthenticator(AuthenticationManager manager, String realm) {
		this.manager = manager;
		this.challenge = "Basic realm=\"" + realm + "\"";
	}

	@Override
	public boolean takes(String authorization) {
		return authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length());
	}

	@Override
	public Authentication authenticate(String authorization) {
		if (authorization.length() <= SCHEME.length() + 1 || authorization.charAt(SCHEME.length()) != ' ') {
			throw new BadCredentialsException("Empty basic authentication token");
		}
		String credentials;
		try {
			credentials = new String(Base64.getDecoder().decode(authorization.substring(SCHEME.length() + 1)),
					StandardCharsets.UTF_8);
		}
		catch (IllegalArgumentException ex) {
			throw new BadCredentialsException("Failed to decode basic authentication token");
		}
		int colon = credentials.indexOf(':');
		if (colon < 0) {
			throw new BadCredentialsException("Invalid basic authentication token");
		}
		return this.manager.authenticate(UsernamePasswordAuthenticationToken
			.unauthenticated(credentials.substring(0, colon), credentials.substring(colon + 1)));
	}

	@Override
	public boolean isLocal() {
		return false;
	}

	@Override
	public String challenge() {
		return this.challenge;
	}

	@Override
	public SecurityRefusal refusal(Context ctx, AuthenticationException failure) {
		return Challenges.badCredentials(ctx, this.challenge);
	}

}
