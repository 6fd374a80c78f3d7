package dev.fastro.http.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;

import dev.fastro.http.Context;
import dev.fastro.http.HttpException;
import dev.fastro.http.Problem;
import dev.fastro.http.Response;
import dev.fastro.http.ResponseHook;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Writes what a handler returned. A value known now is written with one send of a buffer
 * whose length is set; a {@code Mono} or {@code CompletionStage} is written when it
 * completes; any other {@code Publisher} is streamed as a JSON array, as
 * newline-delimited JSON when the client prefers {@code application/x-ndjson}, or as
 * server-sent events ({@link EventStreams}) when the client prefers
 * {@code text/event-stream}, the handler set that content type, or the first item is an
 * event ({@link EventResults}); an {@code InputStream} is streamed as it is read; a file
 * ({@link FileResults}) is sent as it is, whole or in the byte ranges the request asks
 * for.
 */
final class ResultWriter {

	private static final Log logger = LogFactory.getLog(ResultWriter.class);

	static final AsciiString TEXT_PLAIN = AsciiString.cached("text/plain; charset=utf-8");

	static final AsciiString APPLICATION_JSON = AsciiString.cached("application/json");

	static final AsciiString NDJSON = AsciiString.cached("application/x-ndjson");

	static final AsciiString OCTET_STREAM = AsciiString.cached("application/octet-stream");

	// What a stream can be sent as, JSON first when a client accepts several alike.
	private static final List<String> STREAM_TYPES = List.of(APPLICATION_JSON.toString(), NDJSON.toString(),
			EventStreams.TEXT_EVENT_STREAM.toString());

	private static final AsciiString NO_CACHE = AsciiString.cached("no-cache");

	private static final Object NOTHING = new Object();

	private static final AsciiString BYTES = AsciiString.cached("bytes");

	private static final AsciiString CONTENT_RANGE = AsciiString.cached("content-range");

	// The size in bytes up to which Netty's HttpObjectEncoder copies a body into the
	// buffer of the headers: a text of this many chars is that small when it is ASCII.
	private static final int SHORT_TEXT = 128;

	private final JsonCodec json;

	private final ErrorAnswers errors;

	private final ResponseHook[] hooks;

	private final Duration requestTimeout;

	private final Scheduler blockingScheduler;

	private final FileResults files;

	private final EventStreams events;

	ResultWriter(JsonCodec json, ErrorAnswers errors, List<ResponseHook> hooks, Duration requestTimeout,
			Scheduler blockingScheduler, FileResults files, EventStreams events) {
		this.json = json;
		this.errors = errors;
		this.hooks = hooks.toArray(ResponseHook[]::new);
		this.requestTimeout = requestTimeout;
		this.blockingScheduler = blockingScheduler;
		this.files = files;
		this.events = events;
	}

	/** Writes a handler's result, whatever its kind. */
	Publisher<Void> write(Exchange ctx, Object result) {
		return write(ctx, result, false);
	}

	/** Writes the answer to an exception thrown before any result existed. */
	Publisher<Void> writeError(Exchange ctx, Throwable error) {
		return write(ctx, this.errors.resolve(ctx, error), true);
	}

	private Publisher<Void> write(Exchange ctx, Object result, boolean answersError) {
		if (result instanceof Mono<?> mono) {
			return writeLater(ctx, bounded(ctx, mono), answersError);
		}
		if (result instanceof CompletionStage<?> stage) {
			return writeLater(ctx, bounded(ctx, Mono.fromCompletionStage(stage)), answersError);
		}
		if (result instanceof Publisher<?> stream) {
			return stream(ctx, Flux.from(stream), answersError);
		}
		if (result instanceof InputStream bytes) {
			// An answer without a body closes the stream unread.
			Flux<ByteBuf> body = sendsNoBody(ctx)
					? Flux.using(() -> bytes, (in) -> Flux.empty(), (in) -> close(ctx, in))
					: FileChunks.read(() -> bytes, FileChunks.TO_THE_END, ctx.alloc(), this.blockingScheduler);
			return stream(ctx, body, OCTET_STREAM, answersError);
		}
		if (result instanceof WebSocketEndpoint.Upgrade upgrade) {
			return switchToWebSocket(ctx, upgrade, answersError);
		}
		try {
			if (result instanceof Response response) {
				if (response.etag() != null || response.lastModified() != null) {
					Preconditions.Unmet unmet = unmet(ctx, response);
					if (unmet != null) {
						return writeUnmet(ctx, response, unmet, answersError);
					}
				}
				apply(ctx, response);
				return write(ctx, response.body(), answersError);
			}
			ByteBuf body = encode(ctx, result);
			return (body != null) ? send(ctx, body) : writeFile(ctx, result, answersError);
		}
		catch (RuntimeException ex) {
			// A value that cannot be written, such as a header with a CR LF in it, is the
			// application's error: answered like one, never a connection cut without a
			// word.
			return failed(ctx, ex, answersError);
		}
	}

