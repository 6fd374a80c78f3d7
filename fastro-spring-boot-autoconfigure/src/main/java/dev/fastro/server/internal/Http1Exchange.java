package dev.fastro.server.internal;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.FileChannel;

import dev.fastro.http.HttpException;
import dev.fastro.http.WebSocketHandler;
import dev.fastro.http.internal.BodyPolicy;
import dev.fastro.http.internal.BodyStream;
import dev.fastro.http.internal.ChunkOwnership;
import dev.fastro.http.internal.Exchange;
import dev.fastro.http.internal.FileChunks;
import dev.fastro.http.spi.HostHeader;
import dev.fastro.http.spi.Transport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.DefaultFileRegion;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.codec.http.HttpContent;
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
import io.netty.handler.stream.ChunkedNioFile;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.util.concurrent.EventExecutor;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

/**
 * One request served by {@link Http1Exchanges}, from its head to its answer.
 * <p>
 * Once its head is checked, the request is routed, and its route says how it takes the
 * body ({@link BodyPolicy}): received whole, within the route's limit, before the handler
 * runs, or streamed to the handler as it arrives ({@link BodyStream}, whose source this
 * is: the connection reads as the handler asks, and a client that expects
 * {@code 100-continue} is told to go on when the handler first asks).
 * <p>
 * It is the handle its {@link Transport} is given, and the subscriber of its answer,
 * which tells the connection when the answer has been written. A response of known length
 * leaves as one {@link FullHttpResponse} with the very headers the handler set, a
 * streamed one in chunks, each asked for once the one before has been written, and a file
 * by its length: as a {@link DefaultFileRegion}, which the kernel copies from the file to
 * the socket, unless TLS or compression has to see its bytes, which then leave in chunks
 * read as they are written.
 */
final class Http1Exchange implements CoreSubscriber<Void>, BodyStream.Source {

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

	/**
	 * The request as handlers see it; {@code null} for a request that failed to decode.
	 */
	private Exchange context;

	/** The body received whole, or the part of it received so far; owned here. */
	private ByteBuf body;

	/** The body streamed to the handler, on a streaming route. */
	private BodyStream stream;

	/** The largest body the route accepts. */
	private long maxBodySize;

	/** Whether the last of the body has arrived, or there is none. */
	private boolean bodyComplete;

	/** Whether the streamed body is wanted: the handler has asked for more. */
	private boolean bodyWanted = true;

	/** Why the request is answered with a failure rather than by its route. */
	private HttpException failure;

	private boolean expectsContinue;

	private boolean started;

	private volatile Subscription answer;

	// Read when a handler first asks, and only behind a proxy.
	private ForwardedHeaders.Origin origin;

	Http1Exchange(Http1Exchanges connection, ChannelHandlerContext ctx, HttpRequest request) {
		this.connection = connection;
		this.ctx = ctx;
		this.request = request;
		this.keepAlive = HttpUtil.isKeepAlive(request);
	}

	// ---- the request

	/**
	 * The head has arrived: routes the request, and returns whether a body follows that
	 * this exchange takes.
	 */
	boolean headReceived() {
		if (this.request.decoderResult().isFailure()) {
			return false;
		}
		FastroHttpHandler handler = this.connection.handler();
		HttpHeaders headers = this.request.headers();
		this.context = handler.exchange(this.connection.transport(), this, this.request.method().name(),
				this.request.uri(), headers, this.responseHeaders, null);
		long length = RequestFraming.declaredLength(headers);
		this.failure = FastroHttpHandler.expectation(headers);
		if (this.failure == null && length != 0) {
			BodyPolicy policy = handler.bodyPolicy(this.context);
			this.maxBodySize = policy.limit(handler.maxBodySize());
			if (length > this.maxBodySize) {
				this.failure = BodyStream.tooLarge(this.maxBodySize);
			}
			else if (policy.streamed()) {
				this.stream = new BodyStream(this, this.maxBodySize);
				this.context.streamed(this.stream);
				this.connection.state().bodyPaced(true);
			}
		}
		if (this.failure != null) {
			// The body stays unread: the connection cannot carry another request.
			this.keepAlive = false;
			return false;
		}
		this.bodyComplete = (length == 0);
		this.expectsContinue = !this.bodyComplete && headers.contains(HttpHeaderNames.EXPECT);
		return !this.bodyComplete;
	}

	/**
	 * Whether the request failed to decode, and is refused before any handler sees it.
	 */
	boolean isRefused() {
		return this.request.decoderResult().isFailure();
	}

