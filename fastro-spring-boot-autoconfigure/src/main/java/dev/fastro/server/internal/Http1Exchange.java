package dev.fastro.server.internal;

import java.net.InetSocketAddress;

import dev.fastro.http.internal.ChunkOwnership;
import dev.fastro.http.internal.HostHeader;
import dev.fastro.http.internal.Transport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.ssl.SslHandler;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

/**
 * One request answered by {@link Http1Exchanges}: the handle its {@link Transport} is
 * given, and the subscriber of its answer, which tells the connection when the answer has
 * been written. A response of known length leaves as one {@link FullHttpResponse} with
 * the very headers the handler set, a streamed one in chunks, each asked for once the one
 * before has been written.
 */
final class Http1Exchange implements CoreSubscriber<Void> {

	/**
	 * The transport of every exchange Fastro serves itself without forwarded headers;
	 * stateless.
	 */
	static final Transport<Http1Exchange> TRANSPORT = new ChannelTransport();

	private final Http1Exchanges connection;

	private final ChannelHandlerContext ctx;

	private final HttpRequest request;

	private final HttpHeaders responseHeaders = ResponseHeaders.create();

	private boolean keepAlive;

	private volatile boolean committed;

	private ByteBuf body;

	private volatile Subscription answer;

	// Read when a handler first asks, and only behind a proxy.
	private ForwardedHeaders.Origin origin;

	Http1Exchange(Http1Exchanges connection, ChannelHandlerContext ctx, HttpRequest request) {
		this.connection = connection;
		this.ctx = ctx;
		this.request = request;
		this.keepAlive = HttpUtil.isKeepAlive(request);
	}

	HttpHeaders responseHeaders() {
		return this.responseHeaders;
	}

	/** Takes over the request's body, released when the exchange ends. */
	void owns(ByteBuf body) {
		this.body = body;
	}

	/** The connection closes after this answer. */
	void endConnection() {
		this.keepAlive = false;
	}

	/** Whether the connection carries another request after this one. */
	boolean keepsConnection() {
		return this.keepAlive;
	}

	/**
	 * The transport of the exchanges of a server that reads forwarded headers: the
	 * client, scheme, host and port are those the proxy names.
	 */
	static Transport<Http1Exchange> forwarded(ForwardedHeaders headers) {
		return new ForwardedTransport(headers);
	}

	private ForwardedHeaders.Origin origin(ForwardedHeaders headers) {
		ForwardedHeaders.Origin known = this.origin;
		if (known == null) {
			// A record's final fields: another thread that reads it sees it whole,
			// and two threads that race read the same headers alike.
			known = headers.origin(this.request.headers(), TRANSPORT.remoteAddress(this), TRANSPORT.scheme(this));
			this.origin = known;
		}
		return known;
	}

	// ---- the answer's completion

	@Override
	public void onSubscribe(Subscription subscription) {
		this.answer = subscription;
		subscription.request(Long.MAX_VALUE);
	}

	@Override
	public void onNext(Void value) {
	}

	@Override
	public void onError(Throwable error) {
		end(error);
	}

	@Override
	public void onComplete() {
		end(null);
	}

	private void end(Throwable error) {
		if (this.ctx.executor().inEventLoop()) {
			ended(error);
		}
		else {
			this.ctx.executor().execute(() -> ended(error));
		}
	}

	private void ended(Throwable error) {
		releaseBody();
		this.connection.ended(this, error);
	}

	/**
	 * The client has gone away: the answer is no longer wanted. Called on the event loop.
	 */
	void cancel() {
		Subscription subscription = this.answer;
		if (subscription != null) {
			subscription.cancel();
		}
		releaseBody();
	}

