package dev.fastro.server.internal;

import java.io.IOException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelOutboundHandler;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.ssl.SslCloseCompletionEvent;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;

/**
 * Decides when and how a connection closes.
 * <ul>
 * <li>Idle: a connection idle for the idle timeout between requests is closed: quiet
 * (every request read answered, no part of another read) since its last answer was
 * written, with nothing left unsent. One timer per connection looks, re-armed only when
 * it fires, so a request costs no timer and no write listener. Reactor Netty's own idle
 * timeout adds and removes a handler, so schedules and cancels a timer, per request;
 * Netty's {@code IdleStateHandler} would add a hop to every read and a listener to every
 * write.</li>
 * <li>Half-closed by the client: a client may send its requests and then shut its side
 * down (legal HTTP/1.1): a FIN, or over TLS 1.3 a close_notify, which ends only what the
 * client sends (RFC 8446, 6.1). The connection stays open until every request read has
 * been answered in full. A reset closes it at once, which cancels the pending work.</li>
 * <li>Draining: while the server shuts down gracefully, a connection with answers still
 * due closes once they have been written.</li>
 * <li>Lingering: when the server closes a connection while the client may still be
 * sending, as after a 413, closing at once would make the kernel answer the unread bytes
 * with a reset, and the client could lose the answer before reading it. As nginx does,
 * the server then sends its answer and a FIN, and reads and discards for at most
 * {@value #LINGER_MILLIS} ms and {@value #LINGER_BYTES} bytes, or until the client
 * closes, before it closes.</li>
 * </ul>
 */
final class ConnectionCloser extends ChannelDuplexHandler {

	static final long LINGER_MILLIS = 5_000;

	static final long LINGER_BYTES = 64 * 1024 * 1024;

	/** Swallows requests to read, on a connection whose input is shut down. */
	private static final ChannelOutboundHandler NO_READS = new NoReads();

	private final ConnectionState state;

	/** Whether the client has ended what it sends: a FIN, or a close_notify. */
	private boolean inputEnded;

	private ChannelPromise lingering;

	private boolean lingerEnded;

	private ScheduledFuture<?> lingerDeadline;

	private ScheduledFuture<?> idleCheck;

	/** When a look found the connection busy, or with bytes still unsent. */
	private long busyAt;

	ConnectionCloser(ConnectionState state) {
		this.state = state;
	}

	@Override
	public void handlerAdded(ChannelHandlerContext ctx) {
		this.state.attach(ctx);
		this.busyAt = this.state.answeredAt();
		if (ctx.channel().isActive()) {
			watchIdle(ctx, this.state.options.idleTimeout().toNanos());
		}
	}

	@Override
	public void channelActive(ChannelHandlerContext ctx) {
		if (this.idleCheck == null) {
			watchIdle(ctx, this.state.options.idleTimeout().toNanos());
		}
		ctx.fireChannelActive();
	}

	@Override
	public void handlerRemoved(ChannelHandlerContext ctx) {
		cancelIdleCheck();
	}

