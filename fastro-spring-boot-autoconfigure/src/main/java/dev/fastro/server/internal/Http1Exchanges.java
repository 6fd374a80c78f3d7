package dev.fastro.server.internal;

import java.util.ArrayDeque;

import dev.fastro.http.HttpException;
import dev.fastro.http.internal.Exchange;
import dev.fastro.http.internal.Transport;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Serves the requests of an HTTP/1.1 connection in place of Reactor Netty's exchange,
 * which would cost a dozen objects, two handler hops and a copy of the response headers
 * per request. Reactor Netty still binds the server and accepts its connections; it never
 * sees their requests.
 * <p>
 * A request arrives here past the guards: its head checked, and its body, if it has one,
 * received whole ({@link MessageGuard}). It is answered through {@link Http1Exchange};
 * requests pipelined behind the one in flight wait their turn, so the answers leave in
 * order, and the connection stops reading while {@value #MAX_WAITING} of them wait. A
 * request that failed to decode is answered, empty, in its turn, and closes the
 * connection; {@link MessageGuard} gives the answer its status and problem, as it does
 * Reactor Netty's.
 */
final class Http1Exchanges extends ChannelInboundHandlerAdapter {

	private static final Log logger = LogFactory.getLog(Http1Exchanges.class);

	static final int MAX_WAITING = 16;

	private final FastroHttpHandler handler;

	private final ConnectionState state;

	private final Transport<Http1Exchange> transport;

	private final ArrayDeque<HttpRequest> waiting = new ArrayDeque<>(2);

	private ChannelHandlerContext ctx;

	private Http1Exchange current;

	/** Whether the connection has answered its last request, and reads no more. */
	private boolean ended;

	Http1Exchanges(FastroHttpHandler handler, ConnectionState state, Transport<Http1Exchange> transport) {
		this.handler = handler;
		this.state = state;
		this.transport = transport;
	}

	@Override
	public void handlerAdded(ChannelHandlerContext ctx) {
		this.ctx = ctx;
	}

	@Override
	public void channelRead(ChannelHandlerContext ctx, Object msg) {
		if (!(msg instanceof HttpRequest request) || this.ended) {
			// The end of a body already received whole, or what follows a request the
			// connection ends with.
			ReferenceCountUtil.release(msg);
			return;
		}
		if (this.current == null) {
			start(request);
		}
		else {
			this.waiting.add(request);
			if (this.waiting.size() == MAX_WAITING) {
				ctx.channel().config().setAutoRead(false);
			}
		}
	}

	private void start(HttpRequest request) {
		if (request.decoderResult().isFailure()) {
			this.ended = true;
			FullHttpResponse refusal = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
					HttpResponseStatus.BAD_REQUEST);
			refusal.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
			this.ctx.writeAndFlush(refusal).addListener(ChannelFutureListener.CLOSE);
			return;
		}
		Http1Exchange exchange = new Http1Exchange(this, this.ctx, request);
		this.current = exchange;
		HttpHeaders headers = request.headers();
		long length = FastroHttpHandler.declaredLength(headers);
		HttpException refusal = this.handler.refusal(headers, length);
		if (refusal == null && this.waiting.isEmpty()) {
			// A failed body is the last one the connection reads: it is this request's
			// when no other waits behind it.
			refusal = this.state.bodyFailure();
		}
		ByteBuf body = (refusal == null && length != 0) ? this.state.takeWholeBody(headers) : null;
		exchange.owns(body);
		Exchange context = this.handler.exchange(this.transport, exchange, request.method().name(), request.uri(),
				headers, exchange.responseHeaders(), body);
		if (refusal != null) {
			exchange.endConnection();
			this.handler.fail(context, refusal).subscribe(exchange);
		}
		else {
			this.handler.dispatch(context).subscribe(exchange);
		}
	}

	/**
	 * The answer of {@code exchange} has been written, or has failed; called on the event
	 * loop.
	 */
	void ended(Http1Exchange exchange, Throwable error) {
		if (exchange != this.current) {
			return;
		}
		this.current = null;
		if (error != null) {
			logger.debug("Fastro: the answer to " + exchange + " failed; closing the connection", error);
			this.ended = true;
			exchange.abort();
			return;
		}
		if (!exchange.keepsConnection()) {
			this.ended = true;
			this.ctx.close();
			return;
		}
		HttpRequest next = this.waiting.poll();
		if (this.waiting.size() == MAX_WAITING - 1) {
			this.ctx.channel().config().setAutoRead(true);
		}
		if (next != null) {
			start(next);
		}
	}

	@Override
	public void channelInactive(ChannelHandlerContext ctx) {
		Http1Exchange exchange = this.current;
		this.current = null;
		this.waiting.clear();
		if (exchange != null) {
			exchange.cancel();
		}
		ctx.fireChannelInactive();
	}

}
