package dev.fastro.demo.hardening;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.fastro.test.TestHttp.RawResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import tools.jackson.databind.JsonNode;

import static dev.fastro.test.TestHttp.PROBLEM_JSON;
import static dev.fastro.test.TestHttp.json;
import static dev.fastro.test.TestHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A hostile client's connection: what {@link dev.fastro.test.TestHttp.Raw} does not do. It sends bytes
 * slowly, half-closes, reads whatever arrives until the server ends the connection (with a deadline),
 * and parses responses strictly: CRLF line ends, token header names, visible header values, exactly
 * one framing. It also holds the assertions shared by the hardening tests.
 */
final class Wire implements Closeable {

	/** The answer every case is followed by, on a new connection. */
	static final String HELLO = "Hello world!";

	private final Socket socket;

	private final InputStream in;

	private final OutputStream out;

	private volatile Thread dripper;

	Wire(int port) throws IOException {
		this(port, Duration.ofSeconds(3));
	}

	/** A connection whose reads give up after {@code readTimeout} without a byte. */
	Wire(int port, Duration readTimeout) throws IOException {
		this.socket = new Socket("127.0.0.1", port);
		this.socket.setSoTimeout((int) readTimeout.toMillis());
		this.socket.setTcpNoDelay(true);
		this.in = new BufferedInputStream(this.socket.getInputStream());
		this.out = this.socket.getOutputStream();
	}

	Wire send(String text) throws IOException {
		return send(text.getBytes(StandardCharsets.ISO_8859_1));
	}

	Wire send(byte[] bytes) throws IOException {
		this.out.write(bytes);
		this.out.flush();
		return this;
	}

	/** Sends, and tells whether all was sent: false when the server already closed or reset. */
	boolean trySend(byte[] bytes) {
		try {
			send(bytes);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	/** Tells the server that nothing more comes (a FIN), while the answer can still be read. */
	Wire shutdownOutput() throws IOException {
		this.socket.shutdownOutput();
		return this;
	}

	/**
	 * Starts sending {@code bytes} one at a time, one every {@code interval}, in the background, starting
	 * over when they run out, until the connection fails or is closed: a client that never finishes.
	 */
	Wire drip(byte[] bytes, Duration interval) {
		Thread thread = new Thread(() -> {
			try {
				for (int i = 0; !Thread.currentThread().isInterrupted(); i++) {
					Thread.sleep(interval.toMillis());
					this.out.write(bytes[i % bytes.length]);
					this.out.flush();
				}
			}
			catch (IOException | InterruptedException ex) {
				// The server cut the connection, or the test is over.
			}
		}, "drip");
		thread.setDaemon(true);
		thread.start();
		this.dripper = thread;
		return this;
	}

	/** Reads one HTTP/1.1 response strictly, to a request that is not {@code HEAD}. */
	RawResponse read() throws IOException {
		return readResponse(this.in, false, false);
	}

	/** Reads one response to an HTTP/1.0 request, which may be HTTP/1.0 or HTTP/1.1 (RFC 9110 2.5 prefers 1.1). */
	RawResponse readToHttp10() throws IOException {
		return readResponse(this.in, false, true);
	}

	/**
	 * Reads until the server ends the connection (end of stream or reset) or {@code max} passes, and
	 * says what was read and how it ended. Time is counted from the call.
	 */
	Received readUntilClose(Duration max) throws IOException {
		long start = System.nanoTime();
		long deadline = start + max.toNanos();
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		int timeout = this.socket.getSoTimeout();
		byte[] buffer = new byte[8192];
		End end;
		try {
			while (true) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					end = End.TIMEOUT;
					break;
				}
				this.socket.setSoTimeout((int) Math.max(1, left / 1_000_000));
				int n;
				try {
					n = this.in.read(buffer);
				}
				catch (SocketTimeoutException ex) {
					end = End.TIMEOUT;
					break;
				}
				catch (IOException ex) {
					end = End.RESET;
					break;
				}
				if (n < 0) {
					end = End.EOF;
					break;
				}
				bytes.write(buffer, 0, n);
			}
		}
		finally {
			if (!this.socket.isClosed()) {
				this.socket.setSoTimeout(timeout);
			}
		}
		return new Received(bytes.toByteArray(), end, Duration.ofNanos(System.nanoTime() - start));
	}

	/** Whether the server ends the connection, without sending anything more, within {@code max}. */
	boolean closedWithin(Duration max) throws IOException {
		Received received = readUntilClose(max);
		assertThat(received.text()).as("bytes after the last response").isEmpty();
		return received.end() != End.TIMEOUT;
	}

	@Override
	public void close() throws IOException {
		Thread thread = this.dripper;
		if (thread != null) {
			thread.interrupt();
		}
		this.socket.close();
	}

