package dev.fastro.http;

/**
 * A handler marked with how Fastro runs it: off the event loop
 * ({@link Handler#blocking}), or with its body streamed ({@link Handler#streaming}).
 * {@link Routes} reads the marks when it declares the route; the handler itself runs as
 * declared.
 */
final class MarkedHandler implements Handler {

	private final Handler delegate;

	private final boolean blocking;

	private final boolean streaming;

	private final long maxBodySize;

	private MarkedHandler(Handler delegate, boolean blocking, boolean streaming, long maxBodySize) {
		this.delegate = delegate;
		this.blocking = blocking;
		this.streaming = streaming;
		this.maxBodySize = maxBodySize;
	}

	static MarkedHandler blocking(Handler handler) {
		MarkedHandler marked = of(handler);
		return new MarkedHandler(marked.delegate, true, marked.streaming, marked.maxBodySize);
	}

	static MarkedHandler streaming(Handler handler, long maxBodySize) {
		MarkedHandler marked = of(handler);
		return new MarkedHandler(marked.delegate, marked.blocking, true, maxBodySize);
	}

	/** The marks of any handler: none, unless it is marked already. */
	static MarkedHandler of(Handler handler) {
		return (handler instanceof MarkedHandler marked) ? marked : new MarkedHandler(handler, false, false, -1);
	}

	Handler delegate() {
		return this.delegate;
	}

	boolean isStreaming() {
		return this.streaming;
	}

	/** The options the marks set: blocking, and a streaming handler's body limit. */
	RouteOptions options() {
		RouteOptions options = this.blocking ? RouteOptions.NONE.blocking(true) : RouteOptions.NONE;
		return (this.maxBodySize >= 0) ? options.maxBodySize(this.maxBodySize) : options;
	}

	@Override
	public Object handle(Context ctx) throws Exception {
		return this.delegate.handle(ctx);
	}

}
