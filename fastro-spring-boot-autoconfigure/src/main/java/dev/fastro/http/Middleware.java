package dev.fastro.http;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Wraps the rest of the chain: it may act before and after {@code next}, replace the
 * result, catch what {@code next} throws, or answer alone by not calling {@code next} at
 * all.
 *
 * <pre>{@code
 * Middleware auth = (ctx, next) -> ctx.header("authorization") == null
 *         ? Response.status(401).body("Who are you?")
 *         : next.handle(ctx);
 * }</pre>
 *
 * Declared as a bean, a middleware is global (ordered by {@code @Order} or
 * {@code Ordered}) and also sees requests that match no route; given to
 * {@link Routes.Builder#use(Middleware...)} it wraps a group, and given after a route's
 * handler it wraps that route alone. Chains are composed once at start-up.
 * <p>
 * An asynchronous handler returns a {@code Mono} or {@code CompletionStage} from
 * {@code next}; use {@link Completion#whenComplete(Object, BiConsumer)} to act once it is
 * done.
 */
@FunctionalInterface
public interface Middleware {

	Object handle(Context ctx, Handler next) throws Exception;

	/** Composes middleware around a handler, the first one outermost. */
	static Handler compose(Iterable<? extends Middleware> middleware, Handler handler) {
		List<Middleware> list = new ArrayList<>();
		middleware.forEach(list::add);
		Handler chain = handler;
		for (int i = list.size() - 1; i >= 0; i--) {
			Middleware outer = list.get(i);
			Handler next = chain;
			chain = ctx -> outer.handle(ctx, next);
		}
		return chain;
	}

}
