package dev.fastro.server.internal;

import dev.fastro.http.HttpException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;

/**
 * Guards the decoded messages of one connection, between the HTTP codec and the exchange
 * ({@link Http1Exchanges}, or Reactor Netty's):
 * <ul>
 * <li>a request breaking the rules of {@link RequestChecks}, with malformed forwarded
 * headers when they are read ({@link ForwardedHeaders}), or refused by
 * {@link FramingGuard}, is marked as failed to decode, so the exchange answers it in its
 * turn among pipelined requests and closes the connection;</li>
 * <li>a malformed chunk fails the body, so no handler ever sees a truncated one;</li>
 * <li>a body within the size limit is received here whole, and its request handed on only
 * then, as if it had none: the handler finds the body with
 * {@link ConnectionState#takeWholeBody}, and on Reactor Netty's exchange the body does
 * not pass through its inbound operators. On Reactor Netty's exchange, a request asking
 * to upgrade is handed on at once, and so is one expecting {@code 100-continue}, which it
 * answers;</li>
 * <li>the answer the exchange writes, empty, to a request that failed to decode gets a
 * problem body naming what was wrong;</li>
 * <li>every response gets a {@code Date}, and the last answer on a connection that will
 * read no further request closes it; on a connection kept alive, it asks for the next
 * read;</li>
 * <li>a {@code 101} switching to h2c takes the guards off the connection.</li>
 * </ul>
 */
final class MessageGuard extends ChannelDuplexHandler {

	private final ConnectionState state;

	private final boolean servesExchanges;

	/** The number of the request that failed to decode and is answered next, or 0. */
	private int failedRequest;

	private Throwable failure;

	private boolean awaitingBody;

	/** The request held back while its body is received whole, or {@code null}. */
	private HttpRequest held;

	private ByteBuf heldBody;

	/**
	 * The number of the request held back that is to be answered {@code 100 Continue}
	 * once its turn comes, or 0.
	 */
	private int continueDue;

	private boolean informational;

	/**
	 * @param servesExchanges whether Fastro serves the exchanges of the connection
	 * ({@link Http1Exchanges}) rather than Reactor Netty
	 */
	MessageGuard(ConnectionState state, boolean servesExchanges) {
		this.state = state;
		this.servesExchanges = servesExchanges;
	}

	@Override
	public void handlerAdded(ChannelHandlerContext ctx) {
		this.state.messages(ctx, this);
	}

	@Override
	public void channelRead(ChannelHandlerContext ctx, Object msg) {
		if (this.state.bodyFailed()) {
			// The failed body has ended; nothing after it is read on this connection.
			ReferenceCountUtil.release(msg);
			return;
		}
		if (msg instanceof HttpRequest request) {
			if (requestDecoded(ctx, request)) {
				this.held = request;
				return;
			}
		}
		else if (msg instanceof HttpContent content && content.decoderResult().isFailure() && this.awaitingBody) {
			// Reactor Netty would end the body here as if complete: fail it instead.
			ReferenceCountUtil.release(msg);
			this.state.failBody(
					new HttpException(400, "Malformed request body: " + describe(content.decoderResult().cause())));
			return;
		}
		else if (this.held != null && msg instanceof HttpContent content) {
			receiveWhole(ctx, content);
			return;
		}
		if (msg instanceof LastHttpContent) {
			this.awaitingBody = false;
		}
		ctx.fireChannelRead(msg);
	}

