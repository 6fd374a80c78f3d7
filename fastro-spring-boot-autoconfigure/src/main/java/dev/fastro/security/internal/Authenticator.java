package dev.fastro.security.internal;

import dev.fastro.http.Context;
import dev.fastro.security.SecurityRefusal;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;

/**
 * Authenticates the credentials of one scheme of the {@code Authorization} header, such
 * as {@code Bearer} or {@code Basic}, and words its refusals.
 */
public interface Authenticator {

	/**
	 * Whether a header value is of this scheme.
	 * @param authorization the {@code Authorization} header's value
	 * @return whether this authenticator takes it
	 */
	boolean takes(String authorization);

	/**
	 * Authenticates a header value of this scheme.
	 * @param authorization the header's value
	 * @return the authentication
	 * @throws AuthenticationException when the credentials are not valid, or, as an
	 * {@code AuthenticationServiceException}, when they could not be checked
	 */
	Authentication authenticate(String authorization);

	/**
	 * Whether authenticating takes only CPU, so that it may run on the event loop; a
	 * decoder that may fetch keys over the network, or a password hash, does not.
	 * @return whether it never blocks
	 */
	boolean isLocal();

	/**
	 * The challenge of this scheme for a request that must authenticate, as a
	 * {@code WWW-Authenticate} value.
	 * @return the challenge, such as {@code Bearer}
	 */
	String challenge();

	/**
	 * The refusal of credentials of this scheme that were not accepted, telling nothing
	 * of their contents.
	 * @param ctx the request, on which the challenge is set
	 * @param failure why they were refused
	 * @return the refusal, a 401
	 */
	SecurityRefusal refusal(Context ctx, AuthenticationException failure);

	/**
	 * The refusal of an authentication this scheme made that a rule does not allow, when
	 * the scheme words it its own way.
	 * @param ctx the request, on which the challenge is set
	 * @param authentication the authentication refused
	 * @param scope the scope the rule asks for, or {@code null}
	 * @return the refusal, or {@code null} for a plain 403
	 */
	default SecurityRefusal forbidden(Context ctx, Authentication authentication, String scope) {
		return null;
	}

	/**
	 * The refusal of credentials sent wrongly, such as in two headers, when the scheme
	 * words it its own way.
	 * @param ctx the request, on which the challenge is set
	 * @param description what was wrong
	 * @return the refusal, or {@code null} for a plain 400
	 */
	default SecurityRefusal invalidRequest(Context ctx, String description) {
		return null;
	}

}
