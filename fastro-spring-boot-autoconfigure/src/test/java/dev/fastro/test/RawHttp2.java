package dev.fastro.test;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;

/**
 * One HTTP/2 connection with prior knowledge over a plain socket, frame by frame, for
 * what no well-behaved client does: several streams on one connection in a chosen order,
 * a malformed {@code :path}, floods of resets or CONTINUATION frames. HPACK is Netty's;
 * everything else is written and read here, so that the test sees each frame the server
 * sends.
 */
public final class RawHttp2 implements Closeable {

	public static final int DATA = 0x0;

	public static final int HEADERS = 0x1;

	public static final int RST_STREAM = 0x3;

	public static final int SETTINGS = 0x4;

	public static final int PING = 0x6;

	public static final int GOAWAY = 0x7;

	public static final int CONTINUATION = 0x9;

	private static final int END_STREAM = 0x1;

	private static final int END_HEADERS = 0x4;

	private static final int ACK = 0x1;

	private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

	private final Socket socket;

	private final DataInputStream in;

	private final OutputStream out;

	private final DefaultHttp2HeadersEncoder encoder = new DefaultHttp2HeadersEncoder();

	private final DefaultHttp2HeadersDecoder decoder = new DefaultHttp2HeadersDecoder(false);

	private final Map<Integer, Partial> partial = new HashMap<>();

	private final Map<Integer, Response> ended = new HashMap<>();

	/** The server's first SETTINGS, by identifier. */
	private final Map<Integer, Long> settings = new HashMap<>();

	/**
	 * Connects to {@code 127.0.0.1:port}, sends the preface and empty SETTINGS, and reads
	 * the server's SETTINGS.
	 */
	public RawHttp2(int port) throws IOException {
		this.socket = new Socket("127.0.0.1", port);
		this.socket.setSoTimeout(10_000);
		this.socket.setTcpNoDelay(true);
		this.in = new DataInputStream(new BufferedInputStream(this.socket.getInputStream()));
		this.out = this.socket.getOutputStream();
		this.out.write(PREFACE);
		frame(SETTINGS, 0, 0, new byte[0]);
		Frame first = read();
		if (first.type() != SETTINGS) {
			throw new IOException("Expected the server's SETTINGS, got " + first);
		}
		for (int i = 0; i + 6 <= first.payload().length; i += 6) {
			this.settings.put(((first.payload()[i] & 0xFF) << 8) | (first.payload()[i + 1] & 0xFF),
					readUnsignedInt(first.payload(), i + 2));
		}
	}

	/** A value the server announced in its first SETTINGS, or {@code null}. */
	public Long setting(int identifier) {
		return this.settings.get(identifier);
	}

	/**
	 * A GET for {@code path} on {@code stream}, headers and end of stream in one frame.
	 */
	public RawHttp2 get(int stream, String path) throws IOException {
		return headers(stream, request("GET", path), true);
	}

	/** Request headers for {@code method} and {@code path}, with the authority set. */
	public static Http2Headers request(String method, String path) {
		return new DefaultHttp2Headers(false).method(method).path(path).scheme("http").authority("localhost");
	}

	/** One HEADERS frame that ends the header block. */
	public RawHttp2 headers(int stream, Http2Headers headers, boolean endStream) throws IOException {
		frame(HEADERS, (endStream ? END_STREAM : 0) | END_HEADERS, stream, encode(stream, headers));
		return this;
	}

	/** A HEADERS frame that leaves the header block open, for CONTINUATION frames. */
	public RawHttp2 openHeaders(int stream, Http2Headers headers) throws IOException {
		frame(HEADERS, 0, stream, encode(stream, headers));
		return this;
	}

	/** A CONTINUATION frame that does not end the header block. */
	public RawHttp2 continuation(int stream, byte[] fragment) throws IOException {
		frame(CONTINUATION, 0, stream, fragment);
		return this;
	}

	public RawHttp2 data(int stream, byte[] bytes, boolean endStream) throws IOException {
		frame(DATA, endStream ? END_STREAM : 0, stream, bytes);
		return this;
	}

	/** Cancels a stream (error code CANCEL). */
	public RawHttp2 reset(int stream) throws IOException {
		frame(RST_STREAM, 0, stream, new byte[] { 0, 0, 0, 0x8 });
		return this;
	}

