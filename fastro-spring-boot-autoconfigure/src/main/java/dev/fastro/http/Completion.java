package dev.fastro.http;

import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Lets middleware act when a result is final, whether the handler answered at once or
 * later.
 *
 * <pre>{@code
 * Middleware timing = (ctx, next) -> {
 *     long start = System.nanoTime();
 *     return Completion.whenComplete(next.handle(ctx), (value, error) -> record(System.nanoTime() - start));
 * };
 * }</pre>
 */
public final class Completion {

	private Completion() {
	}

	/**
	 * Calls {@code callback} once with the final value or error of {@code result}: at
	 * once for a plain value, on completion for a {@code Mono}, {@code Flux} or
	 * {@code CompletionStage} (with a {@code null} value for a stream). Returns the
	 * result to hand back up the chain, of the same kind.
	 */
	public static Object whenComplete(Object result, BiConsumer<Object, Throwable> callback) {
		if (result instanceof Mono<?> mono) {
			return mono.doOnSuccess(value -> callback.accept(value, null))
				.doOnError(error -> callback.accept(null, error));
		}
		if (result instanceof Publisher<?> stream) {
			return Flux.from(stream)
				.doOnComplete(() -> callback.accept(null, null))
				.doOnError(error -> callback.accept(null, error));
		}
		if (result instanceof CompletionStage<?> stage) {
			return stage.whenComplete(callback);
		}
		callback.accept(result, null);
		return result;
	}

}
