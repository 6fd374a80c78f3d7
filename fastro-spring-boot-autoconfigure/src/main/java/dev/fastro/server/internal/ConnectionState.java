package dev.fastro.server.internal;

import java.nio.charset.StandardCharsets;

import dev.fastro.http.HttpException;
import dev.fastro.http.internal.JsonCodec;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.AttributeKey;
import reactor.netty.Connection;

/**
 * What the guards of one connection share: where its bytes stand in HTTP framing, how
 * many requests it has decoded and answered, and whether it will read another. HTTP/1.1
 * answers requests in order, so the n-th final response written answers the n-th request
 * decoded.
 */
final class ConnectionState {

	private static final AttributeKey<ConnectionState> KEY = AttributeKey.valueOf(ConnectionState.class.getName());

	private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

	final RequestFraming framing = new RequestFraming();

	final ServerOptions options;

	final Refusals refusals;

	/** The context after the HTTP codec, where whole responses can be written. */
	private ChannelHandlerContext messages;

	private MessageGuard messageGuard;

	/** The context before the HTTP codec, where raw bytes can be written. */
	private ChannelHandlerContext bytes;

	private HttpException bodyFailure;

	private int decoded;

	private int answered;

	/**
	 * When the last answer was written whole, or the guards were installed, on the event
	 * loop's ticker.
	 */
	private long answeredAt;

	private boolean reading = true;

	private boolean closing;

	private boolean draining;

	private RequestChecks.Refusal refusal;

	private boolean bodyPaced;

	ConnectionState(ServerOptions options, JsonCodec json) {
		this.options = options;
		this.refusals = new Refusals(options, json);
	}

	/**
	 * Shares this state with the connection's channel, where Reactor Netty's exchange
	 * finds {@link #bodyFailure(Connection)}, and the server {@link #draining}.
	 */
	void attach(ChannelHandlerContext bytes) {
		this.bytes = bytes;
		this.answeredAt = now();
		bytes.channel().attr(KEY).set(this);
	}

	/**
	 * The event loop's time, in nanoseconds: only differences between two mean anything.
	 */
	long now() {
		return this.bytes.executor().ticker().nanoTime();
	}

	/**
	 * Why the body just received on a connection that Reactor Netty's exchange serves
	 * failed, or {@code null}: its exchange cannot be handed a {@link BodyRefusal}.
	 */
	static HttpException bodyFailure(Connection connection) {
		ConnectionState state = connection.channel().attr(KEY).get();
		return (state != null) ? state.bodyFailure : null;
	}

	void messages(ChannelHandlerContext messages, MessageGuard guard) {
		this.messages = messages;
		this.messageGuard = guard;
	}

	/**
	 * Fails the body being received: it ends at once, and the handler that receives it
	 * answers with {@code failure} instead of running on a truncated body.
	 */
	void failBody(HttpException failure) {
		this.bodyFailure = failure;
		this.framing.lose();
		this.messageGuard.endFailedBody(this.messages, failure);
	}

	/**
	 * Tells the client to send the body of the request it holds back, in bytes written
	 * past the codec: Netty's encoder (4.2.15) takes a request's method off its queue for
	 * an interim answer as for a final one (netty/netty#17181), so the final answer would
	 * be framed for the next request's method, with a body in answer to a {@code HEAD},
	 * or without its own.
	 */
	void writeContinue() {
		this.bytes.writeAndFlush(Unpooled.wrappedBuffer(CONTINUE));
	}

	/**
	 * Whether the body being read is streamed to a handler that paces it: its read
	 * timeout then runs between reads, and not while the handler holds the connection
	 * back.
	 */
	void bodyPaced(boolean paced) {
		this.bodyPaced = paced;
	}

	/**
	 * Marks the body being read on a connection that Reactor Netty's exchange serves as
	 * paced by its handler, or no longer: see {@link #bodyPaced(boolean)}. An HTTP/2
	 * stream has no guards, and no such state.
	 */
	static void bodyPaced(Connection connection, boolean paced) {
		ConnectionState state = connection.channel().attr(KEY).get();
		if (state != null) {
			state.bodyPaced(paced);
		}
	}

	boolean isBodyPaced() {
		return this.bodyPaced;
	}

	/** Whether a body has failed, after which the connection reads nothing more. */
	boolean bodyFailed() {
		return this.bodyFailure != null;
	}

	/**
	 * Closes the connection once everything written so far has been sent, and after
	 * Reactor Netty has ended the exchange of its last response: closing sooner would cut
	 * that response short, or have Reactor Netty resume reading on a closed channel.
	 * Reactor Netty ends the exchange in a listener it adds to the last write when that
	 * write returns, so the close waits for the next turn of the loop.
	 */
	void closeAfterWrites() {
		this.bytes.executor()
			.execute(() -> this.bytes.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE));
	}

	/** Refuses the next request head the codec decodes, whatever it holds. */
	void refuseNext(RequestChecks.Refusal refusal) {
		this.refusal = refusal;
	}

	/** The refusal for the head just decoded, if any; taking it clears it. */
	RequestChecks.Refusal takeRefusal() {
		RequestChecks.Refusal taken = this.refusal;
		this.refusal = null;
		return taken;
	}

	/** A request head was decoded; returns its number on this connection, from 1. */
	int requestDecoded() {
		return ++this.decoded;
	}

	/** The number the next final response answers. */
	int nextAnswer() {
		return this.answered + 1;
	}

	void answerWritten() {
		this.answered++;
		this.answeredAt = now();
	}

	/**
	 * When the last answer was written whole, or the guards were installed when none has
	 * been: where an idle stretch between requests begins.
	 */
	long answeredAt() {
		return this.answeredAt;
	}

	/** Whether the next final response answers the last request decoded so far. */
	boolean isLastDue() {
		return nextAnswer() >= this.decoded;
	}

	/** Whether every request decoded so far has been answered. */
	boolean allAnswered() {
		return this.answered >= this.decoded;
	}

	/**
	 * Whether the connection stands between requests, with nothing read that is not yet
	 * answered.
	 */
	boolean isQuiet() {
		return this.framing.isIdle() && allAnswered();
	}

	/**
	 * No further request will be read: the client closed its side, or a request head
	 * never came.
	 */
	void stopReading() {
		this.reading = false;
	}

	/** Whether the connection ends once every request read so far is answered. */
	boolean endsWhenAnswered() {
		return !this.reading;
	}

	/**
	 * The server has begun to close the connection: timers that fire now have nothing to
	 * do.
	 */
	void closing() {
		this.closing = true;
	}

	boolean isClosing() {
		return this.closing;
	}

	/**
	 * Whether the server is shutting down gracefully: a close asked for while answers are
	 * still due waits for them.
	 */
	boolean isDraining() {
		return this.draining;
	}

	/**
	 * Marks every connection of {@code connections} that has guards as draining, or no
	 * longer, each on its event loop, before anything closes it.
	 */
	static void draining(Iterable<Channel> connections, boolean draining) {
		for (Channel connection : connections) {
			ConnectionState state = connection.attr(KEY).get();
			if (state != null) {
				connection.eventLoop().execute(() -> state.draining = draining);
			}
		}
	}

	/**
	 * Answers a request that never reached a handler with a problem, and closes the
	 * connection.
	 */
	void reject(HttpResponseStatus status, String detail) {
		this.messages.writeAndFlush(this.refusals.reject(status, detail, this.messages.alloc()))
			.addListener(ChannelFutureListener.CLOSE);
	}

}
