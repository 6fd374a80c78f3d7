package dev.fastro.http;

/** A handler that must not run on the event loop; see {@link Handler#blocking(Handler)}. */
record BlockingHandler(Handler delegate) implements Handler {

	@Override
	public Object handle(Context ctx) throws Exception {
		return this.delegate.handle(ctx);
	}

}
