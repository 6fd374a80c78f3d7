package dev.fastro.http;

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
		return MarkedHandler.blocking(handler);
	}

	/**
	 * Marks a handler as reading its request body as it arrives, with
	 * {@link Context#bodyStream()} or {@link Context#bodyInputStream()}, rather than
	 * received whole: for uploads, proxies and ingest endpoints whose bodies need not fit
	 * in memory. The connection reads only as fast as the handler consumes, and a client
	 * that sends {@code Expect: 100-continue} is told to send the body only when the
	 * handler first asks for it. The server's {@code fastro.server.max-body-size} limits
	 * the body.
	 *
	 * <pre>{@code
	 * .post("/upload", streaming(ctx -> ctx.bodyStream().reduce(...)))
	 * }</pre>
	 */
	static Handler streaming(Handler handler) {
		return MarkedHandler.streaming(handler, -1);
	}

	/**
	 * Marks a handler as reading its request body as it arrives, as
	 * {@link #streaming(Handler)} does, up to {@code maxBodySize} bytes in place of the
	 * server's limit: a longer body fails the stream with a {@code 413}.
	 */
	static Handler streaming(long maxBodySize, Handler handler) {
		if (maxBodySize < 0) {
			throw new IllegalArgumentException("maxBodySize must not be negative, was " + maxBodySize);
		}
		return MarkedHandler.streaming(handler, maxBodySize);
	}

}
