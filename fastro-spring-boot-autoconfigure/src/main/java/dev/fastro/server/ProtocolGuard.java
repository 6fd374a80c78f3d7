package dev.fastro.server;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import dev.fastro.http.HttpException;
import dev.fastro.http.JsonCodec;
import dev.fastro.http.Problem;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.DecoderResultProvider;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.ByteProcessor;
import io.netty.util.ReferenceCountUtil;
import reactor.netty.NettyPipeline;

/**
 * Guards one connection where Reactor Netty alone would not:
 * <ul>
 * <li>a request whose headers do not arrive within the read timeout of its first byte, or whose body
 * does not arrive within the read timeout of its headers (slowloris), is answered 408 and the
 * connection closed;</li>
 * <li>a header line folded onto the next (obsolete since RFC 7230), which Netty would join with a
 * space, is refused with 400, and so is a request breaking the rules of {@link RequestChecks};</li>
 * <li>a malformed chunk in a body fails the body, so no handler ever sees a truncated one;</li>
 * <li>a request the decoder refused (a request line or headers too long, malformed syntax) is answered
 * with a problem+json body naming what was wrong, instead of Reactor Netty's empty one;</li>
 * <li>a keep-alive connection idle for the idle timeout is closed. Reactor Netty's own idle timeout
 * adds and removes a handler, so schedules and cancels a timer, for every request; Netty's
 * {@link IdleStateHandler} stays in place and re-arms one timer lazily, which costs a request
 * nothing.</li>
 * </ul>
 * It takes two places in the pipeline: before the HTTP codec it sees the raw bytes, after it the
 * decoded request and the response going out. A request that arrives whole in one read, the common
 * case, schedules no timer.
 */
final class ProtocolGuard {

	private final ServerOptions options;

	private final JsonCodec json;

	private final HeaderScan headerScan = new HeaderScan();

	private ChannelHandlerContext messages;

	private ScheduledFuture<?> deadline;

	/** From a request's head being decoded until its response has been written. */
	private boolean inRequest;

	/** From a request's head being decoded until its body has been received. */
	private boolean awaitingBody;

	private int decodedRequests;

	private Throwable decodeFailure;

	private ProtocolGuard(ServerOptions options, JsonCodec json) {
		this.options = options;
		this.json = json;
	}

	/** Installs a guard on a connection whose pipeline has Reactor Netty's HTTP/1.1 codec. */
	static void install(ChannelPipeline pipeline, ServerOptions options, JsonCodec json) {
		if (pipeline.get(NettyPipeline.HttpCodec) == null) {
			return;
		}
		ProtocolGuard guard = new ProtocolGuard(options, json);
		long idleMillis = options.idleTimeout().toMillis();
		pipeline.addBefore(NettyPipeline.HttpCodec, "fastro.idle",
				new IdleStateHandler(0, 0, idleMillis, TimeUnit.MILLISECONDS));
		pipeline.addBefore(NettyPipeline.HttpCodec, "fastro.protocolGuard.bytes", guard.new Bytes());
		pipeline.addAfter(NettyPipeline.HttpCodec, "fastro.protocolGuard.messages", guard.new Messages());
	}

	/** Scans header bytes for folding, and starts the clock when a read leaves a request incomplete. */
	private final class Bytes extends ChannelInboundHandlerAdapter {

		@Override
		public void channelRead(ChannelHandlerContext ctx, Object msg) {
			boolean awaitingHead = !ProtocolGuard.this.inRequest;
			if (awaitingHead && msg instanceof ByteBuf bytes && ProtocolGuard.this.headerScan.folds(bytes)) {
				bytes.release();
				reject(HttpResponseStatus.BAD_REQUEST, "Obsolete line folding in the request headers");
				return;
			}
			int decodedBefore = ProtocolGuard.this.decodedRequests;
			ctx.fireChannelRead(msg);
			boolean headIncomplete = awaitingHead && ProtocolGuard.this.decodedRequests == decodedBefore;
			if ((headIncomplete || ProtocolGuard.this.awaitingBody) && ProtocolGuard.this.deadline == null
					&& ctx.channel().isActive()) {
				ProtocolGuard.this.deadline = ctx.executor()
					.schedule(ProtocolGuard.this::readTimedOut, ProtocolGuard.this.options.readTimeout().toMillis(),
							TimeUnit.MILLISECONDS);
			}
		}

		@Override
		public void channelInactive(ChannelHandlerContext ctx) {
			cancelDeadline();
			ctx.fireChannelInactive();
		}