	/**
	 * Answers a WebSocket handshake with {@code 101}, the hooks run first so that the
	 * headers they add go with it, and switches the connection over; a transport that
	 * cannot switch is answered as a handler's failure.
	 */
	private Publisher<Void> switchToWebSocket(Exchange ctx, WebSocketEndpoint.Upgrade upgrade, boolean answersError) {
		ctx.switchingProtocols();
		runHooks(ctx);
		// A WebSocket session may last for hours: it holds no place among the requests
		// in flight.
		ctx.leaveInFlight(true);
		return Mono.from(ctx.webSocket(upgrade.handler(this.blockingScheduler)))
			.onErrorResume(
					(error) -> ctx.committed() ? Mono.error(error) : Mono.from(failed(ctx, error, answersError)));
	}

	/** Sets the status and headers of a response. */
	private static void apply(Exchange ctx, Response response) {
		ctx.status(response.status());
		HttpHeaders headers = ctx.responseHeaders();
		for (Map.Entry<String, String> header : response.headers()) {
			// A response has one media type (RFC 9110 8.3): the last one given replaces
			// any set before, by the handler or by this response.
			if (HttpHeaderNames.CONTENT_TYPE.contentEqualsIgnoreCase(header.getKey())) {
				headers.set(HttpHeaderNames.CONTENT_TYPE, header.getValue());
			}
			else {
				headers.add(header.getKey(), header.getValue());
			}
		}
	}

	/**
	 * The preconditions of the request that a successful response with validators does
	 * not meet, or {@code null}. Only a {@code GET} or {@code HEAD} is checked here: a
	 * handler for another method has done what it was asked by the time it answers, and
	 * its validators describe the result, so a failed precondition would refuse a change
	 * already made. Such a handler checks first, with {@code ctx.checkNotModified}.
	 */
	private static Preconditions.Unmet unmet(Exchange ctx, Response response) {
		if (response.status() < 200 || response.status() > 299 || !readOnly(ctx)) {
			return null;
		}
		return Preconditions.evaluate(ctx.method(), ctx.requestHeaders(), response.etag(), response.lastModified());
	}

	/**
	 * Answers a request whose preconditions a response does not meet, without its body:
	 * with a 304 that has the headers the response would have had (RFC 9110, 15.4.5), or
	 * with a 412 problem, which has none of them since they describe a representation the
	 * client does not get.
	 */
	private Publisher<Void> writeUnmet(Exchange ctx, Response response, Preconditions.Unmet unmet,
			boolean answersError) {
		discard(ctx, response.body());
		if (unmet.status() == 412) {
			return write(ctx, Problem.of(412, unmet.detail(), ctx.path()), answersError);
		}
		apply(ctx, response);
		ctx.status(304);
		return send(ctx, Unpooled.EMPTY_BUFFER);
	}

	/**
	 * Drops a body that is not to be written: an {@code InputStream} is closed unread,
	 * now or when the stage that gives it completes. A {@code Publisher}, never
	 * subscribed to, has started nothing to stop.
	 */
	private static void discard(Exchange ctx, Object body) {
		if (body instanceof InputStream in) {
			close(ctx, in);
		}
		else if (body instanceof CompletionStage<?> stage) {
			stage.thenAccept((value) -> discard(ctx, value));
		}
		else if (body instanceof Response response) {
			discard(ctx, response.body());
		}
	}

	/**
	 * Answers a failure to write an answer: as a handler's exception, or, when the answer
	 * was already an error's, with a plain 500 so that an error answer that fails cannot
	 * be answered again and again.
	 */
	private Publisher<Void> failed(Exchange ctx, Throwable error, boolean answersError) {
		if (answersError) {
			logger.error("Could not write the error answer for " + ctx, error);
			return send(ctx, encode(ctx, this.errors.internalError(ctx)));
		}
		return writeError(ctx, error);
	}

