package dev.fastro.security.internal;

import java.util.List;

import dev.fastro.http.Context;
import dev.fastro.http.Problem;
import dev.fastro.http.spi.DefaultExceptionHandler;
import dev.fastro.security.FastroSecurity;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.core.AuthenticationException;

/**
 * Answers Spring Security's exceptions thrown where a handler runs, as method security
 * throws them ({@code @PreAuthorize}), the way the routes' rules answer: a denial is a
 * 401 with the challenges for an anonymous request and a 403 for anyone else, a failed
 * authentication a 401. Defaults: an application's own handler for either type wins.
 */
public final class SecurityExceptionHandlers {

	private static final Log logger = LogFactory.getLog(SecurityExceptionHandlers.class);

	private SecurityExceptionHandlers() {
	}

	/**
	 * The answer to an {@link AccessDeniedException}.
	 * @param authenticators the authenticators of the schemes taken, whose challenges a
	 * 401 names
	 * @return the handler
	 */
	public static DefaultExceptionHandler<AccessDeniedException> accessDenied(List<Authenticator> authenticators) {
		Authenticators schemes = new Authenticators(authenticators);
		return new Handler<>(AccessDeniedException.class, (ctx, ex) -> {
			logger.debug("Access denied to " + ctx, ex);
			return schemes.refusal(ctx, FastroSecurity.authentication(ctx), null).toProblem(ctx);
		});
	}

	/**
	 * The answer to an {@link AuthenticationException}: a 401, but a 500 for an
	 * {@link AuthenticationServiceException}, which says the credentials could not be
	 * checked, as when the keys are out of reach.
	 * @param authenticators the authenticators of the schemes taken, whose challenges a
	 * 401 names
	 * @return the handler
	 */
	public static DefaultExceptionHandler<AuthenticationException> authenticationFailed(
			List<Authenticator> authenticators) {
		Authenticators schemes = new Authenticators(authenticators);
		return new Handler<>(AuthenticationException.class, (ctx, ex) -> {
			if (ex instanceof AuthenticationServiceException) {
				logger.error("Authentication failed for " + ctx, ex);
				return Problem.of(500, null, ctx.path());
			}
			logger.debug("Authentication failed for " + ctx, ex);
			return schemes.authenticationRequired(ctx).toProblem(ctx);
		});
	}

	private record Handler<E extends Throwable>(Class<E> exceptionType,
			Responder<E> responder) implements DefaultExceptionHandler<E> {

		@Override
		public Object handle(Context ctx, E exception) throws Exception {
			return this.responder.handle(ctx, exception);
		}

	}

}