	@Override
	public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
		if (event instanceof SslCloseCompletionEvent closed && closed.isSuccess() && canStillWrite(ctx)) {
			// A close_notify that left the server's side open, as TLS 1.3's does: a
			// half-close, answered as a FIN is. Passed on, it would make Reactor Netty
			// close at once, as TLS 1.2 asks, and the answers still due would be lost.
			inputEnded(ctx, ChannelInputShutdownEvent.INSTANCE);
			return;
		}
		if (event instanceof ChannelInputShutdownEvent) {
			inputEnded(ctx, event);
			return;
		}
		ctx.fireUserEventTriggered(event);
	}

	private void inputEnded(ChannelHandlerContext ctx, Object event) {
		if (this.lingering != null) {
			endLinger(ctx);
			return;
		}
		if (this.inputEnded) {
			// The FIN after a close_notify.
			return;
		}
		this.inputEnded = true;
		// Nothing more can be read; Reactor Netty asks to read after each exchange all
		// the same, which the epoll transport may then fail with an error.
		ctx.pipeline().addFirst(NO_READS);
		this.state.stopReading();
		if (this.state.isQuiet()) {
			this.state.closeAfterWrites();
			return;
		}
		ctx.fireUserEventTriggered(event);
	}

	/**
	 * Whether the connection is TLS and its engine can still write: TLS 1.2's
	 * close_notify, and TLS 1.3's with user_canceled (a full close), have closed it.
	 */
	private static boolean canStillWrite(ChannelHandlerContext ctx) {
		SslHandler tls = ctx.pipeline().get(SslHandler.class);
		return tls != null && !tls.engine().isOutboundDone();
	}

	@Override
	public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
		if (this.state.isDraining() && !this.state.allAnswered() && ctx.channel().isActive()) {
			// A graceful shutdown: the answers still due are written first, and the
			// last one closes the connection (see MessageGuard).
			this.state.stopReading();
			ctx.channel().closeFuture().addListener(closed -> promise.trySuccess());
			return;
		}
		this.state.closing();
		if (this.lingering != null) {
			this.lingering.addListener(closed -> promise.trySuccess());
			return;
		}
		if (this.state.isQuiet() || this.state.endsWhenAnswered() || !(ctx.channel() instanceof DuplexChannel)
				|| !ctx.channel().isActive()) {
			ctx.close(promise);
			return;
		}
		linger(ctx, promise);
	}

	/**
	 * A reset or another socket error: the client is gone. With half-closure allowed,
	 * Netty would only shut the input down, as for a FIN, and pending work would wait for
	 * an answer nobody reads.
	 */
	@Override
	public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
		if (cause instanceof IOException) {
			this.state.closing();
			ctx.close();
		}
		ctx.fireExceptionCaught(cause);
	}

	@Override
	public void channelInactive(ChannelHandlerContext ctx) {
		if (this.lingerDeadline != null) {
			this.lingerDeadline.cancel(false);
		}
		cancelIdleCheck();
		ctx.fireChannelInactive();
	}

	private void watchIdle(ChannelHandlerContext ctx, long delayNanos) {
		this.idleCheck = ctx.executor().schedule(() -> checkIdle(ctx), delayNanos, TimeUnit.NANOSECONDS);
	}

	/**
	 * Closes the connection if it has been quiet for the idle timeout, or looks again
	 * when it could have been. Bytes still unsent count as activity: the last answer is
	 * marked written when it is handed to the socket, not when a slow client has taken it
	 * all.
	 */
	private void checkIdle(ChannelHandlerContext ctx) {
		this.idleCheck = null;
		if (this.state.isClosing() || !ctx.channel().isActive()) {
			return;
		}
		long timeout = this.state.options.idleTimeout().toNanos();
		long now = this.state.now();
		if (!this.state.isQuiet() || hasUnsentBytes(ctx)) {
			this.busyAt = now;
			watchIdle(ctx, timeout);
			return;
		}
		// Ticker times compare only by their difference.
		long since = (this.busyAt - this.state.answeredAt() > 0) ? this.busyAt : this.state.answeredAt();
		long idle = now - since;
		if (idle >= timeout) {
			ctx.close();
		}
		else {
			watchIdle(ctx, timeout - idle);
		}
	}

	private static boolean hasUnsentBytes(ChannelHandlerContext ctx) {
		ChannelOutboundBuffer unsent = ctx.channel().unsafe().outboundBuffer();
		return unsent != null && unsent.totalPendingWriteBytes() > 0;
	}

	private void cancelIdleCheck() {
		if (this.idleCheck != null) {
			this.idleCheck.cancel(false);
			this.idleCheck = null;
		}
	}

	private void linger(ChannelHandlerContext ctx, ChannelPromise promise) {
		this.lingering = promise;
		this.lingerDeadline = ctx.executor().schedule(() -> endLinger(ctx), LINGER_MILLIS, TimeUnit.MILLISECONDS);
		ctx.pipeline().addBefore(ctx.name(), "fastro.discard", new Discard(ctx));
		ctx.channel().config().setAutoRead(true);
		// The FIN goes out only once every byte written before it has: shutting the
		// output down drops whatever is still queued.
		ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(flushed -> {
			if (flushed.isSuccess() && ctx.channel().isActive()) {
				((DuplexChannel) ctx.channel()).shutdownOutput();
			}
			else {
				endLinger(ctx);
			}
		});
	}

	private void endLinger(ChannelHandlerContext ctx) {
		if (!this.lingerEnded) {
			this.lingerEnded = true;
			this.lingerDeadline.cancel(false);
			ctx.close(this.lingering);
		}
	}

	/**
	 * Reads and discards while lingering. It is added only then, so that the connection's
	 * reads pass one handler fewer the rest of the time.
	 */
	private final class Discard extends ChannelInboundHandlerAdapter {

		private final ChannelHandlerContext closer;

		private long discarded;

		Discard(ChannelHandlerContext closer) {
			this.closer = closer;
		}

		@Override
		public void channelRead(ChannelHandlerContext ctx, Object msg) {
			if (msg instanceof ByteBuf bytes) {
				this.discarded += bytes.readableBytes();
			}
			ReferenceCountUtil.release(msg);
			if (this.discarded > LINGER_BYTES) {
				endLinger(this.closer);
			}
		}

	}

	@Sharable
	private static final class NoReads extends ChannelOutboundHandlerAdapter {

		@Override
		public void read(ChannelHandlerContext ctx) {
		}

	}

}