	/**
	 * Bounds a pending value by the request timeout; past it, the answer is a 503 and the
	 * pending work is cancelled, which interrupts a blocking handler.
	 */
	private Mono<?> bounded(Exchange ctx, Mono<?> pending) {
		Duration timeout = timeout(ctx);
		return (timeout != null) ? pending.timeout(timeout, timedOut(ctx, timeout)) : pending;
	}

	/**
	 * Bounds the wait for a stream's first item, with which it answers, by the request
	 * timeout: a stream that has begun may take as long as it likes. An event stream's
	 * first heartbeat begins it too.
	 */
	private <T> Flux<T> bounded(Exchange ctx, Flux<T> stream) {
		Duration timeout = timeout(ctx);
		return (timeout != null) ? stream.timeout(Mono.delay(timeout), (item) -> Mono.never(), timedOut(ctx, timeout))
				: stream;
	}

	/** The route's request timeout, or the server's for a request that reached none. */
	private Duration timeout(Exchange ctx) {
		ComposedRoute endpoint = ctx.endpoint;
		return (endpoint != null) ? endpoint.timeout() : this.requestTimeout;
	}

	private <T> Mono<T> timedOut(Exchange ctx, Duration timeout) {
		return Mono.defer(() -> {
			logger.warn("No answer within " + timeout + " for " + ctx + "; answered 503");
			return Mono
				.error(new HttpException(503, "No answer within the request timeout of " + timeout.toMillis() + " ms"));
		});
	}

	private Publisher<Void> writeLater(Exchange ctx, Mono<?> result, boolean answersError) {
		return result.cast(Object.class)
			.defaultIfEmpty(NOTHING)
			.onErrorResume(error -> Mono
				.just(new ErrorAnswer(answersError ? this.errors.internalError(ctx) : this.errors.resolve(ctx, error))))
			.flatMap(value -> {
				if (value instanceof ErrorAnswer answer) {
					return Mono.from(write(ctx, answer.value(), true));
				}
				return Mono.from(write(ctx, (value != NOTHING) ? value : null, answersError));
			});
	}

	/**
	 * Encodes a plain value into a buffer, choosing the status and content type it
	 * implies; {@code null} for a file, which is no value to encode.
	 */
	private ByteBuf encode(Exchange ctx, Object value) {
		if (value == null) {
			if (ctx.status() == 200) {
				ctx.status(204);
			}
			return Unpooled.EMPTY_BUFFER;
		}
		if (value instanceof CharSequence text) {
			defaultContentType(ctx, TEXT_PLAIN);
			return encodeText(ctx, text);
		}
		if (value instanceof byte[] bytes) {
			defaultContentType(ctx, OCTET_STREAM);
			return Unpooled.wrappedBuffer(bytes);
		}
		if (value instanceof ByteBuffer buffer) {
			defaultContentType(ctx, OCTET_STREAM);
			return Unpooled.wrappedBuffer(buffer);
		}
		if (value instanceof Problem problem) {
			ctx.status(problem.status());
			return this.json.writeProblem(problem, ctx.alloc(), ctx.responseHeaders());
		}
		if (this.files.isFile(value)) {
			return null;
		}
		defaultContentType(ctx, APPLICATION_JSON);
		return this.json.write(value);
	}

	/**
	 * A short text goes in a heap buffer: Netty's HTTP/1.1 encoder copies a body this
	 * small into the buffer of the headers anyway, so a pooled direct buffer would be
	 * taken from the pool, filled and given back for nothing.
	 */
	private static ByteBuf encodeText(Exchange ctx, CharSequence text) {
		if (text.length() <= SHORT_TEXT) {
			return Unpooled.wrappedBuffer(text.toString().getBytes(StandardCharsets.UTF_8));
		}
		return ByteBufUtil.writeUtf8(ctx.alloc(), text);
	}

