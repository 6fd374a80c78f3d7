package dev.fastro.security.internal;

import java.util.Iterator;

import dev.fastro.http.Context;
import dev.fastro.http.Handler;
import dev.fastro.http.Middleware;
import dev.fastro.http.internal.Exchange;
import dev.fastro.security.FastroSecurity;
import io.netty.handler.codec.http.HttpHeaderNames;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.authority.AuthorityUtils;

/**
 * The security of one route: authenticates the request's credentials, even where the rule
 * permits all (a bad token is a 401, as Spring Security answers it), asks the rule's
 * manager, and hands the authenticated request on or refuses it.
 * <p>
 * Credentials whose check may block (a decoder that fetches keys, a password hash) are
 * checked on the blocking scheduler, and the rest of the chain then runs there; those
 * checked by CPU alone, or on a blocking route, are checked where the request runs.
 */
final class RouteSecurity implements Middleware {

	private static final Log logger = LogFactory.getLog(RouteSecurity.class);

	private static final Authentication ANONYMOUS = new AnonymousAuthenticationToken("fastro", "anonymousUser",
			AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS"));

	private final AuthorizationManager<Context> manager;

	private final String scope;

	private final Authenticators authenticators;

	private final boolean blockingRoute;

	private final Scheduler blockingScheduler;

	private final SecurityContextScope contextScope;

	RouteSecurity(AuthorizationManager<Context> manager, String scope, Authenticators authenticators,
			boolean blockingRoute, Scheduler blockingScheduler, SecurityContextScope contextScope) {
		this.manager = manager;
		this.scope = scope;
		this.authenticators = authenticators;
		this.blockingRoute = blockingRoute;
		this.blockingScheduler = blockingScheduler;
		this.contextScope = contextScope;
	}

	@Override
	public Object handle(Context ctx, Handler next) throws Exception {
		Authentication present = ctx.get(FastroSecurity.AUTHENTICATION);
		if (present != null) {
			return authorize(ctx, next, present);
		}
		String authorization = authorization(ctx);
		Authenticator authenticator = (authorization != null) ? this.authenticators.of(authorization) : null;
		if (authenticator == null) {
			return authorize(ctx, next, ANONYMOUS);
		}
		if (this.blockingRoute || authenticator.isLocal()) {
			return authorize(ctx, next, authenticate(ctx, authenticator, authorization));
		}
		return Mono.fromCallable(() -> authenticate(ctx, authenticator, authorization))
			.subscribeOn(this.blockingScheduler)
			.handle((authentication, sink) -> {
				try {
					Object result = authorize(ctx, next, authentication);
					if (result != null) {
						sink.next(result);
					}
				}
				catch (Exception ex) {
					sink.error(ex);
				}
			});
	}

	/**
	 * The request's {@code Authorization} header, or {@code null} when it has none.
	 * @throws SecurityRefusal when it has more than one
	 */
	private String authorization(Context ctx) {
		// One lookup, and no list, for the common case of one value or none.
		Iterator<String> values = ctx.requestHeaders().valueStringIterator(HttpHeaderNames.AUTHORIZATION);
		if (!values.hasNext()) {
			return null;
		}
		String value = values.next();
		// A single field (RFC 9110, 11.6.2): which of two would a proxy have checked?
		if (values.hasNext()) {
			throw this.authenticators.tooManyCredentials(ctx);
		}
		return value;
	}

	private Authentication authenticate(Context ctx, Authenticator authenticator, String authorization) {
		try {
			return authenticator.authenticate(authorization);
		}
		catch (AuthenticationServiceException ex) {
			// The credentials could not be checked, as when the keys are out of reach:
			// the server's fault, answered 500 and logged.
			throw ex;
		}
		catch (AuthenticationException ex) {
			logger.debug("Credentials of " + ctx + " refused", ex);
			throw authenticator.refusal(ctx, ex);
		}
	}

	private Object authorize(Context ctx, Handler next, Authentication authentication) throws Exception {
		AuthorizationResult result = this.manager.authorize(() -> authentication, ctx);
		// No result is an abstention, which Spring Security's AuthorizationFilter lets
		// through.
		if (result != null && !result.isGranted()) {
			throw this.authenticators.refusal(ctx, authentication, this.scope);
		}
		ctx.set(FastroSecurity.AUTHENTICATION, authentication);
		if (ctx instanceof Exchange exchange) {
			exchange.principal(Authenticators.isAnonymous(authentication) ? null : authentication);
		}
		return this.contextScope.call(ctx, next, authentication);
	}

}