	/** How reading ended. */
	enum End {

		/** The server closed the connection. */
		EOF,
		/** The server reset the connection. */
		RESET,
		/** The deadline passed with the connection still open. */
		TIMEOUT

	}

	/** What arrived on a connection until it ended. */
	record Received(byte[] bytes, End end, Duration elapsed) {

		boolean ended() {
			return this.end != End.TIMEOUT;
		}

		String text() {
			return new String(this.bytes, StandardCharsets.ISO_8859_1);
		}

		@Override
		public String toString() {
			return this.end + " after " + this.elapsed + ", received '" + text() + "'";
		}

		/** Every response in the bytes, strictly parsed; the bytes must hold whole responses only. */
		List<RawResponse> responses() throws IOException {
			return parseAll(this.bytes, false);
		}

	}

	// ---- strict parsing

	private static final Pattern STATUS_LINE = Pattern
		.compile("HTTP/1\\.([01]) ([1-5][0-9][0-9]) ([\\t\\x20-\\x7E\\x80-\\xFF]*)");

	private static final Pattern HEADER_LINE = Pattern
		.compile("([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \\t]*([\\t\\x20-\\x7E\\x80-\\xFF]*?)[ \\t]*");

	/**
	 * Every response in {@code bytes}, which must hold whole, well-formed responses and nothing else;
	 * HTTP/1.0 ones only when {@code http10} (answers to an HTTP/1.0 request).
	 */
	static List<RawResponse> parseAll(byte[] bytes, boolean http10) throws IOException {
		InputStream in = new ByteArrayInputStream(bytes);
		List<RawResponse> responses = new ArrayList<>();
		while (in.available() > 0) {
			responses.add(readResponse(in, false, http10));
		}
		return responses;
	}

	/**
	 * Reads one response and checks that it is well-formed HTTP/1.1 (or HTTP/1.0 when {@code http10}):
	 * status line, header syntax, at most one framing, a body exactly as long as it says.
	 */
	static RawResponse readResponse(InputStream in, boolean head, boolean http10) throws IOException {
		String statusLine = line(in);
		Matcher status = STATUS_LINE.matcher(statusLine);
		assertThat(status.matches()).as("well-formed status line '%s'", statusLine).isTrue();
		assertThat(http10 || status.group(1).equals("1")).as("HTTP/1.1 status line '%s'", statusLine).isTrue();
		int code = Integer.parseInt(status.group(2));
		List<Map.Entry<String, String>> headers = new ArrayList<>();
		for (String line = line(in); !line.isEmpty(); line = line(in)) {
			Matcher header = HEADER_LINE.matcher(line);
			assertThat(header.matches()).as("well-formed header line '%s' after '%s'", line, statusLine).isTrue();
			headers.add(Map.entry(header.group(1), header.group(2)));
		}
		RawResponse response = new RawResponse(statusLine, code, headers, new byte[0]);
		List<String> lengths = response.headerValues("content-length");
		List<String> encodings = response.headerValues("transfer-encoding");
		assertThat(lengths.size() + encodings.size()).as("framing headers of '%s': %s", statusLine, headers)
			.isLessThanOrEqualTo(1);
		if (head || code < 200 || code == 204 || code == 304) {
			return response;
		}
		byte[] body;
		if (!encodings.isEmpty()) {
			assertThat(encodings.get(0)).as("transfer-encoding").isEqualToIgnoringCase("chunked");
			body = chunked(in);
		}
		else if (!lengths.isEmpty()) {
			assertThat(lengths.get(0)).as("content-length").matches("[0-9]{1,10}");
			int length = Integer.parseInt(lengths.get(0));
			body = in.readNBytes(length);
			if (body.length < length) {
				throw new EOFException("Body of '" + statusLine + "' ended after " + body.length + " of " + length
						+ " bytes");
			}
		}
		else {
			// Delimited by the end of the connection: only with connection: close.
			assertThat(response.header("connection")).as("framing of '%s' without length", statusLine)
				.isEqualToIgnoringCase("close");
			body = in.readAllBytes();
		}
		return new RawResponse(statusLine, code, headers, body);
	}

	private static byte[] chunked(InputStream in) throws IOException {
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		while (true) {
			String sizeLine = line(in);
			int semicolon = sizeLine.indexOf(';');
			String hex = (semicolon < 0) ? sizeLine : sizeLine.substring(0, semicolon);
			assertThat(hex).as("chunk size").matches("[0-9A-Fa-f]{1,7}");
			int size = Integer.parseInt(hex, 16);
			if (size == 0) {
				for (String trailer = line(in); !trailer.isEmpty(); trailer = line(in)) {
					assertThat(HEADER_LINE.matcher(trailer).matches()).as("trailer '%s'", trailer).isTrue();
				}
				return body.toByteArray();
			}
			byte[] chunk = in.readNBytes(size);
			if (chunk.length < size) {
				throw new EOFException("Chunk ended early");
			}
			body.write(chunk);
			assertThat(line(in)).as("CRLF after a chunk").isEmpty();
		}
	}

