package dev.fastro.server.internal;

import java.util.function.BiFunction;

import dev.fastro.http.HttpException;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.Exchange;
import dev.fastro.http.internal.ExchangeDispatcher;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.internal.RequestLimits;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import org.reactivestreams.Publisher;
import reactor.netty.Connection;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * The bridge from Reactor Netty to the {@link Dispatcher}, or to what wraps it. A request
 * without a body is dispatched at once; a body is first received whole, within the size
 * limit, so that handlers may read it synchronously, and released when the response has
 * been written. Most bodies on HTTP/1.1 have been received whole by the connection's
 * guards before the request gets here.
 * <p>
 * Each request costs one {@link Exchange}; the {@link NettyTransport} it writes through
 * is shared.
 */
final class FastroHttpHandler implements BiFunction<HttpServerRequest, HttpServerResponse, Publisher<Void>> {

	private final ExchangeDispatcher dispatcher;

	private final JsonCodec json;

	private final RequestLimits limits;

	private final long maxBodySize;

	FastroHttpHandler(ExchangeDispatcher dispatcher, JsonCodec json, RequestLimits limits, long maxBodySize) {
		this.dispatcher = dispatcher;
		this.json = json;
		this.limits = limits;
		this.maxBodySize = maxBodySize;
	}

	@Override
	public Publisher<Void> apply(HttpServerRequest request, HttpServerResponse response) {
		HttpHeaders headers = request.requestHeaders();
		String expect = headers.get(HttpHeaderNames.EXPECT);
		if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect)) {
			return fail(request, response,
					new HttpException(417, "Unsupported expectation '" + expect + "'; only 100-continue is"));
		}
		boolean chunked = headers.containsValue(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED, true);
		long length = chunked ? -1 : contentLength(headers);
		if (length == 0) {
			return dispatch(request, response, null);
		}
		if (length > this.maxBodySize) {
			// The body stays unread, so the connection cannot carry another request.
			return fail(request, response, tooLarge());
		}
		ByteBuf whole = (length > 0) ? ConnectionState.takeWholeBody((Connection) request, headers) : null;
		return (whole != null) ? new ReceivedBody(this, request, response, whole)
				: new ReceivedBody(this, request, response, this.maxBodySize);
	}

	/** Dispatches a request whose body, if any, has been received whole. */
	Publisher<Void> dispatch(HttpServerRequest request, HttpServerResponse response, ByteBuf body) {
		return this.dispatcher.dispatch(exchange(request, response, body));
	}

	/**
	 * Refuses the request before routing, and closes the connection (on HTTP/2, the
	 * stream) after the answer.
	 */
	Publisher<Void> fail(HttpServerRequest request, HttpServerResponse response, HttpException failure) {
		response.keepAlive(false);
		return this.dispatcher.fail(exchange(request, response, null), failure);
	}

	private Exchange exchange(HttpServerRequest request, HttpServerResponse response, ByteBuf body) {
		return new Exchange(NettyTransport.INSTANCE, response, request.method().name(), request.uri(),
				request.requestHeaders(), response.responseHeaders(), body, this.json, this.limits);
	}

	HttpException tooLarge() {
		return new HttpException(413, "Request body is larger than the limit of " + this.maxBodySize + " bytes");
	}

	private static long contentLength(HttpHeaders headers) {
		String value = headers.get(HttpHeaderNames.CONTENT_LENGTH);
		// Netty's decoder has already refused a malformed content-length.
		return (value != null) ? Long.parseLong(value.trim()) : 0;
	}

}