	/**
	 * Sends a body whole, framed by its length after the hooks have run: the framing is
	 * the server's, since a {@code transfer-encoding} the application set would reach the
	 * client beside the length, which a proxy may read either way.
	 */
	private Publisher<Void> send(Exchange ctx, ByteBuf body) {
		runHooks(ctx);
		HttpHeaders headers = ctx.responseHeaders();
		headers.remove(HttpHeaderNames.TRANSFER_ENCODING);
		if (hasNoContent(ctx)) {
			body.release();
			headers.remove(HttpHeaderNames.CONTENT_LENGTH);
			return ctx.send(Unpooled.EMPTY_BUFFER);
		}
		headers.setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
		return ctx.send(body);
	}

	/**
	 * Whether the answer's status is one of those that carry no content (RFC 9110: 204,
	 * 205 and 304), whatever body the handler gave: it is dropped, and the answer framed
	 * as such, since a length or chunks announced would be read by the client as the
	 * start of the next answer.
	 */
	private static boolean hasNoContent(Exchange ctx) {
		int status = ctx.status();
		return status == 204 || status == 205 || status == 304;
	}

	/**
	 * Whether the answer goes without a body: the answer to a {@code HEAD}, or one whose
	 * status has no content.
	 */
	private static boolean sendsNoBody(Exchange ctx) {
		return ctx.method().equals("HEAD") || hasNoContent(ctx);
	}

	/**
	 * Sends a file: finds out its length, and opens it when its body is due, on the
	 * blocking scheduler; a file found already needs neither to answer without its body.
	 * An answer without content sends no body and never looks.
	 */
	private Publisher<Void> writeFile(Exchange ctx, Object result, boolean answersError) {
		if (hasNoContent(ctx)) {
			return send(ctx, Unpooled.EMPTY_BUFFER);
		}
		if (result instanceof FileBody file) {
			// Found already, as static resources are: its answer, a 304 say, may need no
			// look at the file system at all.
			try {
				return answerFile(ctx, file, answersError);
			}
			catch (IOException | RuntimeException ex) {
				return failed(ctx, ex, answersError);
			}
		}
		return Mono.fromCallable(() -> answerFile(ctx, this.files.describe(result), answersError))
			.onErrorResume((error) -> Mono.just(failed(ctx, error, answersError)))
			.flatMap(Mono::from)
			.subscribeOn(this.blockingScheduler);
	}

	/**
	 * The answer with a file: its headers, then the whole file, one range of it, or
	 * several as {@code multipart/byteranges}.
	 */
	private Publisher<Void> answerFile(Exchange ctx, FileBody file, boolean answersError) throws IOException {
		if (file == null) {
			throw HttpException.notFound("No file for " + ctx.method() + " " + ctx.path());
		}
		HttpHeaders headers = ctx.responseHeaders();
		if (file.varies() && !headers.containsValue(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING, true)) {
			headers.add(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING);
		}
		if (validates(ctx, file)) {
			Preconditions.Unmet unmet = readOnly(ctx)
					? Preconditions.evaluate(ctx.method(), ctx.requestHeaders(), file.etag(), file.lastModified())
					: null;
			if (unmet != null && unmet.status() == 412) {
				throw new HttpException(412, unmet.detail());
			}
			if (file.etag() != null) {
				headers.set(HttpHeaderNames.ETAG, file.etag());
			}
			if (file.lastModified() != null) {
				headers.set(HttpHeaderNames.LAST_MODIFIED, HttpDates.format(file.lastModified()));
			}
			if (unmet != null) {
				// The headers a 200 would have that describe it (RFC 9110, 15.4.5); the
				// file is never opened.
				ctx.status(304);
				return send(ctx, Unpooled.EMPTY_BUFFER);
			}
		}
		long length = file.length();
		List<ByteRanges.Range> ranges = rangesApply(ctx, file) ? ByteRanges.parse(ctx.header("range"), length) : null;
		if (ranges != null && ranges.isEmpty()) {
			headers.set(CONTENT_RANGE, "bytes */" + length);
			throw new HttpException(416,
					"No range of '" + ctx.header("range") + "' is within the " + length + " bytes of " + ctx.path());
		}
		if (!headers.contains(HttpHeaderNames.CONTENT_TYPE)) {
			headers.set(HttpHeaderNames.CONTENT_TYPE, (file.contentType() != null) ? file.contentType() : OCTET_STREAM);
		}
		if (file.contentEncoding() != null) {
			headers.set(HttpHeaderNames.CONTENT_ENCODING, file.contentEncoding());
		}
		if (length >= 0) {
			headers.set(HttpHeaderNames.ACCEPT_RANGES, BYTES);
		}
		if (ctx.method().equals("HEAD")) {
			// The headers a GET's would have, the file unread.
			runHooks(ctx);
			headers.remove(HttpHeaderNames.TRANSFER_ENCODING);
			if (length < 0) {
				headers.remove(HttpHeaderNames.CONTENT_LENGTH);
				return ctx.stream(Flux.empty());
			}
			headers.set(HttpHeaderNames.CONTENT_LENGTH, length);
			return ctx.send(Unpooled.EMPTY_BUFFER);
		}
		if (ranges == null) {
			return sendFile(ctx, file, 0, length, answersError);
		}
		ctx.status(206);
		if (ranges.size() == 1) {
			ByteRanges.Range range = ranges.get(0);
			headers.set(CONTENT_RANGE, range.contentRange(length));
			return sendFile(ctx, file, range.first(), range.length(), answersError);
		}
		String boundary = Long.toHexString(ThreadLocalRandom.current().nextLong() | Long.MIN_VALUE);
		String partType = headers.get(HttpHeaderNames.CONTENT_TYPE);
		headers.set(HttpHeaderNames.CONTENT_TYPE, "multipart/byteranges; boundary=" + boundary);
		Flux<ByteBuf> parts = Flux.range(0, ranges.size()).concatMap((i) -> {
			ByteRanges.Range range = ranges.get(i);
			String head = ((i == 0) ? "--" : "\r\n--") + boundary + "\r\ncontent-type: " + partType
					+ "\r\ncontent-range: " + range.contentRange(length) + "\r\n\r\n";
			return Flux.concat(Mono.fromSupplier(() -> ascii(head)), read(ctx, file, range.first(), range.length()));
		}).concatWith(Mono.fromSupplier(() -> ascii("\r\n--" + boundary + "--\r\n")));
		return stream(ctx, parts, OCTET_STREAM, answersError);
	}

