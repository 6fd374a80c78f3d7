package dev.fastro.http;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One whole WebSocket message, text or binary: a message the client sent in fragments
 * arrives here whole. It holds its payload on the heap, so it needs no releasing and may
 * be kept as long as wanted.
 */
public final class WebSocketMessage {

	private final boolean text;

	private final String string;

	private final byte[] bytes;

	private WebSocketMessage(boolean text, String string, byte[] bytes) {
		this.text = text;
		this.string = string;
		this.bytes = bytes;
	}

	/** A text message. */
	public static WebSocketMessage text(String text) {
		return new WebSocketMessage(true, Objects.requireNonNull(text, "text"), null);
	}

	/** A binary message; the array is the message's from now on, not copied. */
	public static WebSocketMessage binary(byte[] bytes) {
		return new WebSocketMessage(false, null, Objects.requireNonNull(bytes, "bytes"));
	}

	/** Whether it is a text message, rather than a binary one. */
	public boolean isText() {
		return this.text;
	}

	/**
	 * The payload as text: a binary message's bytes read as UTF-8.
	 */
	public String text() {
		return (this.string != null) ? this.string : new String(this.bytes, StandardCharsets.UTF_8);
	}

	/**
	 * The payload as bytes: a text message's in UTF-8. A binary message's are its own,
	 * not a copy.
	 */
	public byte[] bytes() {
		return (this.bytes != null) ? this.bytes : this.string.getBytes(StandardCharsets.UTF_8);
	}

	@Override
	public String toString() {
		return this.text ? "text message of " + this.string.length() + " chars"
				: "binary message of " + this.bytes.length + " bytes";
	}

}