	/** The answer to a request that failed to decode. */
	FullHttpResponse refusal(Refusals refusals) {
		return refusals.refuse(this.request.decoderResult().cause(), this.ctx.alloc());
	}

	/**
	 * One more part of the body; returns whether more are to come.
	 */
	boolean bodyReceived(HttpContent content) {
		boolean last = content instanceof LastHttpContent;
		if (this.stream != null) {
			this.bodyWanted = this.stream.offer(content.content());
			if (last) {
				bodyEnded();
				this.stream.complete();
			}
			else if (this.stream.isDone()) {
				// Longer than the route accepts: the stream has failed with a 413.
				this.connection.state().failBody(BodyStream.tooLarge(this.maxBodySize));
			}
			return !last;
		}
		ByteBuf chunk = content.content();
		if (chunk.isReadable()) {
			this.body = ReceivedBody.append(this.body, chunk, this.ctx.alloc());
		}
		else {
			chunk.release();
		}
		if (this.body != null && this.body.readableBytes() > this.maxBodySize) {
			// Only a chunked body can grow past the limit here.
			this.connection.state().failBody(BodyStream.tooLarge(this.maxBodySize));
			return false;
		}
		if (last) {
			bodyEnded();
			if (this.connection.isCurrent(this)) {
				dispatch();
			}
		}
		return !last;
	}

	private void bodyEnded() {
		this.bodyComplete = true;
		this.connection.state().bodyPaced(false);
	}

	/**
	 * The body failed before its end, and nothing after it is read: the request is
	 * answered with {@code failure}, by its handler when it reads a streamed body.
	 */
	void bodyFailed(HttpException failure) {
		this.connection.state().bodyPaced(false);
		this.keepAlive = false;
		releaseBody();
		if (this.stream != null && this.started) {
			this.stream.fail(failure);
			return;
		}
		this.failure = failure;
		if (this.connection.isCurrent(this) && !this.started) {
			start();
		}
	}

	/** The connection closed while the body was arriving. */
	void connectionClosed() {
		this.connection.state().bodyPaced(false);
		if (this.stream != null) {
			this.stream
				.fail(new HttpException(400, "The client closed the connection before the request body was complete"));
		}
	}

	/** Whether the connection is to read on for this request's body. */
	boolean wantsBody() {
		return this.bodyWanted;
	}

	/**
	 * The request's turn has come: it is answered once its body has arrived whole, or at
	 * once when it is streamed or refused.
	 */
	void start() {
		if (this.failure != null) {
			this.started = true;
			if (this.stream != null) {
				this.stream.discard();
			}
			this.connection.handler().fail(this.context, this.failure).subscribe(this);
		}
		else if (this.bodyComplete || this.stream != null) {
			dispatch();
		}
		else if (this.expectsContinue) {
			continueOnce();
		}
	}

	private void dispatch() {
		this.started = true;
		if (this.body != null) {
			this.context.receivedWhole(this.body);
		}
		this.connection.handler().dispatch(this.context).subscribe(this);
	}

	private void continueOnce() {
		if (this.expectsContinue && !this.bodyComplete) {
			this.expectsContinue = false;
			this.connection.state().writeContinue();
		}
	}

	/** The handler asks for more of its streamed body; called on any thread. */
	@Override
	public void demand() {
		if (this.ctx.executor().inEventLoop()) {
			demanded();
		}
		else {
			this.ctx.executor().execute(this::demanded);
		}
	}

	private void demanded() {
		if (this.connection.isCurrent(this)) {
			continueOnce();
		}
		this.bodyWanted = true;
		this.connection.readIfWanted();
	}