	/**
	 * Whether a file's own validators describe this answer: a {@code 200} with a file
	 * that has any, whose handler gave none of its own ({@code ETag} or
	 * {@code Last-Modified}), which win.
	 */
	private static boolean validates(Exchange ctx, FileBody file) {
		HttpHeaders headers = ctx.responseHeaders();
		return ctx.status() == 200 && (file.etag() != null || file.lastModified() != null)
				&& !headers.contains(HttpHeaderNames.ETAG) && !headers.contains(HttpHeaderNames.LAST_MODIFIED);
	}

	private static boolean readOnly(Exchange ctx) {
		String method = ctx.method();
		return method.equals("GET") || method.equals("HEAD");
	}

	/**
	 * Whether the request's {@code Range} applies to this answer (RFC 9110, 14.2): it is
	 * a {@code GET} answered with a {@code 200}, whose file has a known length, and its
	 * {@code If-Range}, if any, holds against the answer's validators, the file's or the
	 * handler's own (RFC 9110, 13.1.5).
	 */
	private static boolean rangesApply(Exchange ctx, FileBody file) {
		if (ctx.status() != 200 || file.length() < 0 || !ctx.method().equals("GET")
				|| !ctx.requestHeaders().contains(HttpHeaderNames.RANGE)) {
			return false;
		}
		HttpHeaders headers = ctx.responseHeaders();
		String lastModified = headers.get(HttpHeaderNames.LAST_MODIFIED);
		return Preconditions.ifRange(ctx.requestHeaders(), headers.get(HttpHeaderNames.ETAG),
				(lastModified != null) ? HttpDates.parse(lastModified) : null, Instant.now());
	}

	/**
	 * Sends {@code count} bytes of a file from {@code position}: a file on the file
	 * system by length, through the transport, which may send it as it is; any other
	 * streamed in chunks.
	 */
	private Publisher<Void> sendFile(Exchange ctx, FileBody file, long position, long count, boolean answersError)
			throws IOException {
		if (file.isInMemory()) {
			return send(ctx, file.content(position, count));
		}
		if (file.path() == null) {
			return stream(ctx, read(ctx, file, position, count), OCTET_STREAM, answersError);
		}
		if (count == 0) {
			return send(ctx, Unpooled.EMPTY_BUFFER);
		}
		if (!Schedulers.isInNonBlockingThread()) {
			return sendFile(ctx, file, FileChannel.open(file.path(), StandardOpenOption.READ), position, count);
		}
		// Opening a file may wait for the disk: never on the event loop.
		return Mono
			.fromCallable(
					() -> sendFile(ctx, file, FileChannel.open(file.path(), StandardOpenOption.READ), position, count))
			.onErrorResume((error) -> Mono.just(failed(ctx, error, answersError)))
			.flatMap(Mono::from)
			.subscribeOn(this.blockingScheduler);
	}

