package dev.fastro.http.internal;

import dev.fastro.http.Context;
import dev.fastro.http.Handler;

/**
 * A handler that must not run on the event loop; see {@link Handler#blocking(Handler)}.
 *
 * @param delegate the handler marked as blocking
 */
public record BlockingHandler(Handler delegate) implements Handler {

	@Override
	public Object handle(Context ctx) throws Exception {
		return this.delegate.handle(ctx);
	}

}