	/** One line ending in CRLF; a bare CR or LF inside is a malformed response. */
	private static String line(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		while (true) {
			int b = in.read();
			if (b == -1) {
				throw new EOFException("Connection closed after '" + line.toString(StandardCharsets.ISO_8859_1) + "'");
			}
			if (b == '\r') {
				int next = in.read();
				assertThat(next).as("LF after CR in '%s'", line.toString(StandardCharsets.ISO_8859_1)).isEqualTo('\n');
				return line.toString(StandardCharsets.ISO_8859_1);
			}
			assertThat(b).as("bare LF in '%s'", line.toString(StandardCharsets.ISO_8859_1)).isNotEqualTo('\n');
			line.write(b);
		}
	}

	// ---- assertions shared by the hardening tests

	/** The reason phrase the server writes for a status, and the title of its problem. */
	static String reason(int status) {
		return HttpResponseStatus.valueOf(status).reasonPhrase();
	}

	/**
	 * Asserts an {@code application/problem+json} answer: the exact status, a content-length matching
	 * the body, and a body {@code {"type":"about:blank","title":<reason phrase>,"status":N,...}}.
	 */
	static void assertProblem(RawResponse response, int status) {
		assertThat(response.status()).as("status of '%s', body %s", response.statusLine(), response.bodyString())
			.isEqualTo(status);
		assertThat(response.header("content-type")).as("content-type of %s", response.statusLine())
			.isEqualTo(PROBLEM_JSON);
		assertThat(response.header("content-length")).as("content-length")
			.isEqualTo(String.valueOf(response.body().length));
		JsonNode problem = json(response.bodyString());
		assertThat(problem.isObject()).as("problem %s", response.bodyString()).isTrue();
		assertThat(problem.get("type").asString()).as("type in %s", response.bodyString()).isEqualTo("about:blank");
		assertThat(problem.get("title").asString()).as("title in %s", response.bodyString()).isEqualTo(reason(status));
		assertThat(problem.get("status").asInt()).as("status in %s", response.bodyString()).isEqualTo(status);
	}

	/** Asserts that the server says it closes, and closes, without sending anything more. */
	static void assertClosedAfter(Wire wire, RawResponse response) throws IOException {
		assertThat(response.header("connection")).as("connection header of %s", response.statusLine())
			.isEqualToIgnoringCase("close");
		assertThat(wire.closedWithin(Duration.ofSeconds(2))).as("closed by the server after %s", response.statusLine())
			.isTrue();
	}

	/**
	 * Asserts that the connection is left in a sound state after {@code response}: closed, as the
	 * response announced, or still carrying requests, the next one answered as if the connection were new.
	 */
	static void assertClosedOrUsable(Wire wire, RawResponse response) throws IOException {
		if ("close".equalsIgnoreCase(response.header("connection"))) {
			assertThat(wire.closedWithin(Duration.ofSeconds(2)))
				.as("closed by the server after %s with connection: close", response.statusLine())
				.isTrue();
			return;
		}
		RawResponse next;
		try {
			next = wire.send(rawRequest("GET", "/")).read();
		}
		catch (IOException ex) {
			throw new AssertionError("The connection was kept open after " + response.statusLine()
					+ " (no connection: close), but the next request on it failed: " + ex, ex);
		}
		assertThat(next.status()).as("next request on the connection kept open after %s", response.statusLine())
			.isEqualTo(200);
		assertThat(next.bodyString()).isEqualTo(HELLO);
	}

	/**
	 * Waits until the buffers of closed connections can be collected, so that the leak detection run
	 * after a test class (or a test) sees its leaks: a connection's timers (read and request timeouts,
	 * 1 s) keep it, and its buffers, reachable until they fire.
	 */
	static void awaitLeaksSettled() throws InterruptedException {
		Thread.sleep(1300);
	}

	/** Asserts that a normal request on a new connection is answered normally. */
	static void assertServing(int port) throws IOException {
		try (Wire wire = new Wire(port)) {
			RawResponse response = wire.send(rawRequest("GET", "/")).read();
			assertThat(response.status()).as("GET / on a new connection").isEqualTo(200);
			assertThat(response.header("content-type")).isEqualTo("text/plain; charset=utf-8");
			assertThat(response.bodyString()).isEqualTo(HELLO);
		}
	}

}
