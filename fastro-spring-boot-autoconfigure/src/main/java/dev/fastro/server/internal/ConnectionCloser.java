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
import io.netty.channel.ChannelOutboundHandler;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;

/**
 * Decides when and how a connection closes.
 * <ul>
 * <li>Idle: a connection idle for the idle timeout between requests is closed. Netty's
 * {@link io.netty.handler.timeout.IdleStateHandler} stays in place and re-arms one timer
 * lazily; Reactor Netty's own idle timeout adds and removes a handler, so schedules and
 * cancels a timer, per request.</li>
 * <li>Half-closed by the client: a client may send its requests and then shut its side
 * down (legal HTTP/1.1). The connection stays open until every request read has been
 * answered in full. A reset closes it at once, which cancels the pending work.</li>
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

	private ChannelPromise lingering;

	private boolean lingerEnded;

	private ScheduledFuture<?> lingerDeadline;

	ConnectionCloser(ConnectionState state) {
		this.state = state;
	}

	@Override
	public void handlerAdded(ChannelHandlerContext ctx) {
		this.state.attach(ctx);
	}

	@Override
	public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
		if (event instanceof ChannelInputShutdownEvent) {
			if (this.lingering != null) {
				endLinger(ctx);
				return;
			}
			// Nothing more can be read; Reactor Netty asks to read after each exchange
			// all the same,
			// which the epoll transport may then fail with an error.
			ctx.pipeline().addFirst(NO_READS);
			this.state.stopReading();
			if (this.state.isQuiet()) {
				this.state.closeAfterWrites();
				return;
			}
		}
		else if (event instanceof IdleStateEvent) {
			if (this.state.isQuiet()) {
				ctx.close();
			}
			return;
		}
		ctx.fireUserEventTriggered(event);
	}

	@Override
	public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
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
		ctx.fireChannelInactive();
	}

	private void linger(ChannelHandlerContext ctx, ChannelPromise promise) {
		this.lingering = promise;
		this.lingerDeadline = ctx.executor().schedule(() -> endLinger(ctx), LINGER_MILLIS, TimeUnit.MILLISECONDS);
		ctx.pipeline().addBefore(ctx.name(), "fastro.discard", new Discard(ctx));
		ctx.channel().config().setAutoRead(true);
		// The FIN goes out only once every byte written before it has: shutting the
		// output down drops
		// whatever is still queued.
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
