package dev.fastro.server.internal;

import dev.fastro.http.HttpException;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;

/**
 * Guards the decoded messages of one connection, between the HTTP codec and Reactor
 * Netty:
 * <ul>
 * <li>a request breaking the rules of {@link RequestChecks}, or refused by
 * {@link FramingGuard}, is marked as failed to decode, so Reactor Netty answers it in its
 * turn among pipelined requests and closes the connection;</li>
 * <li>a malformed chunk fails the body, so no handler ever sees a truncated one;</li>
 * <li>the answer Reactor Netty writes, empty, to a request that failed to decode gets a
 * problem body naming what was wrong;</li>
 * <li>every response gets a {@code Date}, and the last answer on a connection that will
 * read no further request closes it; on a connection kept alive, it asks for the next
 * read;</li>
 * <li>a {@code 101} switching to h2c takes the guards off the connection.</li>
 * </ul>
 */
final class MessageGuard extends ChannelDuplexHandler {

	private final ConnectionState state;

	/** The number of the request that failed to decode and is answered next, or 0. */
	private int failedRequest;

	private Throwable failure;

	private boolean awaitingBody;

	private boolean informational;

	MessageGuard(ConnectionState state) {
		this.state = state;
	}

	@Override
	public void handlerAdded(ChannelHandlerContext ctx) {
		this.state.messages(ctx);
	}

	@Override
	public void channelRead(ChannelHandlerContext ctx, Object msg) {
		if (this.state.bodyFailed()) {
			// The failed body has ended; nothing after it is read on this connection.
			ReferenceCountUtil.release(msg);
			return;
		}
		if (msg instanceof HttpRequest request) {
			requestDecoded(request);
		}
		else if (msg instanceof HttpContent content && content.decoderResult().isFailure() && this.awaitingBody) {
			// Reactor Netty would end the body here as if complete: fail it instead.
			ReferenceCountUtil.release(msg);
			failBody(new HttpException(400, "Malformed request body: " + describe(content.decoderResult().cause())));
			return;
		}
		if (msg instanceof LastHttpContent) {
			this.awaitingBody = false;
		}
		ctx.fireChannelRead(msg);
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
				failBody(new HttpException(400,
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

	private void failBody(HttpException failure) {
		this.awaitingBody = false;
		this.state.failBody(failure);
	}

	private void requestDecoded(HttpRequest request) {
		int number = this.state.requestDecoded();
		this.awaitingBody = !(request instanceof LastHttpContent);
		Throwable refusal = this.state.takeRefusal();
		if (request.decoderResult().isSuccess() && refusal == null) {
			refusal = RequestChecks.check(request);
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
			return;
		}
		this.state.framing.expectBody(HttpUtil.isTransferEncodingChunked(request) ? RequestFraming.CHUNKED
				: HttpUtil.getContentLength(request, 0L));
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
				ctx.write(msg, promise);
				ServerPipeline.switchToHttp2(ctx.pipeline());
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
	 * A final response as it leaves: dated, and with a problem body when it refuses an
	 * undecodable request.
	 */
	private HttpResponse finish(HttpResponse response) {
		if (this.failure != null && this.failedRequest == this.state.nextAnswer()
				&& response instanceof FullHttpResponse full && !full.content().isReadable()) {
			Throwable cause = this.failure;
			this.failure = null;
			if (cause instanceof RequestChecks.Refusal refusal) {
				full.setStatus(refusal.status());
			}
			return this.state.withProblem(full, detail(cause));
		}
		response.headers().set(HttpHeaderNames.DATE, DateHeader.now());
		return response;
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
