package dev.fastro.security.internal;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;

/**
 * Authenticates the bearer token of a request.
 */
public interface Authenticator {

	/**
	 * Authenticates a token.
	 * @param token the bearer token, as sent
	 * @return the authentication
	 * @throws AuthenticationException when the token is not valid, or, as an
	 * {@code AuthenticationServiceException}, when it could not be checked
	 */
	Authentication authenticate(String token);

	/**
	 * Whether authenticating takes only CPU, so that it may run on the event loop; a
	 * decoder that may fetch keys over the network does not.
	 * @return whether it never blocks
	 */
	boolean isLocal();

	/**
	 * What to tell the client of a token refused, revealing nothing of its contents.
	 * @param failure why it was refused
	 * @return a fixed description, such as {@code The token has expired}
	 */
	String describe(AuthenticationException failure);

}
