package dev.fastro.server.internal;

import dev.fastro.http.HttpException;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * Guards the decoded messages of one connection, between the HTTP codec and the exchange
 * ({@link Http1Exchanges}, or Reactor Netty's), and hands the exchange one message per
 * request: its checked head, then its body's chunks up to the last, or a
 * {@link BodyRefusal} in place of the rest:
 * <ul>
 * <li>a request breaking the rules of {@link RequestChecks}, with malformed forwarded
 * headers when they are read ({@link ForwardedHeaders}), or refused by
 * {@link FramingGuard}, is marked as failed to decode, so the exchange answers it in its
 * turn among pipelined requests and closes the connection;</li>
 * <li>a malformed chunk, a body the client stops sending ({@link FramingGuard}'s read
 * timeout, or its side of the connection shut) fails the body, so no handler ever sees a
 * truncated one, and nothing after it is read;</li>
 * <li>on Reactor Netty's exchange, the answer it writes, empty, to a request that failed
 * to decode gets its status and problem body from {@link Refusals};</li>
 * <li>every response gets a {@code Date}, and the last answer on a connection that will
 * read no further request closes it; on a connection kept alive, it asks for the next
 * read;</li>
 * <li>a {@code 101} switching to h2c is handed to {@link ProtocolSwitches}, which
 * switches the connection over as it leaves; one switching to WebSocket passes, its
 * exchange having handed it to the switch already.</li>
 * </ul>
 */
final class MessageGuard extends ChannelDuplexHandler {

	private final ConnectionState state;

	private final boolean servesExchanges;

	private final ProtocolSwitches switches;

	/**
	 * On Reactor Netty's exchange, the number of the request that failed to decode and is
	 * answered next, or 0.
	 */
	private int failedRequest;

	private Throwable failure;

	private boolean awaitingBody;

	private boolean informational;

	/**
	 * @param servesExchanges whether Fastro serves the exchanges of the connection
	 * ({@link Http1Exchanges}) rather than Reactor Netty
	 * @param switches switches the connection to another protocol
	 */
	MessageGuard(ConnectionState state, boolean servesExchanges, ProtocolSwitches switches) {
		this.state = state;
		this.servesExchanges = servesExchanges;
		this.switches = switches;
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
			requestDecoded(ctx, request);
		}
		else if (msg instanceof HttpContent content && content.decoderResult().isFailure() && this.awaitingBody) {
			// Reactor Netty would end the body here as if complete: fail it instead.
			ReferenceCountUtil.release(msg);
			this.state.failBody(
					new HttpException(400, "Malformed request body: " + describe(content.decoderResult().cause())));
			return;
		}
		if (msg instanceof LastHttpContent) {
			this.awaitingBody = false;
		}
		ctx.fireChannelRead(msg);
	}

	/**
	 * Ends a failed body at once. Fastro's exchange is handed the failure in place of the
	 * rest of the body. On Reactor Netty's, the body ends as if complete, and its handler
	 * finds the failure in the connection's state: Reactor Netty would signal an inbound
	 * error a second time when the exchange ends, which Reactor logs as an error dropped.
	 */
	void endFailedBody(ChannelHandlerContext ctx, HttpException failure) {
		this.awaitingBody = false;
		ctx.fireChannelRead(this.servesExchanges ? new BodyRefusal(failure) : LastHttpContent.EMPTY_LAST_CONTENT);
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

	/** Takes note of a decoded request, and marks it failed when it breaks a rule. */
	private void requestDecoded(ChannelHandlerContext ctx, HttpRequest request) {
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
			if (!this.servesExchanges && this.failure == null) {
				this.failedRequest = number;
				this.failure = request.decoderResult().cause();
			}
			return;
		}
		this.state.framing.expectBody(RequestFraming.declaredLength(request.headers()));
	}

	@Override
	public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
		Object out = msg;
		if (msg instanceof HttpResponse response) {
			this.informational = response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
			if (!this.informational) {
				out = finish(response);
			}
			else if (response.status().code() == HttpResponseStatus.SWITCHING_PROTOCOLS.code()
					&& !response.headers().contains(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true)) {
				// An h2c upgrade: what follows is HTTP/2, which these guards do not
				// speak, so the pipeline's owner switches the connection over.
				this.switches.toHttp2(ctx.pipeline(), () -> ctx.write(msg, promise));
				return;
			}
		}
		if (out instanceof LastHttpContent && !this.informational) {
			this.state.answerWritten();
			ctx.write(out, promise);
			if (this.state.allAnswered()) {
				if (this.state.endsWhenAnswered()) {
					this.state.closeAfterWrites();
				}
				else if (!this.servesExchanges) {
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
	 * A final response as it leaves: dated, with a problem body when it is Reactor
	 * Netty's answer to an undecodable request, and saying {@code connection: close} when
	 * it is the last one due on a connection the server is draining, so that the client
	 * sends no request the close would lose.
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
			return this.state.refusals.answer(full, cause, full.content().alloc());
		}
		response.headers().set(HttpHeaderNames.DATE, DateHeader.now());
		return response;
	}

	private static String describe(Throwable failure) {
		return (failure.getMessage() != null) ? failure.getMessage() : failure.getClass().getSimpleName();
	}

}
