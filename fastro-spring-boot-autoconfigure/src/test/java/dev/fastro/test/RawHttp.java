package dev.fastro.test;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One HTTP/1.1 connection over a plain socket, or over TLS 1.3, for what
 * {@link java.net.http.HttpClient} cannot do: malformed and pipelined requests, bytes
 * sent slowly, a half-close, reading whatever arrives until the server ends the
 * connection. Responses are parsed strictly, so that a test fails on a malformed one:
 * CRLF line ends, token header names, visible header values, exactly one framing, a body
 * exactly as long as it says.
 */
public final class RawHttp implements Closeable {

	/**
	 * How long a read waits for a byte unless told otherwise: long enough for a loaded
	 * machine; a test that expects silence reads with its own deadline.
	 */
	public static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

	private static final Pattern STATUS_LINE = Pattern
		.compile("HTTP/1\\.([01]) ([1-5][0-9][0-9]) ([\\t\\x20-\\x7E\\x80-\\xFF]*)");

	private static final Pattern HEADER_LINE = Pattern
		.compile("([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \\t]*([\\t\\x20-\\x7E\\x80-\\xFF]*?)[ \\t]*");

	/** The TCP connection: {@link #socket} itself, or the one TLS runs over. */
	private final Socket tcp;

	/** What the bytes go through: the TCP connection, or TLS over it. */
	private final Socket socket;

	private final InputStream in;

	private final OutputStream out;

	private volatile Thread dripper;

	/** A connection to {@code 127.0.0.1:port}. */
	public RawHttp(int port) throws IOException {
		this(port, READ_TIMEOUT);
	}

	/** A connection whose reads give up after {@code readTimeout} without a byte. */
	public RawHttp(int port, Duration readTimeout) throws IOException {
		this(tcp(port, readTimeout));
	}

	private RawHttp(Socket tcp) throws IOException {
		this(tcp, tcp);
	}

	private RawHttp(Socket tcp, Socket socket) throws IOException {
		this.tcp = tcp;
		this.socket = socket;
		this.in = new BufferedInputStream(this.socket.getInputStream());
		this.out = this.socket.getOutputStream();
	}

	/**
	 * A connection over TLS to {@code 127.0.0.1:port}, its handshake done, trusting what
	 * {@code tls} trusts, whose reads give up after {@code readTimeout} without a byte.
	 * It offers no ALPN: HTTP/1.1 only. The JDK and Netty agree on TLS 1.3 unless the
	 * server offers less ({@link #tlsSession()} tells).
	 * <p>
	 * TLS 1.3 (RFC 8446, 6.1) makes a client's close_notify a half-close: it ends what
	 * the client sends and leaves the server's side open, so {@link #shutdownOutput()}
	 * means over TLS 1.3 what a FIN means in clear text. Over TLS 1.2 the server answers
	 * it by closing at once (RFC 5246, 7.2.1).
	 */
	public static RawHttp overTls(SSLContext tls, int port, Duration readTimeout) throws IOException {
		Socket tcp = tcp(port, readTimeout);
		try {
			SSLSocket socket = (SSLSocket) tls.getSocketFactory().createSocket(tcp, "localhost", port, true);
			socket.startHandshake();
			return new RawHttp(tcp, socket);
		}
		catch (IOException | RuntimeException ex) {
			tcp.close();
			throw ex;
		}
	}

	/**
	 * A connection whose send buffer holds about {@code bytes}: once the server stops
	 * reading, a write blocks after little more than that.
	 */
	public static RawHttp withSendBuffer(int port, int bytes) throws IOException {
		Socket tcp = new Socket();
		tcp.setSendBufferSize(bytes);
		tcp.connect(new InetSocketAddress("127.0.0.1", port));
		tcp.setSoTimeout((int) READ_TIMEOUT.toMillis());
		tcp.setTcpNoDelay(true);
		return new RawHttp(tcp);
	}

	private static Socket tcp(int port, Duration readTimeout) throws IOException {
		Socket tcp = new Socket("127.0.0.1", port);
		tcp.setSoTimeout((int) readTimeout.toMillis());
		tcp.setTcpNoDelay(true);
		return tcp;
	}

	/** The TLS session the connection runs in, or {@code null} in clear text. */
	public SSLSession tlsSession() {
		return (this.socket instanceof SSLSocket tls) ? tls.getSession() : null;
	}

	/**
	 * A raw HTTP/1.1 request: request line, {@code host}, the given header lines, a blank
	 * line.
	 */
	public static String rawRequest(String method, String target, String... headerLines) {
		StringBuilder request = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
		request.append("host: localhost\r\n");
		for (String line : headerLines) {
			request.append(line).append("\r\n");
		}
		return request.append("\r\n").toString();
	}

	/**
	 * Sends {@code text} one byte a character (ISO-8859-1), so that a test can write any
	 * byte.
	 */
	public RawHttp send(String text) throws IOException {
		return send(text.getBytes(StandardCharsets.ISO_8859_1));
	}

	/** Sends {@code bytes} as they are, at once. */
	public RawHttp send(byte[] bytes) throws IOException {
		this.out.write(bytes);
		this.out.flush();
		return this;
	}

