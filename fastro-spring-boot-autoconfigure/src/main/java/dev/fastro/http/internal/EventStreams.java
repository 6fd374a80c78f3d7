package dev.fastro.http.internal;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.util.AsciiString;
import io.netty.util.ByteProcessor;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;

/**
 * Writes streams as server-sent events ({@code text/event-stream}, as the HTML standard
 * defines it): an item that is an {@link EventResults.Event} with its fields, any other
 * as the data of an event, a {@code CharSequence} as it is and anything else as JSON.
 * Data of several lines is sent as as many {@code data} lines, which the client joins
 * again with line feeds.
 * <p>
 * Each event is a chunk of its own, which the transports flush as it is written. While
 * the stream has sent nothing for the heartbeat interval, it sends an empty comment, so
 * that proxies and clients that drop a silent connection keep it. Every stream open when
 * the server shuts down ends there, cleanly, as the client then reconnects elsewhere: a
 * stream without an end would hold the graceful shutdown for its whole grace period.
 */
final class EventStreams {

	static final AsciiString TEXT_EVENT_STREAM = AsciiString.cached("text/event-stream");

	// An empty comment, and the blank line after it that ends every event.
	private static final byte[] HEARTBEAT_BYTES = { ':', '\n', '\n' };

	private static final byte[] ID = "id".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] EVENT = "event".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] RETRY = "retry".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] COMMENT = new byte[0];

	private static final byte[] DATA = "data".getBytes(StandardCharsets.US_ASCII);

	/** Marks the heartbeats merged with a stream's items. */
	private static final Object HEARTBEAT = new Object();

	/** Marks the end of a stream: its last item, or the server's shutdown. */
	private static final Object END = new Object();

	private static final Mono<Object> ENDED = Mono.just(END);

	private final JsonCodec json;

	private final EventResults events;

	private final long heartbeatNanos;

	/** Completes when the server shuts down. */
	private volatile Sinks.Empty<Void> shutdown = Sinks.empty();

	/**
	 * @param heartbeatInterval how long a stream may send nothing before it sends a
	 * heartbeat; {@code null} or zero for no heartbeats
	 */
	EventStreams(JsonCodec json, EventResults events, Duration heartbeatInterval) {
		this.json = json;
		this.events = events;
		this.heartbeatNanos = (heartbeatInterval != null) ? heartbeatInterval.toNanos() : 0;
	}

	/**
	 * Whether an item of a stream is an event, which makes its stream an event stream.
	 */
	boolean isEvent(Object item) {
		return this.events.event(item) != null;
	}

	/**
	 * The chunks of an event stream: one per item, with heartbeats between them while it
	 * is idle, until the items or the server end.
	 */
	Flux<ByteBuf> write(Exchange ctx, Flux<?> items) {
		Flux<Object> events = Flux.concat(items, ENDED);
		Mono<Object> shutdown = this.shutdown.asMono().then(ENDED);
		if (this.heartbeatNanos == 0) {
			// One item at a time, as the transport asks for them.
			return Flux.merge(1, events, shutdown).takeWhile((item) -> item != END).map((item) -> encode(ctx, item));
		}
		return Flux.defer(() -> {
			Heartbeats heartbeats = new Heartbeats(this.heartbeatNanos);
			return Flux.merge(1, events, shutdown, Flux.create(heartbeats, FluxSink.OverflowStrategy.DROP))
				.takeWhile((item) -> item != END)
				.map((item) -> {
					heartbeats.sent();
					return encode(ctx, item);
				});
		});
	}

	/**
	 * Ends every event stream open now, as the server shuts down. Those that begin later
	 * run on, as a server stopped may be started again.
	 */
	synchronized void end() {
		Sinks.Empty<Void> open = this.shutdown;
		this.shutdown = Sinks.empty();
		open.tryEmitEmpty();
	}

	private ByteBuf encode(Exchange ctx, Object item) {
		if (item == HEARTBEAT) {
			return Unpooled.wrappedBuffer(HEARTBEAT_BYTES);
		}
		EventResults.Event event = this.events.event(item);
		ByteBuf chunk = ctx.alloc().buffer();
		try {
			if (event == null) {
				data(chunk, item);
			}
			else {
				field(chunk, ID, event.id());
				field(chunk, EVENT, event.name());
				if (event.retry() != null) {
					if (event.retry().isNegative()) {
						throw new IllegalArgumentException(
								"The retry of a server-sent event must not be negative, was " + event.retry());
					}
					String millis = Long.toString(event.retry().toMillis());
					line(chunk, RETRY, millis, 0, millis.length());
				}
				if (event.comment() != null) {
					lines(chunk, COMMENT, event.comment());
				}
				if (event.data() != null) {
					data(chunk, event.data());
				}
			}
			chunk.writeByte('\n');
			return chunk;
		}
		catch (RuntimeException ex) {
			chunk.release();
			throw ex;
		}
	}

	/** Writes a field of one line, if it is set. */
	private static void field(ByteBuf chunk, byte[] name, String value) {
		if (value != null) {
			line(chunk, name, value, 0, value.length());
		}
	}

	/** Writes data: text as it is, any other value as JSON. */
	private void data(ByteBuf chunk, Object value) {
		if (value instanceof CharSequence text) {
			lines(chunk, DATA, text);
			return;
		}
		int start = chunk.writerIndex();
		chunk.writeBytes(DATA).writeByte(':').writeByte(' ');
		int json = chunk.writerIndex();
		this.json.write(value, chunk);
		int length = chunk.writerIndex() - json;
		if (chunk.forEachByte(json, length, ByteProcessor.FIND_CRLF) >= 0) {
			// Pretty-printed: JSON escapes the line breaks within strings, so these are
			// between its tokens.
			String text = chunk.toString(json, length, StandardCharsets.UTF_8);
			chunk.writerIndex(start);
			lines(chunk, DATA, text);
		}
		else {
			chunk.writeByte('\n');
		}
	}

	/**
	 * Writes a field of as many lines as {@code text} has: CR LF, LF and CR each end one,
	 * as they do for the client.
	 */
	private static void lines(ByteBuf chunk, byte[] name, CharSequence text) {
		int start = 0;
		int length = text.length();
		for (int i = 0; i < length; i++) {
			char c = text.charAt(i);
			if (c == '\n' || c == '\r') {
				line(chunk, name, text, start, i);
				if (c == '\r' && i + 1 < length && text.charAt(i + 1) == '\n') {
					i++;
				}
				start = i + 1;
			}
		}
		line(chunk, name, text, start, length);
	}

	/**
	 * Writes {@code name: value}, or {@code name:} alone for an empty value: the client
	 * drops one space after the colon, so the value keeps any space it starts with.
	 */
	private static void line(ByteBuf chunk, byte[] name, CharSequence text, int start, int end) {
		chunk.writeBytes(name).writeByte(':');
		if (start < end) {
			chunk.writeByte(' ');
			ByteBufUtil.writeUtf8(chunk, text, start, end);
		}
		chunk.writeByte('\n');
	}

	/**
	 * The heartbeats of one stream: a timer looks when the stream could have been idle
	 * for the interval and is re-armed only then, so that an event costs no timer. A
	 * heartbeat the stream has no demand for, as its client is slow, is dropped.
	 */
	private static final class Heartbeats implements Consumer<FluxSink<Object>> {

		private final long intervalNanos;

		private volatile long sentAt;

		private FluxSink<Object> sink;

		private volatile Disposable timer;

		Heartbeats(long intervalNanos) {
			this.intervalNanos = intervalNanos;
		}

		@Override
		public void accept(FluxSink<Object> sink) {
			this.sink = sink;
			this.sentAt = System.nanoTime();
			arm(this.intervalNanos);
			sink.onDispose(() -> this.timer.dispose());
		}

		/** Something has been sent: the stream is not idle. */
		void sent() {
			this.sentAt = System.nanoTime();
		}

		private void arm(long delayNanos) {
			this.timer = Schedulers.parallel().schedule(this::look, delayNanos, TimeUnit.NANOSECONDS);
		}

		private void look() {
			if (this.sink.isCancelled()) {
				return;
			}
			long idle = System.nanoTime() - this.sentAt;
			if (idle >= this.intervalNanos) {
				this.sentAt = System.nanoTime();
				this.sink.next(HEARTBEAT);
				arm(this.intervalNanos);
			}
			else {
				arm(this.intervalNanos - idle);
			}
		}

	}

}