	/**
	 * Sends {@code count} bytes of an open file from {@code position}, unless it has
	 * become shorter since it was found: the answer would then be cut short after its
	 * headers, which a failure now still reports.
	 */
	private Publisher<Void> sendFile(Exchange ctx, FileBody file, FileChannel channel, long position, long count)
			throws IOException {
		if (channel.size() < position + count) {
			FileChunks.close(channel);
			throw new IOException(file + " is shorter than the " + (position + count) + " bytes it had when found");
		}
		runHooks(ctx);
		HttpHeaders headers = ctx.responseHeaders();
		headers.remove(HttpHeaderNames.TRANSFER_ENCODING);
		headers.set(HttpHeaderNames.CONTENT_LENGTH, count);
		return ctx.sendFile(channel, position, count);
	}

	/** Reads {@code count} bytes of a file from {@code position}, in chunks. */
	private Flux<ByteBuf> read(Exchange ctx, FileBody file, long position, long count) {
		if (file.isInMemory()) {
			return Flux.from(Mono.fromSupplier(() -> file.content(position, count)));
		}
		if (file.path() != null) {
			return FileChunks.read(() -> FileChannel.open(file.path(), StandardOpenOption.READ), position, count,
					ctx.alloc(), this.blockingScheduler);
		}
		return FileChunks.read(() -> {
			InputStream in = file.openStream();
			try {
				in.skipNBytes(position);
				return in;
			}
			catch (IOException ex) {
				in.close();
				throw ex;
			}
		}, (count >= 0) ? count : FileChunks.TO_THE_END, ctx.alloc(), this.blockingScheduler);
	}

	private static ByteBuf ascii(String text) {
		return Unpooled.wrappedBuffer(text.getBytes(StandardCharsets.US_ASCII));
	}

	/**
	 * Streams items as server-sent events when the answer is an event stream from the
	 * start, or its first item is an event; else as a JSON array, or as newline-delimited
	 * JSON.
	 */
	private Publisher<Void> stream(Exchange ctx, Flux<?> items, boolean answersError) {
		AsciiString type = streamType(ctx);
		if (type == EventStreams.TEXT_EVENT_STREAM) {
			return stream(ctx, bounded(ctx, this.events.write(ctx, items)), type, answersError);
		}
		return bounded(ctx, items).switchOnFirst((first, all) -> (first.hasValue() && this.events.isEvent(first.get()))
				? stream(ctx, this.events.write(ctx, all), EventStreams.TEXT_EVENT_STREAM, answersError)
				: stream(ctx, all, type == NDJSON, answersError))
			.then();
	}

	/** Streams items as a JSON array, or as newline-delimited JSON. */
	private Publisher<Void> stream(Exchange ctx, Flux<?> items, boolean ndjson, boolean answersError) {
		Flux<ByteBuf> body = ndjson ? items.map(item -> this.json.write(item, ctx.alloc(), -1).writeByte('\n'))
				: items.index()
					.map(item -> this.json.write(item.getT2(), ctx.alloc(), (item.getT1() == 0) ? '[' : ','))
					.switchIfEmpty(Mono.fromSupplier(() -> Unpooled.wrappedBuffer(new byte[] { '[' })))
					.concatWith(Mono.fromSupplier(() -> Unpooled.wrappedBuffer(new byte[] { ']' })));
		return stream(ctx, body, ndjson ? NDJSON : APPLICATION_JSON, answersError);
	}

	private static void close(Exchange ctx, InputStream in) {
		try {
			in.close();
		}
		catch (IOException ex) {
			logger.debug("Could not close the stream answering " + ctx, ex);
		}
	}

