package dev.fastro.http.internal;

import dev.fastro.http.Context;
import reactor.core.publisher.Mono;

/**
 * What may answer a {@code GET} or {@code HEAD} that no route takes, before it is
 * answered 404 or 405: static files. The {@link Dispatcher} asks it at the end of the
 * global middleware chain, where it would answer 404, so every declared route wins over
 * it and the middleware sees its answers as it sees a 404.
 */
@FunctionalInterface
public interface NoRouteFallback {

	/**
	 * The answer to a request no route takes. Called on the event loop, so it must not
	 * block: what looks at files does it in the {@code Mono}, off the event loop.
	 * @param ctx the request, a {@code GET} or {@code HEAD}
	 * @param routedForOtherMethods whether routes of other methods take its path, so
	 * that, without an answer here, it is answered 405 rather than 404
	 * @return the answer, a handler's result; empty when there is none
	 */
	Mono<?> answer(Context ctx, boolean routedForOtherMethods);

	/**
	 * Whether a {@code GET} of this request's path would be answered here, asked of a
	 * request of another method that no route takes: it is then answered as a path that
	 * {@code GET} and {@code HEAD} are allowed on, 204 for {@code OPTIONS} and 405 for
	 * the rest. Called on the event loop, so it must not block.
	 * @param ctx the request, of a method other than {@code GET} and {@code HEAD}
	 * @return whether a {@code GET} would be answered; by default, never
	 */
	default Mono<Boolean> answersGet(Context ctx) {
		return Mono.just(false);
	}

}