		@Override
		public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
			if (event instanceof IdleStateEvent && !ProtocolGuard.this.inRequest) {
				ctx.close();
				return;
			}
			ctx.fireUserEventTriggered(event);
		}

	}

	/** Checks decoded requests and bodies, and gives refused requests their problem body. */
	private final class Messages extends ChannelDuplexHandler {

		@Override
		public void handlerAdded(ChannelHandlerContext ctx) {
			ProtocolGuard.this.messages = ctx;
		}

		@Override
		public void channelRead(ChannelHandlerContext ctx, Object msg) {
			if (msg instanceof HttpRequest request) {
				cancelDeadline();
				ProtocolGuard.this.inRequest = true;
				ProtocolGuard.this.awaitingBody = !(msg instanceof LastHttpContent);
				ProtocolGuard.this.decodedRequests++;
				if (request.decoderResult().isSuccess()) {
					RequestChecks.Refusal refusal = RequestChecks.check(request);
					if (refusal != null) {
						request.setDecoderResult(DecoderResult.failure(refusal));
					}
				}
			}
			else if (msg instanceof HttpContent content && content.decoderResult().isFailure()
					&& ProtocolGuard.this.awaitingBody) {
				// Reactor Netty would end the body here as if complete; fail it instead, so the
				// handler never runs on a truncated body and the answer is a 400 with a problem body.
				ReferenceCountUtil.release(msg);
				bodyFailed(ctx, new HttpException(400, "Malformed request body: " + describe(content.decoderResult().cause())));
				return;
			}
			else if (msg instanceof LastHttpContent) {
				ProtocolGuard.this.awaitingBody = false;
				cancelDeadline();
			}
			if (msg instanceof DecoderResultProvider decoded && decoded.decoderResult().isFailure()) {
				ProtocolGuard.this.decodeFailure = decoded.decoderResult().cause();
			}
			ctx.fireChannelRead(msg);
		}

		@Override
		public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
			Object out = msg;
			Throwable failure = ProtocolGuard.this.decodeFailure;
			if (failure != null && msg instanceof FullHttpResponse response && !response.content().isReadable()
					&& response.status().code() >= 400) {
				ProtocolGuard.this.decodeFailure = null;
				if (failure instanceof RequestChecks.Refusal refusal) {
					response.setStatus(refusal.status());
				}
				out = withProblem(ctx, response, detail(failure));
			}
			if (out instanceof LastHttpContent) {
				ProtocolGuard.this.inRequest = false;
				ProtocolGuard.this.headerScan.reset();
			}
			ctx.write(out, promise);
		}

	}

	private void readTimedOut() {
		this.deadline = null;
		long millis = this.options.readTimeout().toMillis();
		if (this.awaitingBody) {
			bodyFailed(this.messages, new HttpException(408, "The request body did not arrive within " + millis + " ms"));
		}
		else if (!this.inRequest && this.messages.channel().isActive()) {
			reject(HttpResponseStatus.REQUEST_TIMEOUT, "The request headers did not arrive within " + millis + " ms");
		}
	}

	/** Fails the body being received, which Fastro's handler answers with the exception's status. */
	private void bodyFailed(ChannelHandlerContext ctx, HttpException failure) {
		this.awaitingBody = false;
		cancelDeadline();
		ctx.fireExceptionCaught(failure);
	}

	/** Answers a request that never reached Reactor Netty, and closes the connection. */
	private void reject(HttpResponseStatus status, String detail) {
		cancelDeadline();
		FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status);
		response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
		this.messages.writeAndFlush(withProblem(this.messages, response, detail))
			.addListener(ChannelFutureListener.CLOSE);
	}

	private void cancelDeadline() {
		if (this.deadline != null) {
			this.deadline.cancel(false);
			this.deadline = null;
		}
	}

	private FullHttpResponse withProblem(ChannelHandlerContext ctx, FullHttpResponse response, String detail) {
		Problem problem = Problem.of(response.status().code(), detail, null);
		ByteBuf body = this.json.write(problem.members(), ctx.alloc(), -1);
		FullHttpResponse replaced = response.replace(body);
		response.release();
		replaced.headers()
			.set(HttpHeaderNames.CONTENT_TYPE, "application/problem+json")
			.setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
		return replaced;
	}

	private String detail(Throwable failure) {
		if (failure instanceof RequestChecks.Refusal) {
			return failure.getMessage();
		}
		if (failure instanceof TooLongHttpLineException) {
			return "The request line is longer than " + this.options.maxInitialLineLength() + " bytes";
		}
		if (failure instanceof TooLongHttpHeaderException) {
			return "The request headers are larger than " + this.options.maxHeaderSize() + " bytes";
		}
		if (failure instanceof TooLongFrameException) {
			return "A part of the request is longer than allowed";
		}
		return "Malformed HTTP request: " + describe(failure);
	}

	private static String describe(Throwable failure) {
		return (failure.getMessage() != null) ? failure.getMessage() : failure.getClass().getSimpleName();
	}

	/**
	 * Finds a folded header line: a line of the header section that begins with a space or a tab. It
	 * scans from a request's first byte to the blank line ending its headers, across reads.
	 */
	private static final class HeaderScan implements ByteProcessor {

		private boolean atLineStart;

		private boolean done;

		private boolean folded;

		/** Whether these bytes, the next of the header section, fold a line. */
		boolean folds(ByteBuf bytes) {
			if (!this.done) {
				bytes.forEachByte(this);
			}
			return this.folded;
		}

		void reset() {
			this.atLineStart = false;
			this.done = false;
		}

		@Override
		public boolean process(byte value) {
			if (this.atLineStart && (value == '\r' || value == '\n')) {
				this.done = true;
				return false;
			}
			if (this.atLineStart && (value == ' ' || value == '\t')) {
				this.folded = true;
				return false;
			}
			this.atLineStart = (value == '\n');
			return true;
		}

	}

}
