package dev.fastro.server.internal;

import java.util.function.BiFunction;

import dev.fastro.http.HttpException;
import dev.fastro.http.internal.BodyPolicy;
import dev.fastro.http.internal.BodyStream;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.Exchange;
import dev.fastro.http.internal.ExchangeDispatcher;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.internal.RequestLimits;
import dev.fastro.http.spi.Transport;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import org.reactivestreams.Publisher;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * The bridge from Reactor Netty to the {@link Dispatcher}, or to what wraps it. A request
 * without a body is dispatched at once. One with a body is routed first, and takes its
 * body as its route says ({@link BodyPolicy}): received whole, within the route's limit,
 * so that handlers may read it synchronously, and released when the response has been
 * written ({@link ReceivedBody}); or streamed to the handler as it arrives
 * ({@link StreamedBody}).
 * <p>
 * Each request costs one {@link Exchange}; the {@link NettyTransport} it writes through
 * is shared.
 */
final class FastroHttpHandler implements BiFunction<HttpServerRequest, HttpServerResponse, Publisher<Void>> {

	private final Dispatcher router;

	private final ExchangeDispatcher dispatcher;

	private final JsonCodec json;

	private final RequestLimits limits;

	private final long maxBodySize;

	/**
	 * @param router the dispatcher that routes requests, asked how a route takes its body
	 * @param dispatcher what answers them: the router, or what wraps it
	 */
	FastroHttpHandler(Dispatcher router, ExchangeDispatcher dispatcher, JsonCodec json, RequestLimits limits,
			long maxBodySize) {
		this.router = router;
		this.dispatcher = dispatcher;
		this.json = json;
		this.limits = limits;
		this.maxBodySize = maxBodySize;
	}

	@Override
	public Publisher<Void> apply(HttpServerRequest request, HttpServerResponse response) {
		HttpHeaders headers = request.requestHeaders();
		HttpException refusal = expectation(headers);
		if (refusal != null) {
			return fail(request, response, refusal);
		}
		long length = RequestFraming.declaredLength(headers);
		Exchange exchange = exchange(request, response);
		if (length == 0) {
			return dispatch(exchange);
		}
		BodyPolicy policy = bodyPolicy(exchange);
		long limit = policy.limit(this.maxBodySize);
		if (length > limit) {
			// The body stays unread: the connection cannot carry another request.
			response.keepAlive(false);
			return fail(exchange, BodyStream.tooLarge(limit));
		}
		return policy.streamed() ? new StreamedBody(this, request, exchange, limit)
				: new ReceivedBody(this, request, response, exchange, limit);
	}

	/**
	 * Why a request is refused from its head alone, before its body is read, or
	 * {@code null}: an expectation other than {@code 100-continue}.
	 */
	static HttpException expectation(HttpHeaders headers) {
		String expect = headers.get(HttpHeaderNames.EXPECT);
		if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect)) {
			return new HttpException(417, "Unsupported expectation '" + expect + "'; only 100-continue is");
		}
		return null;
	}

	/**
	 * Refuses the request before routing, and closes the connection (on HTTP/2, the
	 * stream) after the answer.
	 */
	Publisher<Void> fail(HttpServerRequest request, HttpServerResponse response, HttpException failure) {
		response.keepAlive(false);
		return fail(exchange(request, response), failure);
	}

	private Exchange exchange(HttpServerRequest request, HttpServerResponse response) {
		return exchange(NettyTransport.INSTANCE, response, request.method().name(), request.uri(),
				request.requestHeaders(), response.responseHeaders(), null);
	}

	/**
	 * The exchange of one request, through any transport.
	 * @param body the whole request body, or {@code null} when there is none yet
	 */
	<H> Exchange exchange(Transport<H> transport, H handle, String method, String uri, HttpHeaders headers,
			HttpHeaders responseHeaders, ByteBuf body) {
		return new Exchange(transport, handle, method, uri, headers, responseHeaders, body, this.json, this.limits);
	}

	/**
	 * Routes an exchange whose head has arrived: how its route takes the body.
	 */
	BodyPolicy bodyPolicy(Exchange exchange) {
		return this.router.bodyPolicy(exchange);
	}

	/** The server's limit on a request body, for a route that sets none. */
	long maxBodySize() {
		return this.maxBodySize;
	}

	/** Dispatches an exchange whose body, if any, has been received whole, or streams. */
	Publisher<Void> dispatch(Exchange exchange) {
		return this.dispatcher.dispatch(exchange);
	}

	/**
	 * Refuses an exchange before routing; the caller closes the connection after the
	 * answer.
	 */
	Publisher<Void> fail(Exchange exchange, HttpException failure) {
		return this.dispatcher.fail(exchange, failure);
	}

}
