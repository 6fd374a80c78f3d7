package dev.fastro.server.internal;

import java.util.ArrayDeque;

import dev.fastro.http.spi.Transport;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Serves the requests of an HTTP/1.1 connection in place of Reactor Netty's exchange,
 * which would cost a dozen objects, two handler hops and a copy of the response headers
 * per request. Reactor Netty still binds the server and accepts its connections; it never
 * sees their requests.
 * <p>
 * The guards hand it one message per request: its checked head, then its body's chunks up
 * to the last, or a {@link BodyRefusal}. Each request becomes an {@link Http1Exchange},
 * which takes its body as its route asks and is answered in its turn: requests pipelined
 * behind the one in flight wait, so the answers leave in order. The connection reads only
 * while fewer than {@value #MAX_WAITING} requests wait and the body being received is
 * wanted: a streamed body is read as fast as its handler consumes it.
 */
final class Http1Exchanges extends ChannelInboundHandlerAdapter {

	private static final Log logger = LogFactory.getLog(Http1Exchanges.class);

	static final int MAX_WAITING = 16;

	private final FastroHttpHandler handler;

	private final ConnectionState state;

	private final Transport<Http1Exchange> transport;

	private final ProtocolSwitches switches;

	private final ArrayDeque<Http1Exchange> waiting = new ArrayDeque<>(2);

	private ChannelHandlerContext ctx;

	/** The request being answered, or {@code null}. */
	private Http1Exchange current;

	/** The request whose body is being received, or {@code null} between bodies. */
	private Http1Exchange receiving;

	/** Whether the connection has answered its last request, and reads no more. */
	private boolean ended;

	Http1Exchanges(FastroHttpHandler handler, ConnectionState state, Transport<Http1Exchange> transport,
			ProtocolSwitches switches) {
		this.handler = handler;
		this.state = state;
		this.transport = transport;
		this.switches = switches;
	}

	/**
	 * Reads on its own from now on, where Reactor Netty reads only when its exchange
	 * asks: {@link #readIfWanted} stops it.
	 */
	@Override
	public void handlerAdded(ChannelHandlerContext ctx) {
		this.ctx = ctx;
		ctx.channel().config().setAutoRead(true);
	}

	FastroHttpHandler handler() {
		return this.handler;
	}

	ConnectionState state() {
		return this.state;
	}

	Transport<Http1Exchange> transport() {
		return this.transport;
	}

	/**
	 * Answers {@code exchange}, the one being answered, with the {@code 101} of a
	 * WebSocket handshake, and hands the connection over to WebSocket: no request is read
	 * after it, and those pipelined behind it are dropped.
	 * @return the write of the {@code 101}
	 */
	ChannelFuture switchToWebSocket(Http1Exchange exchange, WebSocketHandshake handshake) {
		ChannelFuture[] written = new ChannelFuture[1];
		end();
		this.current = null;
		this.switches.toWebSocket(this.ctx.pipeline(), handshake,
				() -> written[0] = this.ctx.write(handshake.response()));
		return written[0];
	}

	@Override
	public void channelRead(ChannelHandlerContext ctx, Object msg) {
		if (this.ended) {
			// What follows a request the connection ends with.
			ReferenceCountUtil.release(msg);
			return;
		}
		if (msg instanceof HttpRequest request) {
			received(new Http1Exchange(this, ctx, request));
			if (msg instanceof HttpContent content) {
				bodyReceived(content);
			}
		}
		else if (msg instanceof HttpContent content) {
			bodyReceived(content);
		}
		else if (msg instanceof BodyRefusal refusal && this.receiving != null) {
			Http1Exchange failed = this.receiving;
			this.receiving = null;
			failed.bodyFailed(refusal.failure());
		}
		else {
			ReferenceCountUtil.release(msg);
		}
	}

	private void received(Http1Exchange exchange) {
		this.receiving = exchange.headReceived() ? exchange : null;
		if (this.current == null) {
			start(exchange);
		}
		else {
			this.waiting.add(exchange);
			readIfWanted();
		}
	}

	private void bodyReceived(HttpContent content) {
		Http1Exchange exchange = this.receiving;
		if (exchange == null) {
			// The end of a body without content, or one refused already.
			content.release();
			return;
		}
		if (!exchange.bodyReceived(content)) {
			this.receiving = null;
		}
		readIfWanted();
	}

	private void start(Http1Exchange exchange) {
		this.current = exchange;
		if (exchange.isRefused()) {
			this.ended = true;
			this.receiving = null;
			this.ctx.writeAndFlush(exchange.refusal(this.state.refusals)).addListener(ChannelFutureListener.CLOSE);
			return;
		}
		exchange.start();
		readIfWanted();
	}

	/** Whether {@code exchange} is the one being answered. */
	boolean isCurrent(Http1Exchange exchange) {
		return exchange == this.current;
	}

	/**
	 * Reads on while the connection can take more: fewer than {@value #MAX_WAITING}
	 * requests wait, and no body is arriving but that of the request being answered, when
	 * its handler wants it. A pipelined request's body waits for its turn, so that a
	 * connection holds one body at a time. Called on the event loop whenever any of these
	 * changes.
	 */
	void readIfWanted() {
		Http1Exchange receiving = this.receiving;
		boolean wanted = this.waiting.size() < MAX_WAITING
				&& (receiving == null || (receiving == this.current && receiving.wantsBody()));
		if (wanted != this.ctx.channel().config().isAutoRead() && !this.ended) {
			this.ctx.channel().config().setAutoRead(wanted);
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
			end();
			exchange.abort();
			return;
		}
		if (!exchange.keepsConnection()) {
			end();
			this.ctx.close();
			return;
		}
		Http1Exchange next = this.waiting.poll();
		if (next != null) {
			start(next);
		}
		else {
			readIfWanted();
		}
	}

	private void end() {
		this.ended = true;
		this.receiving = null;
		releaseWaiting();
	}

	private void releaseWaiting() {
		for (Http1Exchange waiter = this.waiting.poll(); waiter != null; waiter = this.waiting.poll()) {
			waiter.close();
		}
	}

	@Override
	public void channelInactive(ChannelHandlerContext ctx) {
		Http1Exchange exchange = this.current;
		Http1Exchange receiving = this.receiving;
		this.current = null;
		this.receiving = null;
		if (receiving != null) {
			receiving.connectionClosed();
		}
		releaseWaiting();
		if (exchange != null) {
			exchange.cancel();
		}
		ctx.fireChannelInactive();
	}

	@Override
	public void handlerRemoved(ChannelHandlerContext ctx) {
		releaseWaiting();
	}

}
