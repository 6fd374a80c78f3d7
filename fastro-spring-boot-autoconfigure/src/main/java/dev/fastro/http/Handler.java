package dev.fastro.http;

import dev.fastro.http.internal.BlockingHandler;

/**
 * Answers a request. The returned value is written by Fastro: a {@code String} as text,
 * an object as JSON, a {@link Response} as given, {@code null} as 204, and a
 * {@code Mono}, {@code Flux} or {@code CompletionStage} once it completes.
 *
 * <pre>{@code
 * Handler hello = ctx -> "Hello " + ctx.param("name");
 * }</pre>
 */
@FunctionalInterface
public interface Handler {

	/**
	 * Answers the request. An exception is answered by the {@link ExceptionHandler} for
	 * its closest class, or as a 500 problem when there is none.
	 */
	Object handle(Context ctx) throws Exception;

	/**
	 * Marks a handler as blocking: Fastro runs it off the event loop, so JDBC or other
	 * blocking calls never stall Netty. It runs on a virtual thread when
	 * {@code spring.threads.virtual.enabled} is {@code true} on Java 21 or later, on a
	 * bounded pool otherwise.
	 */
	static Handler blocking(Handler handler) {
		return new BlockingHandler(handler);
	}

}
