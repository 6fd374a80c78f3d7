package dev.fastro.autoconfigure.internal;

import java.security.Principal;

import dev.fastro.http.Context;
import dev.fastro.security.FastroSecurity;

import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.security.authentication.AuthenticationTrustResolver;
import org.springframework.security.authentication.AuthenticationTrustResolverImpl;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;

/**
 * What an Actuator endpoint knows of a request's user, from the authentication Fastro's
 * security gave the request, as Spring Boot's WebFlux mapping tells it: the
 * authentication is the principal, and a role is the authority {@code ROLE_} and the
 * role. An anonymous request has no principal, as Spring's servlet request has none, so
 * that {@code show-details: when-authorized} shows it nothing even without {@code roles}.
 * The request is read rather than a thread's context, so it holds on whichever thread the
 * operation runs.
 */
public final class ActuatorSecurityContext implements SecurityContext {

	private static final AuthenticationTrustResolver trustResolver = new AuthenticationTrustResolverImpl();

	private static final String ROLE_PREFIX = "ROLE_";

	private final Authentication authentication;

	private ActuatorSecurityContext(Authentication authentication) {
		this.authentication = authentication;
	}

	/**
	 * The security context of a request.
	 * @param ctx the request
	 * @return its authenticated user, or {@link SecurityContext#NONE} when it has none
	 */
	public static SecurityContext of(Context ctx) {
		Authentication authentication = FastroSecurity.authentication(ctx);
		if (!trustResolver.isAuthenticated(authentication)) {
			return SecurityContext.NONE;
		}
		return new ActuatorSecurityContext(authentication);
	}

	@Override
	public Principal getPrincipal() {
		return this.authentication;
	}

	@Override
	public boolean isUserInRole(String role) {
		String authority = role.startsWith(ROLE_PREFIX) ? role : ROLE_PREFIX + role;
		for (GrantedAuthority granted : this.authentication.getAuthorities()) {
			if (authority.equals(granted.getAuthority())) {
				return true;
			}
		}
		return false;
	}

}