	/**
	 * Streams chunks once the first is ready, so that a stream failing before it (an
	 * error in place of the first item, a first item that cannot be written, a first read
	 * that fails) is answered as a handler's exception is. Past that the status is sent:
	 * a failure can only cut the response short, which tells the client the body is
	 * incomplete.
	 */
	private Publisher<Void> stream(Exchange ctx, Flux<ByteBuf> body, AsciiString contentType, boolean answersError) {
		return body.switchOnFirst((first, chunks) -> {
			if (first.isOnError()) {
				return failed(ctx, first.getThrowable(), answersError);
			}
			defaultContentType(ctx, contentType);
			if (contentType == EventStreams.TEXT_EVENT_STREAM
					&& !ctx.responseHeaders().contains(HttpHeaderNames.CACHE_CONTROL)) {
				// Each client follows the stream as it is produced: no cache may answer
				// with what it holds of an earlier one.
				ctx.responseHeaders().set(HttpHeaderNames.CACHE_CONTROL, NO_CACHE);
			}
			runHooks(ctx);
			// A stream that has begun, such as server-sent events, may run for hours: it
			// gives back its place among the requests in flight now, not as it ends.
			ctx.leaveInFlight(true);
			// The transport frames a stream: chunked, or until the connection closes.
			HttpHeaders headers = ctx.responseHeaders();
			headers.remove(HttpHeaderNames.CONTENT_LENGTH);
			headers.remove(HttpHeaderNames.TRANSFER_ENCODING);
			if (sendsNoBody(ctx)) {
				// No body is sent, so the stream is not read to its end, which may never
				// come: taking the first item and no more cancels it. The answer to a
				// HEAD keeps the framing headers a GET's has.
				return ChunkOwnership.drain(chunks.take(1))
					.thenMany(hasNoContent(ctx) ? ctx.send(Unpooled.EMPTY_BUFFER) : ctx.stream(Flux.empty()));
			}
			return ctx.stream(chunks.doOnError((error) -> logger
				.error("The stream answering " + ctx + " failed after it began; its response is cut short", error)));
		})
			// Until the transport takes the stream, its chunks are this writer's: a first
			// chunk held while the answer is cut short, or one an operator made as the
			// client left. The transport owns the rest (see ChunkOwnership).
			.then()
			.contextWrite(ChunkOwnership::releasing);
	}

	private void runHooks(Context ctx) {
		for (ResponseHook hook : this.hooks) {
			try {
				hook.onResponse(ctx);
			}
			catch (RuntimeException ex) {
				logger.error("Response hook " + hook + " failed for " + ctx, ex);
			}
		}
	}

	/**
	 * What a stream is sent as: an event stream when the handler set that content type;
	 * else what the client prefers, newline-delimited JSON or an event stream, unless the
	 * handler set another content type; a JSON array for a client that accepts JSON no
	 * less than those, or none of them.
	 */
	private static AsciiString streamType(Context ctx) {
		String contentType = ctx.responseHeaders().get(HttpHeaderNames.CONTENT_TYPE);
		if (contentType != null && isEventStream(contentType)) {
			return EventStreams.TEXT_EVENT_STREAM;
		}
		String preferred = ContentNegotiation.choose(ctx.headers("accept"), STREAM_TYPES,
				ContentNegotiation.MEDIA_RANGES);
		if (NDJSON.contentEquals(preferred)) {
			return NDJSON;
		}
		if (contentType == null && EventStreams.TEXT_EVENT_STREAM.contentEquals(preferred)) {
			return EventStreams.TEXT_EVENT_STREAM;
		}
		return APPLICATION_JSON;
	}

	/**
	 * Whether a content type is {@code text/event-stream}, with or without parameters.
	 */
	private static boolean isEventStream(String contentType) {
		AsciiString eventStream = EventStreams.TEXT_EVENT_STREAM;
		int length = eventStream.length();
		return eventStream.regionMatches(true, 0, contentType, 0, length) && (contentType.length() == length
				|| contentType.charAt(length) == ';' || contentType.charAt(length) == ' ');
	}

	private static void defaultContentType(Context ctx, AsciiString contentType) {
		HttpHeaders headers = ctx.responseHeaders();
		if (!headers.contains(HttpHeaderNames.CONTENT_TYPE)) {
			headers.set(HttpHeaderNames.CONTENT_TYPE, contentType);
		}
	}

	/**
	 * Marks the answer to an asynchronous failure, so a failure of that answer is not
	 * answered again.
	 */
	private record ErrorAnswer(Object value) {
	}

}
