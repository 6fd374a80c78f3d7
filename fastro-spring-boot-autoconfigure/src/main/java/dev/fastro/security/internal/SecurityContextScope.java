package dev.fastro.security.internal;

import dev.fastro.http.Context;
import dev.fastro.http.Handler;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolderStrategy;

/**
 * Puts a request's authentication where Spring Security's method security reads it while
 * the rest of the chain runs: in the {@link SecurityContextHolderStrategy} for the
 * synchronous call, which is where {@code @EnableMethodSecurity} looks whatever the
 * method returns, and in the Reactor context of a {@code Mono} or {@code Flux} result,
 * where {@code @EnableReactiveMethodSecurity} looks and from which Reactor's automatic
 * context propagation restores the holder on other threads.
 * <p>
 * The holder is given back as it was, rather than cleared: a test may run requests in
 * process on a thread that holds its own context.
 */
final class SecurityContextScope {

	private final SecurityContextHolderStrategy strategy;

	SecurityContextScope(SecurityContextHolderStrategy strategy) {
		this.strategy = strategy;
	}

	/** Calls {@code next} with {@code authentication} as the security context. */
	Object call(Context ctx, Handler next, Authentication authentication) throws Exception {
		SecurityContext context = this.strategy.createEmptyContext();
		context.setAuthentication(authentication);
		SecurityContext previous = this.strategy.getContext();
		this.strategy.setContext(context);
		try {
			return withContext(next.handle(ctx), context);
		}
		finally {
			if (previous.getAuthentication() != null) {
				this.strategy.setContext(previous);
			}
			else {
				this.strategy.clearContext();
			}
		}
	}

	private static Object withContext(Object result, SecurityContext context) {
		if (result instanceof Mono<?> mono) {
			return mono.contextWrite((reactor) -> with(reactor, context));
		}
		if (result instanceof Publisher<?> stream) {
			return Flux.from(stream).contextWrite((reactor) -> with(reactor, context));
		}
		return result;
	}

	/**
	 * The context under the keys of {@link ReactiveSecurityContextHolder} and of the
	 * holder's accessor for automatic context propagation, which Spring Security
	 * registers.
	 */
	private static reactor.util.context.Context with(reactor.util.context.Context reactor, SecurityContext context) {
		return reactor.putAll(ReactiveSecurityContextHolder.withSecurityContext(Mono.just(context)).readOnly())
			.put(SecurityContext.class.getName(), context);
	}

}
