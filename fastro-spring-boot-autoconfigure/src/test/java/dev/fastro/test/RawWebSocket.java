package dev.fastro.test;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A WebSocket client written byte by byte over {@link RawHttp}, for the frames a proper
 * client never sends: unmasked, with invalid UTF-8, or cut in fragments by hand.
 */
public final class RawWebSocket implements Closeable {

	public static final String KEY = "dGhlIHNhbXBsZSBub25jZQ==";

	private final RawHttp raw;

	private RawWebSocket(RawHttp raw) {
		this.raw = raw;
	}

	/**
	 * Opens a session with a handshake of {@code path}.
	 * @throws AssertionError when the server does not answer {@code 101}
	 */
	public static RawWebSocket open(int port, String path, String... headerLines) throws IOException {
		return open(new RawHttp(port), path, headerLines);
	}

	/**
	 * Opens a session over a connection, with a handshake of {@code path}.
	 * @throws AssertionError when the server does not answer {@code 101}
	 */
	public static RawWebSocket open(RawHttp raw, String path, String... headerLines) throws IOException {
		raw.send(handshake(path, headerLines));
		RawResponse response = raw.readToHead();
		if (response.status() != 101) {
			raw.close();
			throw new AssertionError("Expected 101, was " + response.statusLine() + " " + response.bodyString());
		}
		return new RawWebSocket(raw);
	}

	/** A valid handshake, with more header lines. */
	public static String handshake(String path, String... headerLines) {
		String[] lines = new String[headerLines.length + 4];
		lines[0] = "Upgrade: websocket";
		lines[1] = "Connection: Upgrade";
		lines[2] = "Sec-WebSocket-Key: " + KEY;
		lines[3] = "Sec-WebSocket-Version: 13";
		System.arraycopy(headerLines, 0, lines, 4, headerLines.length);
		return RawHttp.rawRequest("GET", path, lines);
	}

	/** Sends a frame, masked as a client must unless {@code masked} is false. */
	public RawWebSocket send(boolean fin, int opcode, byte[] payload, boolean masked) throws IOException {
		ByteBuffer frame = ByteBuffer.allocate(payload.length + 14);
		frame.put((byte) ((fin ? 0x80 : 0) | opcode));
		int maskBit = masked ? 0x80 : 0;
		if (payload.length < 126) {
			frame.put((byte) (maskBit | payload.length));
		}
		else if (payload.length < 65536) {
			frame.put((byte) (maskBit | 126)).putShort((short) payload.length);
		}
		else {
			frame.put((byte) (maskBit | 127)).putLong(payload.length);
		}
		byte[] mask = new byte[4];
		if (masked) {
			ThreadLocalRandom.current().nextBytes(mask);
			frame.put(mask);
		}
		for (int i = 0; i < payload.length; i++) {
			frame.put((byte) (payload[i] ^ mask[i % 4]));
		}
		byte[] bytes = new byte[frame.position()];
		frame.flip().get(bytes);
		this.raw.send(bytes);
		return this;
	}

	public RawWebSocket sendText(String text) throws IOException {
		return send(true, 1, text.getBytes(StandardCharsets.UTF_8), true);
	}

	/** Reads the next frame the server sends, unmasked as a server's are. */
	public Frame read() throws IOException {
		byte[] head = this.raw.readBytes(2);
		if (head.length < 2) {
			throw new IOException("The connection ended");
		}
		long length = head[1] & 0x7f;
		if (length == 126) {
			length = ByteBuffer.wrap(this.raw.readBytes(2)).getShort() & 0xffff;
		}
		else if (length == 127) {
			length = ByteBuffer.wrap(this.raw.readBytes(8)).getLong();
		}
		return new Frame((head[0] & 0x80) != 0, head[0] & 0x0f, this.raw.readBytes((int) length));
	}

	/** The underlying connection. */
	public RawHttp raw() {
		return this.raw;
	}

	@Override
	public void close() throws IOException {
		this.raw.close();
	}

	/** One frame. */
	public record Frame(boolean fin, int opcode, byte[] payload) {

		/** The status code of a close frame. */
		public int closeCode() {
			return ((this.payload[0] & 0xff) << 8) | (this.payload[1] & 0xff);
		}

		public String text() {
			return new String(this.payload, StandardCharsets.UTF_8);
		}

	}

}