	/**
	 * Tries to write a frame, for a flood that the server may cut off at any moment.
	 * @return whether the write went through
	 */
	public boolean trySend(IoAction action) {
		try {
			action.run(this);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	/**
	 * Reads frames until the response on {@code stream} has ended, keeping those of other
	 * streams for later (every header block passes the HPACK decoder in order, since they
	 * share its table), and acknowledging the server's SETTINGS and PINGs on the way.
	 */
	public Response response(int stream) throws IOException {
		while (!this.ended.containsKey(stream)) {
			Frame frame = read();
			if (frame.type() == RST_STREAM) {
				this.ended.put(frame.stream(), new Response(null, null, readUnsignedInt(frame.payload(), 0)));
			}
			else if (frame.type() == HEADERS || frame.type() == DATA) {
				Partial partial = this.partial.computeIfAbsent(frame.stream(), (id) -> new Partial());
				if (frame.type() == HEADERS && partial.headers == null) {
					partial.headers = decode(frame.stream(), frame.payload());
				}
				else if (frame.type() == DATA) {
					partial.body.write(frame.payload());
				}
				if ((frame.flags() & END_STREAM) != 0) {
					this.partial.remove(frame.stream());
					this.ended.put(frame.stream(),
							new Response(partial.headers, partial.body.toString(StandardCharsets.UTF_8), -1));
				}
			}
		}
		return this.ended.remove(stream);
	}

	/**
	 * Reads until the server sends GOAWAY or closes the connection, within {@code max}.
	 * @return the GOAWAY frame, or {@code null} when the connection closed without one
	 */
	public Frame awaitGoAway(Duration max) throws IOException {
		this.socket.setSoTimeout((int) max.toMillis());
		try {
			while (true) {
				Frame frame = read();
				if (frame.type() == GOAWAY) {
					return frame;
				}
			}
		}
		catch (EOFException | SocketException ex) {
			return null;
		}
	}

	/** Whether the server closed the connection within {@code max}. */
	public boolean closedWithin(Duration max) throws IOException {
		this.socket.setSoTimeout((int) max.toMillis());
		try {
			while (true) {
				read();
			}
		}
		catch (EOFException | SocketException ex) {
			return true;
		}
		catch (SocketTimeoutException ex) {
			return false;
		}
	}

	/** Reads one frame, answering SETTINGS and PING as a client must. */
	public Frame read() throws IOException {
		int length = (this.in.readUnsignedByte() << 16) | this.in.readUnsignedShort();
		int type = this.in.readUnsignedByte();
		int flags = this.in.readUnsignedByte();
		int stream = this.in.readInt() & 0x7FFFFFFF;
		byte[] payload = new byte[length];
		this.in.readFully(payload);
		if (type == SETTINGS && (flags & ACK) == 0) {
			frame(SETTINGS, ACK, 0, new byte[0]);
		}
		if (type == PING && (flags & ACK) == 0) {
			frame(PING, ACK, 0, payload);
		}
		return new Frame(type, flags, stream, payload);
	}

	@Override
	public void close() throws IOException {
		this.socket.close();
	}

	private byte[] encode(int stream, Http2Headers headers) throws IOException {
		ByteBuf block = Unpooled.buffer();
		try {
			this.encoder.encodeHeaders(stream, headers, block);
			return ByteBufUtil.getBytes(block);
		}
		catch (Http2Exception ex) {
			throw new IOException(ex);
		}
		finally {
			block.release();
		}
	}

	private Http2Headers decode(int stream, byte[] block) throws IOException {
		ByteBuf buffer = Unpooled.wrappedBuffer(block);
		try {
			return this.decoder.decodeHeaders(stream, buffer);
		}
		catch (Http2Exception ex) {
			throw new IOException(ex);
		}
		finally {
			buffer.release();
		}
	}

	private synchronized void frame(int type, int flags, int stream, byte[] payload) throws IOException {
		byte[] header = { (byte) (payload.length >>> 16), (byte) (payload.length >>> 8), (byte) payload.length,
				(byte) type, (byte) flags, (byte) (stream >>> 24), (byte) (stream >>> 16), (byte) (stream >>> 8),
				(byte) stream };
		this.out.write(header);
		this.out.write(payload);
		this.out.flush();
	}

	private static long readUnsignedInt(byte[] bytes, int at) {
		return ((bytes[at] & 0xFFL) << 24) | ((bytes[at + 1] & 0xFFL) << 16) | ((bytes[at + 2] & 0xFFL) << 8)
				| (bytes[at + 3] & 0xFFL);
	}

	/** One frame as it arrived. */
	public record Frame(int type, int flags, int stream, byte[] payload) {

		/** The last stream a GOAWAY says the server will process. */
		public long lastStream() {
			return readUnsignedInt(this.payload, 0) & 0x7FFFFFFFL;
		}

		@Override
		public String toString() {
			return "Frame[type=" + this.type + ", flags=" + this.flags + ", stream=" + this.stream + ", length="
					+ this.payload.length + "]";
		}

	}

	/**
	 * A response: its headers and body, or the error code of the RST_STREAM that ended it
	 * instead (else -1).
	 */
	public record Response(Http2Headers headers, String body, long resetCode) {

		public int status() {
			return Integer.parseInt(this.headers.status().toString());
		}

		public String header(String name) {
			CharSequence value = this.headers.get(name);
			return (value != null) ? value.toString() : null;
		}

	}

	/** A response still arriving. */
	private static final class Partial {

		private Http2Headers headers;

		private final ByteArrayOutputStream body = new ByteArrayOutputStream();

	}

	/** Something done on the connection that may fail with an {@link IOException}. */
	@FunctionalInterface
	public interface IoAction {

		void run(RawHttp2 connection) throws IOException;

	}

}
