package dev.fastro.server;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

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
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ByteProcessor;
import reactor.netty.NettyPipeline;

/**
 * Guards one connection where Reactor Netty alone would not:
 * <ul>
 * <li>a request whose headers do not arrive within the read timeout of its first byte (slowloris) is
 * answered 408 and the connection closed;</li>
 * <li>a header line folded onto the next (obsolete since RFC 7230), which Netty would join with a
 * space, is refused with 400, as is an HTTP version other than 1.0 and 1.1 (505);</li>
 * <li>a request the decoder refused (a request line or headers too long, malformed syntax) is answered
 * with a problem+json body naming what was wrong, instead of Reactor Netty's empty one.</li>
 * </ul>
 * It takes two places in the pipeline: before the HTTP codec it sees the raw header bytes, after it
 * the decoded request and the response going out.
 */
final class ProtocolGuard {

	private static final String BYTES = "fastro.protocolGuard.bytes";

	private static final String MESSAGES = "fastro.protocolGuard.messages";

	private final ServerOptions options;

	private final JsonCodec json;

	private ChannelHandlerContext messages;

	private ScheduledFuture<?> headerDeadline;

	private boolean inRequest;

	private int decodedRequests;

	private Throwable decodeFailure;

	private final HeaderScan headerScan = new HeaderScan();

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
		pipeline.addBefore(NettyPipeline.HttpCodec, BYTES, guard.new Bytes());
		pipeline.addAfter(NettyPipeline.HttpCodec, MESSAGES, guard.new Messages());
	}

	/**
	 * Bytes that leave a request's headers incomplete start the clock for them. A request that arrives
	 * whole in one read is decoded before this returns, so the common case schedules nothing.
	 */
	private final class Bytes extends ChannelInboundHandlerAdapter {

		@Override
		public void channelRead(ChannelHandlerContext ctx, Object msg) {
			boolean awaitingHeaders = !ProtocolGuard.this.inRequest;
			if (awaitingHeaders && msg instanceof ByteBuf bytes && ProtocolGuard.this.headerScan.folds(bytes)) {
				bytes.release();
				reject(HttpResponseStatus.BAD_REQUEST, "Obsolete line folding in the request headers");
				return;
			}
			int decodedBefore = ProtocolGuard.this.decodedRequests;
			ctx.fireChannelRead(msg);
			if (awaitingHeaders && ProtocolGuard.this.decodedRequests == decodedBefore
					&& ProtocolGuard.this.headerDeadline == null && ctx.channel().isActive()) {
				Duration timeout = ProtocolGuard.this.options.readTimeout();
				ProtocolGuard.this.headerDeadline = ctx.executor()
					.schedule(ProtocolGuard.this::headersTooSlow, timeout.toMillis(), TimeUnit.MILLISECONDS);
			}
		}

		@Override
		public void channelInactive(ChannelHandlerContext ctx) {
			cancelDeadline();
			ctx.fireChannelInactive();
		}

	}

	/** Decoded requests stop the clock; responses to refused requests get their problem body. */
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
				ProtocolGuard.this.decodedRequests++;
				HttpVersion version = request.protocolVersion();
				if (request.decoderResult().isSuccess() && (version.majorVersion() != 1 || version.minorVersion() > 1)) {
					request.setDecoderResult(DecoderResult.failure(new UnsupportedVersion(version)));
				}
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
				if (failure instanceof UnsupportedVersion) {
					response.setStatus(HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED);
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

	private void headersTooSlow() {
		this.headerDeadline = null;
		if (!this.inRequest && this.messages.channel().isActive()) {
			reject(HttpResponseStatus.REQUEST_TIMEOUT,
					"The request headers did not arrive within " + this.options.readTimeout().toMillis() + " ms");
		}
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
		if (this.headerDeadline != null) {
			this.headerDeadline.cancel(false);
			this.headerDeadline = null;
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
		if (failure instanceof UnsupportedVersion) {
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
		return "Malformed HTTP request: " + failure.getMessage();
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

	private static final class UnsupportedVersion extends IllegalArgumentException {

		UnsupportedVersion(HttpVersion version) {
			super(version.text() + " is not supported; use HTTP/1.1");
		}

	}

}
