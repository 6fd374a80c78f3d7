package dev.fastro.http.internal;

import dev.fastro.http.HttpException;
import org.reactivestreams.Publisher;

/**
 * Takes an {@link Exchange} to its answer. The {@link Dispatcher} is one; an optional
 * concern that must see each exchange whole, from before routing to the end of its
 * answer, wraps it once at start-up (see {@link DispatcherWrapper}), so that when the
 * concern is off the server calls the dispatcher itself.
 */
public interface ExchangeDispatcher {

	/**
	 * Answers one request; the returned publisher completes when the response has been
	 * written, and its cancellation means the client went away.
	 * @param exchange the request
	 * @return the completion of the answer
	 */
	Publisher<Void> dispatch(Exchange exchange);

	/**
	 * Answers a request that the server refuses before routing, such as one whose body is
	 * too large, with {@code error}. Request hooks, global middleware and response hooks
	 * see it as they see a request that matches no route, so a CORS or request-id
	 * middleware shapes this answer too.
	 * @param exchange the request
	 * @param error why it is refused
	 * @return the completion of the answer
	 */
	default Publisher<Void> fail(Exchange exchange, HttpException error) {
		exchange.routingFailure(error);
		return dispatch(exchange);
	}

}
