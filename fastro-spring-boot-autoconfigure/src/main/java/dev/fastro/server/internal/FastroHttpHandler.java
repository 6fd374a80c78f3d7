package dev.fastro.server.internal;

import java.util.function.BiFunction;

import dev.fastro.http.HttpException;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.Exchange;
import dev.fastro.http.internal.ExchangeDispatcher;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.internal.RequestLimits;
import dev.fastro.http.internal.Transport;
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
		long length = declaredLength(headers);
		HttpException refusal = refusal(headers, length);
		if (refusal != null) {
			return fail(request, response, refusal);
		}
		if (length == 0) {
			return dispatch(request, response, null);
		}
		ByteBuf whole = ConnectionState.takeWholeBody((Connection) request, headers);
		return (whole != null) ? new ReceivedBody(this, request, response, whole)
				: new ReceivedBody(this, request, response, this.maxBodySize);
	}

	/**
	 * Why a request is refused from its head alone, before its body is read, or
	 * {@code null}: an expectation other than {@code 100-continue}, or a body declared
	 * larger than the limit. The body stays unread, so the connection cannot carry
	 * another request.
	 * @param length the body's {@link #declaredLength}
	 */
	HttpException refusal(HttpHeaders headers, long length) {
		String expect = headers.get(HttpHeaderNames.EXPECT);
		if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect)) {
			return new HttpException(417, "Unsupported expectation '" + expect + "'; only 100-continue is");
		}
		return (length > this.maxBodySize) ? tooLarge() : null;
	}

	/** Dispatches a request whose body, if any, has been received whole. */
	Publisher<Void> dispatch(HttpServerRequest request, HttpServerResponse response, ByteBuf body) {
		return dispatch(exchange(request, response, body));
	}

	/**
	 * Refuses the request before routing, and closes the connection (on HTTP/2, the
	 * stream) after the answer.
	 */
	Publisher<Void> fail(HttpServerRequest request, HttpServerResponse response, HttpException failure) {
		response.keepAlive(false);
		return fail(exchange(request, response, null), failure);
	}

	private Exchange exchange(HttpServerRequest request, HttpServerResponse response, ByteBuf body) {
		return exchange(NettyTransport.INSTANCE, response, request.method().name(), request.uri(),
				request.requestHeaders(), response.responseHeaders(), body);
	}

	/**
	 * The exchange of one request, through any transport.
	 * @param body the whole request body, or {@code null} when there is none
	 */
	<H> Exchange exchange(Transport<H> transport, H handle, String method, String uri, HttpHeaders headers,
			HttpHeaders responseHeaders, ByteBuf body) {
		return new Exchange(transport, handle, method, uri, headers, responseHeaders, body, this.json, this.limits);
	}

	/** Dispatches an exchange whose body, if any, has been received whole. */
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

	HttpException tooLarge() {
		return tooLarge(this.maxBodySize);
	}

	static HttpException tooLarge(long maxBodySize) {
		return new HttpException(413, "Request body is larger than the limit of " + maxBodySize + " bytes");
	}

	/**
	 * The length a request head declares for its body: {@link RequestFraming#CHUNKED},
	 * its content-length, or 0.
	 */
	static long declaredLength(HttpHeaders headers) {
		if (headers.containsValue(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED, true)) {
			return RequestFraming.CHUNKED;
		}
		String value = headers.get(HttpHeaderNames.CONTENT_LENGTH);
		// Netty's decoder has already refused a malformed content-length.
		return (value != null) ? Long.parseLong(value.trim()) : 0;
	}

}