	/**
	 * The answer failed: a {@code 500} if nothing of it has left yet, and the connection
	 * closes.
	 */
	void abort() {
		if (this.committed) {
			this.ctx.close();
			return;
		}
		this.committed = true;
		FullHttpResponse failure = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
				HttpResponseStatus.INTERNAL_SERVER_ERROR);
		failure.headers()
			.setInt(HttpHeaderNames.CONTENT_LENGTH, 0)
			.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
		this.ctx.writeAndFlush(failure).addListener(ChannelFutureListener.CLOSE);
	}

	private void releaseBody() {
		ByteBuf owned = this.body;
		this.body = null;
		if (owned != null) {
			owned.release();
		}
	}

	// ---- the response

	/** The response head as it leaves: says whether the connection stays open. */
	private HttpResponse framed(HttpResponse response) {
		this.committed = true;
		if (this.keepAlive
				&& this.responseHeaders.containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE, true)) {
			this.keepAlive = false;
		}
		if (!this.keepAlive) {
			this.responseHeaders.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
		}
		else if (this.request.protocolVersion() == HttpVersion.HTTP_1_0) {
			this.responseHeaders.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
		}
		return response;
	}

	@Override
	public String toString() {
		return this.request.method() + " " + this.request.uri();
	}

	/** Ends an answer as the write of its last part ended. */
	private static void written(CoreSubscriber<? super Void> answer, ChannelFuture write) {
		if (write.isSuccess()) {
			answer.onComplete();
		}
		else {
			answer.onError(write.cause());
		}
	}

	/** A response of known length, written whole when subscribed to. */
	private static final class FullWrite extends Mono<Void> implements ChannelFutureListener {

		private final Http1Exchange exchange;

		private final int status;

		private final ByteBuf body;

		private CoreSubscriber<? super Void> actual;

		FullWrite(Http1Exchange exchange, int status, ByteBuf body) {
			this.exchange = exchange;
			this.status = status;
			this.body = body;
		}

		@Override
		public void subscribe(CoreSubscriber<? super Void> actual) {
			this.actual = actual;
			if (this.exchange.committed) {
				this.body.release();
				Operators.complete(actual);
				return;
			}
			actual.onSubscribe(Operators.emptySubscription());
			HttpResponse response = this.exchange
				.framed(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(this.status),
						this.body, this.exchange.responseHeaders, EmptyHttpHeaders.INSTANCE));
			this.exchange.ctx.writeAndFlush(response).addListener(this);
		}

		@Override
		public void operationComplete(ChannelFuture future) {
			written(this.actual, future);
		}

	}

	/**
	 * A response streamed in chunks when subscribed to: chunked on HTTP/1.1, and ended by
	 * the connection's close for an HTTP/1.0 client.
	 */
	private static final class StreamedWrite extends Mono<Void>
			implements CoreSubscriber<ByteBuf>, Subscription, ChannelFutureListener {

		private final Http1Exchange exchange;

		private final int status;

		private final Publisher<ByteBuf> body;

		private CoreSubscriber<? super Void> actual;

		private Context context;

		private volatile Subscription upstream;

		StreamedWrite(Http1Exchange exchange, int status, Publisher<ByteBuf> body) {
			this.exchange = exchange;
			this.status = status;
			this.body = body;
		}

		@Override
		public void subscribe(CoreSubscriber<? super Void> actual) {
			if (this.exchange.committed) {
				ChunkOwnership.drain(this.body).subscribe(actual);
				return;
			}
			this.actual = actual;
			this.context = ChunkOwnership.releasing(actual.currentContext());
			actual.onSubscribe(this);
			HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(this.status),
					this.exchange.responseHeaders);
			if (this.exchange.request.protocolVersion() == HttpVersion.HTTP_1_0) {
				this.exchange.keepAlive = false;
			}
			else {
				HttpUtil.setTransferEncodingChunked(head, true);
			}
			this.exchange.ctx.write(this.exchange.framed(head));
			this.body.subscribe(this);
		}

		/** Every chunk of the stream is this write's, written or dropped on its way. */
		@Override
		public Context currentContext() {
			return this.context;
		}

		@Override
		public void onSubscribe(Subscription subscription) {
			this.upstream = subscription;
			subscription.request(1);
		}

		@Override
		public void onNext(ByteBuf chunk) {
			this.exchange.ctx.writeAndFlush(new DefaultHttpContent(chunk)).addListener(this);
		}

		/** A chunk has been written: ask for the next. */
		@Override
		public void operationComplete(ChannelFuture future) {
			if (future.isSuccess()) {
				this.upstream.request(1);
			}
			else {
				this.upstream.cancel();
				this.actual.onError(future.cause());
			}
		}

		@Override
		public void onError(Throwable error) {
			this.actual.onError(error);
		}

		@Override
		public void onComplete() {
			this.exchange.ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT)
				.addListener((ChannelFuture future) -> written(this.actual, future));
		}

		@Override
		public void request(long n) {
		}

		@Override
		public void cancel() {
			Subscription subscription = this.upstream;
			if (subscription != null) {
				subscription.cancel();
			}
		}

	}

	/** The {@link Transport} over a connection whose exchanges Fastro serves itself. */
	private static class ChannelTransport implements Transport<Http1Exchange> {

		@Override
		public InetSocketAddress remoteAddress(Http1Exchange exchange) {
			return (InetSocketAddress) exchange.ctx.channel().remoteAddress();
		}

		@Override
		public String scheme(Http1Exchange exchange) {
			return (exchange.ctx.pipeline().get(SslHandler.class) != null) ? "https" : "http";
		}

		/**
		 * The host the {@code Host} header names, without its port, as Reactor Netty
		 * reads it.
		 */
		@Override
		public String host(Http1Exchange exchange) {
			return HostHeader.name(exchange.request.headers().get(HttpHeaderNames.HOST));
		}

		@Override
		public int port(Http1Exchange exchange) {
			return HostHeader.port(exchange.request.headers().get(HttpHeaderNames.HOST), scheme(exchange));
		}

		@Override
		public ByteBufAllocator alloc(Http1Exchange exchange) {
			return exchange.ctx.alloc();
		}

		@Override
		public Publisher<Void> send(Http1Exchange exchange, int status, ByteBuf body) {
			return new FullWrite(exchange, status, body);
		}

		@Override
		public Publisher<Void> stream(Http1Exchange exchange, int status, Publisher<ByteBuf> body) {
			return new StreamedWrite(exchange, status, body);
		}

		@Override
		public boolean committed(Http1Exchange exchange) {
			return exchange.committed;
		}

	}

	/** A {@link ChannelTransport} that names the client and host as the proxy does. */
	private static final class ForwardedTransport extends ChannelTransport {

		private final ForwardedHeaders headers;

		ForwardedTransport(ForwardedHeaders headers) {
			this.headers = headers;
		}

		@Override
		public InetSocketAddress remoteAddress(Http1Exchange exchange) {
			return exchange.origin(this.headers).remoteAddress();
		}

		@Override
		public String scheme(Http1Exchange exchange) {
			return exchange.origin(this.headers).scheme();
		}

		@Override
		public String host(Http1Exchange exchange) {
			return exchange.origin(this.headers).host();
		}

		@Override
		public int port(Http1Exchange exchange) {
			return exchange.origin(this.headers).port();
		}

	}

}