	/**
	 * Whether a request's body is to be received here whole: one within the size limit (a
	 * larger one is refused unread by the handler). On Reactor Netty's exchange, a
	 * request asking to upgrade is left to it, which may switch to h2c, and so is a
	 * client that expects {@code 100-continue}, which it answers and then receives the
	 * body; on Fastro's, the client is answered so here.
	 */
	private boolean receivesWhole(HttpRequest request, long length, int number) {
		if (length == 0 || length > this.state.options.maxBodySize()
				|| (!this.servesExchanges && request.headers().contains(HttpHeaderNames.UPGRADE))) {
			return false;
		}
		String expect = request.headers().get(HttpHeaderNames.EXPECT);
		if (expect == null) {
			return true;
		}
		if (!this.servesExchanges || !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect)) {
			return false;
		}
		this.continueDue = number;
		continueWhenDue();
		return true;
	}

	/**
	 * Answers {@code 100 Continue} to the request held back, once every request before it
	 * has had its final answer.
	 */
	private void continueWhenDue() {
		if (this.continueDue != 0 && this.continueDue == this.state.nextAnswer()) {
			this.continueDue = 0;
			this.state.writeContinue();
		}
	}

	private void receiveWhole(ChannelHandlerContext ctx, HttpContent content) {
		this.heldBody = ReceivedBody.append(this.heldBody, content.content(), ctx.alloc());
		if (this.heldBody.readableBytes() > this.state.options.maxBodySize()) {
			// Only a chunked body can grow past the limit here.
			this.state.failBody(FastroHttpHandler.tooLarge(this.state.options.maxBodySize()));
		}
		else if (content instanceof LastHttpContent) {
			HttpRequest request = this.held;
			this.state.receivedWhole(request.headers(), this.heldBody);
			this.held = null;
			this.heldBody = null;
			this.awaitingBody = false;
			ctx.fireChannelRead(request);
			ctx.fireChannelRead(LastHttpContent.EMPTY_LAST_CONTENT);
		}
	}

	/**
	 * Reactor Netty reads on demand, and asks for no read while it has not seen the
	 * request held here: ask for the rest of its body.
	 */
	@Override
	public void channelReadComplete(ChannelHandlerContext ctx) {
		if (this.held != null && !ctx.channel().config().isAutoRead()) {
			ctx.read();
		}
		ctx.fireChannelReadComplete();
	}

	/**
	 * Ends a failed body at once. Its request is handed on if it was held, and its
	 * handler, finding no body received whole, reads the end of an empty body and answers
	 * with the failure. The body ends as if complete rather than with an error, because
	 * Reactor Netty would signal an inbound error a second time when the exchange ends,
	 * which Reactor logs as an error dropped.
	 */
	void endFailedBody(ChannelHandlerContext ctx) {
		this.awaitingBody = false;
		HttpRequest request = this.held;
		if (request != null) {
			releaseHeld();
			ctx.fireChannelRead(request);
		}
		ctx.fireChannelRead(LastHttpContent.EMPTY_LAST_CONTENT);
	}

	@Override
	public void channelInactive(ChannelHandlerContext ctx) {
		releaseHeld();
		this.state.releaseWholeBodies();
		ctx.fireChannelInactive();
	}

	@Override
	public void handlerRemoved(ChannelHandlerContext ctx) {
		releaseHeld();
		this.state.releaseWholeBodies();
	}

	private void releaseHeld() {
		this.held = null;
		this.continueDue = 0;
		if (this.heldBody != null) {
			this.heldBody.release();
			this.heldBody = null;
		}
	}

	/**
	 * The client has shut its side down, and the decoder has made what it could of the
	 * bytes it had. It drops a body or a request line cut short without a word: answer
	 * them, rather than let them wait for the read timeout.
	 */
	@Override
	public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
		if (event instanceof ChannelInputShutdownEvent && !this.state.bodyFailed()) {
			if (this.awaitingBody) {
				this.state.failBody(new HttpException(400,
						"The client closed its side of the connection before the request body was complete"));
			}
			else if (this.state.framing.inHead()) {
				this.state.framing.lose();
				if (this.state.allAnswered()) {
					this.state.reject(HttpResponseStatus.BAD_REQUEST,
							"The client closed its side of the connection before the request head was complete");
				}
			}
		}
		ctx.fireUserEventTriggered(event);
	}

	/**
	 * Takes note of a decoded request; returns whether to hold it back while its body is
	 * received whole.
	 */
	private boolean requestDecoded(ChannelHandlerContext ctx, HttpRequest request) {
		int number = this.state.requestDecoded();
		this.awaitingBody = !(request instanceof LastHttpContent);
		Throwable refusal = this.state.takeRefusal();
		if (request.decoderResult().isSuccess() && refusal == null) {
			refusal = RequestChecks.check(request);
			if (refusal == null && this.state.options.forwardedHeaders()) {
				refusal = ForwardedHeaders.check(request.headers(), ctx.channel().remoteAddress(),
						this.state.options.trustedProxies());
			}
		}
		if (refusal != null) {
			request.setDecoderResult(DecoderResult.failure(refusal));
		}
		if (request.decoderResult().isFailure()) {
			this.state.framing.lose();
			if (this.failure == null) {
				this.failedRequest = number;
				this.failure = request.decoderResult().cause();
			}
			return false;
		}
		long length = FastroHttpHandler.declaredLength(request.headers());
		this.state.framing.expectBody(length);
		return receivesWhole(request, length, number);
	}

	@Override
	public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
		Object out = msg;
		if (msg instanceof HttpResponse response) {
			this.informational = response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
			if (!this.informational) {
				out = finish(response);
			}
			else if (response.status().code() == HttpResponseStatus.SWITCHING_PROTOCOLS.code()) {
				// An h2c upgrade: what follows is HTTP/2, which these guards do not
				// speak.
				ServerPipeline.removeAccessLog(ctx.pipeline());
				ctx.write(msg, promise);
				ServerPipeline.switchToHttp2(ctx.pipeline());
				return;
			}
		}
		if (out instanceof LastHttpContent && !this.informational) {
			this.state.answerWritten();
			ctx.write(out, promise);
			continueWhenDue();
			if (this.state.allAnswered()) {
				if (this.state.endsWhenAnswered()) {
					this.state.closeAfterWrites();
				}
				else {
					// Reactor Netty reads on demand, and up to 1.3.7 forgets to ask again
					// when a queued request is answered before its end of message is
					// drained (reactor/reactor-netty#4361): the connection would never
					// read the next request. Asking here costs no system call, as Reactor
					// Netty asks for the same read once the exchange ends.
					ctx.read();
				}
			}
			return;
		}
		ctx.write(out, promise);
	}

	/**
	 * A final response as it leaves: dated, with a problem body when it refuses an
	 * undecodable request, and saying {@code connection: close} when it is the last one
	 * due on a connection the server is draining, so that the client sends no request the
	 * close would lose.
	 */
	private HttpResponse finish(HttpResponse response) {
		if (this.state.isDraining() && this.state.isLastDue()) {
			response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
			this.state.stopReading();
		}
		if (this.failure != null && this.failedRequest == this.state.nextAnswer()
				&& response instanceof FullHttpResponse full && !full.content().isReadable()) {
			Throwable cause = this.failure;
			this.failure = null;
			full.setStatus(status(cause, full.status()));
			return this.state.withProblem(full, detail(cause));
		}
		response.headers().set(HttpHeaderNames.DATE, DateHeader.now());
		return response;
	}

	/**
	 * The status of the answer to a request that failed to decode: a refusal's own, and
	 * for a request line or headers too long the one Reactor Netty answers too.
	 */
	private static HttpResponseStatus status(Throwable failure, HttpResponseStatus written) {
		if (failure instanceof RequestChecks.Refusal refusal) {
			return refusal.status();
		}
		if (failure instanceof TooLongHttpLineException) {
			return HttpResponseStatus.REQUEST_URI_TOO_LONG;
		}
		if (failure instanceof TooLongHttpHeaderException) {
			return HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE;
		}
		return written;
	}

	private String detail(Throwable failure) {
		if (failure instanceof RequestChecks.Refusal) {
			return failure.getMessage();
		}
		if (failure instanceof TooLongHttpLineException) {
			return "The request line is longer than " + this.state.options.maxInitialLineLength() + " bytes";
		}
		if (failure instanceof TooLongHttpHeaderException) {
			return "The request headers are larger than " + this.state.options.maxHeaderSize() + " bytes";
		}
		if (failure instanceof TooLongFrameException) {
			return "A part of the request is longer than allowed";
		}
		return "Malformed HTTP request: " + describe(failure);
	}

	private static String describe(Throwable failure) {
		return (failure.getMessage() != null) ? failure.getMessage() : failure.getClass().getSimpleName();
	}

}