	/**
	 * Sends, and tells whether all was sent: false when the server already closed or
	 * reset.
	 */
	public boolean trySend(byte[] bytes) {
		try {
			send(bytes);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	/**
	 * Sends {@code text} one byte per write, so that the server may read it in as many
	 * pieces.
	 */
	public RawHttp sendByteByByte(String text) throws IOException {
		for (byte b : text.getBytes(StandardCharsets.ISO_8859_1)) {
			this.out.write(b);
			this.out.flush();
		}
		return this;
	}

	/**
	 * Leaves with a reset (RST) instead of a FIN: the client is gone, not merely done
	 * sending. Over TLS it sends no close_notify either: it vanishes.
	 */
	public void reset() throws IOException {
		this.tcp.setSoLinger(true, 0);
		this.tcp.close();
		close();
	}

	/**
	 * Tells the server that nothing more comes (a FIN; over TLS a close_notify, then the
	 * FIN), while the answer can still be read.
	 */
	public RawHttp shutdownOutput() throws IOException {
		this.socket.shutdownOutput();
		return this;
	}

	/**
	 * Starts sending {@code bytes} one at a time, one every {@code interval}, in the
	 * background, starting over when they run out, until the connection fails or is
	 * closed: a client that never finishes.
	 */
	public RawHttp drip(byte[] bytes, Duration interval) {
		Thread thread = new Thread(() -> {
			try {
				for (int i = 0; !Thread.currentThread().isInterrupted(); i++) {
					// The slowness is the point: this is a slowloris client.
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

	/**
	 * Reads the next {@code count} bytes as they come, whatever they are: the start of a
	 * response that a test does not read to its end.
	 */
	public byte[] readBytes(int count) throws IOException {
		return this.in.readNBytes(count);
	}

	/** Reads one HTTP/1.1 response strictly, to a request that is not {@code HEAD}. */
	public RawResponse read() throws IOException {
		return readResponse(this.in, false, false);
	}

	/** Reads one HTTP/1.1 response to {@code HEAD}: no body, whatever its headers say. */
	public RawResponse readToHead() throws IOException {
		return readResponse(this.in, true, false);
	}

	/**
	 * Reads one response to an HTTP/1.0 request, which may be HTTP/1.0 or HTTP/1.1 (RFC
	 * 9110 2.5 prefers 1.1).
	 */
	public RawResponse readToHttp10() throws IOException {
		return readResponse(this.in, false, true);
	}

	/**
	 * Reads until the server ends the connection (end of stream or reset) or {@code max}
	 * passes, and says what was read and how it ended. Time is counted from the call.
	 */
	public Received readUntilClose(Duration max) throws IOException {
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

	/**
	 * Whether the server ends the connection, without sending anything more, within
	 * {@code max}.
	 */
	public boolean closedWithin(Duration max) throws IOException {
		Received received = readUntilClose(max);
		assertThat(received.text()).as("bytes after the last response").isEmpty();
		return received.ended();
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
	public enum End {

		/** The server closed the connection. */
		EOF,
		/** The server reset the connection. */
		RESET,
		/** The deadline passed with the connection still open. */
		TIMEOUT

	}

	/**
	 * What arrived on a connection until it ended.
	 *
	 * @param bytes every byte received
	 * @param end how the reading ended
	 * @param elapsed how long the reading took
	 */
	public record Received(byte[] bytes, End end, Duration elapsed) {

		/**
		 * Whether the server ended the connection, rather than the deadline the reading.
		 */
		public boolean ended() {
			return this.end != End.TIMEOUT;
		}

		/** The bytes as text, one character a byte (ISO-8859-1). */
		public String text() {
			return new String(this.bytes, StandardCharsets.ISO_8859_1);
		}

		@Override
		public String toString() {
			return this.end + " after " + this.elapsed + ", received '" + text() + "'";
		}

		/**
		 * Every response in the bytes, strictly parsed; the bytes must hold whole
		 * responses only.
		 */
		public List<RawResponse> responses() throws IOException {
			return parseAll(this.bytes, false);
		}

	}

	// ---- strict parsing

	/**
	 * Every response in {@code bytes}, which must hold whole, well-formed responses and
	 * nothing else; HTTP/1.0 ones only when {@code http10} (answers to an HTTP/1.0
	 * request).
	 */
	public static List<RawResponse> parseAll(byte[] bytes, boolean http10) throws IOException {
		InputStream in = new ByteArrayInputStream(bytes);
		List<RawResponse> responses = new ArrayList<>();
		while (in.available() > 0) {
			responses.add(readResponse(in, false, http10));
		}
		return responses;
	}

	/**
	 * Reads one response and checks that it is well-formed HTTP/1.1 (or HTTP/1.0 when
	 * {@code http10}): status line, header syntax, at most one framing, a body exactly as
	 * long as it says; none when {@code head} (the answer to {@code HEAD}).
	 * @throws EOFException when the stream ends before the response does
	 */
	public static RawResponse readResponse(InputStream in, boolean head, boolean http10) throws IOException {
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
				throw new EOFException(
						"Body of '" + statusLine + "' ended after " + body.length + " of " + length + " bytes");
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

}
