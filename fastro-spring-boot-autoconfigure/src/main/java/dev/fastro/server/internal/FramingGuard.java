package dev.fastro.server.internal;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import dev.fastro.http.HttpException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * Follows the request framing of the raw bytes before the HTTP codec decodes them (see
 * {@link RequestFraming}), for two checks on every request of the connection, pipelined
 * or not, however its bytes are split across reads:
 * <ul>
 * <li>a header or trailer line folded onto the one before, which Netty would join with a
 * space, and a malformed chunk-size line, which Netty may read leniently, are refused
 * with 400;</li>
 * <li>a request whose head does not arrive within the read timeout of its first byte, or
 * whose body does not arrive within the read timeout of its head (slowloris), is answered
 * 408. The clock starts only when a read leaves a request unfinished, so a request that
 * arrives whole schedules no timer, and starts again with each head or body begun, so
 * that pipelined requests sent slowly but steadily each have their own read timeout. A
 * body streamed to its handler is paced by the handler: its clock starts again with each
 * read, and stands still while the handler holds the connection back.</li>
 * </ul>
 * A read holding the end of a head and more bytes is handed to the codec in two parts, so
 * that the decoded head can say how its body is framed before the bytes after it are
 * scanned.
 */
final class FramingGuard extends ChannelInboundHandlerAdapter {

	private final ConnectionState state;

	private final RequestFraming framing;

	private ScheduledFuture<?> deadline;

	/** The head or body the deadline is for, as {@link RequestFraming#partsBegun}. */
	private int timedPart;

	/** When the read that began the timed part arrived, in {@link System#nanoTime}. */
	private long timedPartBegan;

	FramingGuard(ConnectionState state) {
		this.state = state;
		this.framing = state.framing;
	}

	@Override
	public void channelRead(ChannelHandlerContext ctx, Object msg) {
		if (!(msg instanceof ByteBuf bytes)) {
			ctx.fireChannelRead(msg);
			return;
		}
		int start = bytes.readerIndex();
		int end = bytes.writerIndex();
		while (start < end) {
			int headEnd = this.framing.scan(bytes, start, end);
			String bodyRefusal = this.framing.takeBodyRefusal();
			if (bodyRefusal != null) {
				// The decoder may read this body otherwise, or not refuse it at all: the
				// refusal must not depend on it.
				bytes.release();
				this.state.failBody(new HttpException(400, bodyRefusal));
				return;
			}
			if (this.framing.takeFoldedHead()) {
				this.state.refuseNext(new RequestChecks.Refusal(HttpResponseStatus.BAD_REQUEST,
						"Obsolete line folding in the request headers"));
			}
			if (headEnd == end) {
				break;
			}
			ctx.fireChannelRead(bytes.retainedSlice(start, headEnd - start));
			headHandedOver();
			start = headEnd;
		}
		bytes.readerIndex(start);
		ctx.fireChannelRead(bytes);
		headHandedOver();
		watchDeadline(ctx);
	}

	/**
	 * After the codec has had the bytes ending a head: it has decoded the head, or
	 * failed.
	 */
	private void headHandedOver() {
		if (this.framing.awaitsBodyFraming()) {
			// The codec did not turn the head into a request: it has failed, and the
			// connection closes.
			this.framing.lose();
		}
	}

	@Override
	public void channelInactive(ChannelHandlerContext ctx) {
		cancelDeadline();
		ctx.fireChannelInactive();
	}

	@Override
	public void handlerRemoved(ChannelHandlerContext ctx) {
		cancelDeadline();
	}

	private void watchDeadline(ChannelHandlerContext ctx) {
		boolean unfinished = this.framing.inHead() || this.framing.inBody();
		if (!unfinished) {
			cancelDeadline();
			return;
		}
		if (this.framing.partsBegun() != this.timedPart || (this.framing.inBody() && this.state.isBodyPaced())) {
			// A new part, or a streamed body that moves on: its own read timeout.
			this.timedPart = this.framing.partsBegun();
			this.timedPartBegan = System.nanoTime();
		}
		if (this.deadline == null && ctx.channel().isActive()) {
			scheduleDeadline(ctx, this.state.options.readTimeout().toNanos());
		}
	}

	private void scheduleDeadline(ChannelHandlerContext ctx, long nanos) {
		this.deadline = ctx.executor().schedule(() -> readTimedOut(ctx), nanos, TimeUnit.NANOSECONDS);
	}

	private void readTimedOut(ChannelHandlerContext ctx) {
		this.deadline = null;
		if (this.state.isClosing() || !ctx.channel().isActive()) {
			return;
		}
		long left = this.state.options.readTimeout().toNanos() - (System.nanoTime() - this.timedPartBegan);
		if (left > 0) {
			// A part begun after the deadline was set: it is given its own.
			scheduleDeadline(ctx, left);
			return;
		}
		if (this.framing.inBody() && this.state.isBodyPaced() && !ctx.channel().config().isAutoRead()) {
			// The handler holds the body back: the client is not the slow one.
			this.timedPartBegan = System.nanoTime();
			scheduleDeadline(ctx, this.state.options.readTimeout().toNanos());
			return;
		}
		long millis = this.state.options.readTimeout().toMillis();
		if (this.framing.inBody()) {
			this.state.failBody(new HttpException(408, "The request body did not arrive within " + millis + " ms"));
		}
		else if (this.framing.inHead()) {
			this.framing.lose();
			if (this.state.allAnswered()) {
				this.state.reject(HttpResponseStatus.REQUEST_TIMEOUT,
						"The request headers did not arrive within " + millis + " ms");
			}
			else {
				// An answer to an earlier request is still due: end once it is written.
				this.state.stopReading();
			}
		}
	}

	private void cancelDeadline() {
		if (this.deadline != null) {
			this.deadline.cancel(false);
			this.deadline = null;
		}
	}

}