	/** A request dropped unanswered, as the connection ends: frees its body. */
	void close() {
		releaseRequest();
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
		releaseRequest();
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
		releaseRequest();
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

	/** Frees what the exchange holds of its request, as it ends. */
	private void releaseRequest() {
		releaseBody();
		if (this.stream != null) {
			this.stream.discard();
		}
	}

	// ---- the response

	/** The response head as it leaves: says whether the connection stays open. */
	private HttpResponse framed(HttpResponse response) {
		this.committed = true;
		if (!this.bodyComplete) {
			// Answered before its body arrived, as a handler may refuse an upload: what
			// is left of the body would be read as the next request.
			this.keepAlive = false;
		}
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

	/**
	 * A file sent by its length when subscribed to: a {@link DefaultFileRegion} on a
	 * connection where the file's bytes may go to the socket as they are, else chunks of
	 * it through a {@link ChunkedWriteHandler} that is in the pipeline only meanwhile.
	 * The region, or the chunked input, owns the file, and closes it once written or
	 * dropped.
	 */
	private static final class FileWrite extends Mono<Void> implements ChannelFutureListener {

		private static final String CHUNKED_WRITER = "fastro.chunkedWriter";

		private final Http1Exchange exchange;

		private final int status;

		private final FileChannel file;

		private final long position;

		private final long count;

		private CoreSubscriber<? super Void> actual;

		FileWrite(Http1Exchange exchange, int status, FileChannel file, long position, long count) {
			this.exchange = exchange;
			this.status = status;
			this.file = file;
			this.position = position;
			this.count = count;
		}

		@Override
		public void subscribe(CoreSubscriber<? super Void> actual) {
			this.actual = actual;
			actual.onSubscribe(Operators.emptySubscription());
			EventExecutor loop = this.exchange.ctx.executor();
			if (loop.inEventLoop()) {
				write();
			}
			else {
				// The file is opened off the event loop; its writes, and the pipeline
				// they may change, are the loop's.
				loop.execute(this::write);
			}
		}

		private void write() {
			ChannelHandlerContext ctx = this.exchange.ctx;
			if (this.exchange.committed) {
				FileChunks.close(this.file);
				this.actual.onComplete();
				return;
			}
			ctx.write(this.exchange.framed(new DefaultHttpResponse(HttpVersion.HTTP_1_1,
					HttpResponseStatus.valueOf(this.status), this.exchange.responseHeaders)));
			ChannelPipeline pipeline = ctx.pipeline();
			if (pipeline.get(SslHandler.class) == null && pipeline.get(ResponseCompressor.class) == null) {
				ctx.write(new DefaultFileRegion(this.file, this.position, this.count));
				ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(this);
				return;
			}
			ChunkedNioFile chunks;
			try {
				chunks = new ChunkedNioFile(this.file, this.position, this.count, FileChunks.CHUNK);
			}
			catch (IOException ex) {
				FileChunks.close(this.file);
				ctx.flush();
				this.actual.onError(ex);
				return;
			}
			if (pipeline.get(CHUNKED_WRITER) == null) {
				pipeline.addBefore(ctx.name(), CHUNKED_WRITER, new ChunkedWriteHandler());
			}
			ctx.writeAndFlush(new HttpChunkedInput(chunks)).addListener(this);
		}

		@Override
		public void operationComplete(ChannelFuture future) {
			ChannelPipeline pipeline = future.channel().pipeline();
			if (pipeline.get(CHUNKED_WRITER) != null) {
				pipeline.remove(CHUNKED_WRITER);
			}
			written(this.actual, future);
		}

	}

	/**
	 * The switch to WebSocket when subscribed to: the {@code 101}, with the headers the
	 * handler's middleware set, and the connection handed over to the session. A
	 * handshake that Netty's handshaker refuses fails before anything is written.
	 */
	private static final class WebSocketSwitch extends Mono<Void> {

		private final Http1Exchange exchange;

		private final dev.fastro.http.Context request;

		private final WebSocketHandler handler;

		WebSocketSwitch(Http1Exchange exchange, dev.fastro.http.Context request, WebSocketHandler handler) {
			this.exchange = exchange;
			this.request = request;
			this.handler = handler;
		}

		@Override
		public void subscribe(CoreSubscriber<? super Void> actual) {
			actual.onSubscribe(Operators.emptySubscription());
			EventExecutor loop = this.exchange.ctx.executor();
			if (loop.inEventLoop()) {
				switchOver(actual);
			}
			else {
				loop.execute(() -> switchOver(actual));
			}
		}

		private void switchOver(CoreSubscriber<? super Void> actual) {
			Http1Exchange exchange = this.exchange;
			if (exchange.committed) {
				actual.onComplete();
				return;
			}
			WebSocketHandshake handshake;
			try {
				handshake = new WebSocketHandshake(exchange.request, exchange.responseHeaders, this.request,
						this.handler, exchange.connection.state().options.webSocket());
			}
			catch (RuntimeException ex) {
				actual.onError(ex);
				return;
			}
			exchange.committed = true;
			exchange.connection.switchToWebSocket(exchange, handshake)
				.addListener((ChannelFuture future) -> written(actual, future));
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
		public Publisher<Void> sendFile(Http1Exchange exchange, int status, FileChannel file, long position,
				long count) {
			return new FileWrite(exchange, status, file, position, count);
		}

		@Override
		public Publisher<Void> webSocket(Http1Exchange exchange, dev.fastro.http.Context request,
				WebSocketHandler handler) {
			return new WebSocketSwitch(exchange, request, handler);
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
