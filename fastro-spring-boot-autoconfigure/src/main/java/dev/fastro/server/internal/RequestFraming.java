package dev.fastro.server.internal;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.ByteProcessor;

/**
 * Where one connection's inbound bytes stand in HTTP/1.1 framing: between requests, in a
 * request's head, in its body, or past the point where framing can be followed. It lets
 * the server check the raw bytes of every request head, pipelined ones included, however
 * the bytes are split across reads, since Netty's decoder silently repairs what must be
 * refused (it joins folded header lines).
 * <p>
 * The head is scanned for line ends, and the bytes at the start of each line one by one;
 * a body is skipped by its length, which comes from the decoded head
 * ({@link #expectBody}), so only the chunk-size and trailer lines of a chunked body are
 * scanned. {@link #scan} stops right after each head, so that the decoder can decode that
 * head, and say how long its body is, before the scan goes on into the bytes that follow
 * it.
 * <p>
 * Chunk-size lines are held to RFC 9112 7.1 exactly: hex digits from the first byte,
 * extensions only after a {@code ;}, and CRLF at the end. Netty's decoder is more lenient
 * (it skips whitespace before the size, and ignores what follows it up to the line end),
 * so a line it would read one way and another parser another way is refused here rather
 * than left to it: where a message ends must never depend on which parser is asked.
 */
final class RequestFraming implements ByteProcessor {

	/** The body length that means chunked transfer coding. */
	static final long CHUNKED = -1;

	private enum Phase {

		/**
		 * Between requests: the blank lines a client may send before a request line are
		 * skipped.
		 */
		IDLE,
		/** In a request line or header line. */
		HEAD_LINE,
		/** At the start of a header line. */
		HEAD_LINE_START,
		/** After the CR of the blank line ending a head. */
		HEAD_END,
		/** Waiting for the decoded head to say how the body is framed. */
		HEAD_DONE,
		/**
		 * In a body of known length, or in a chunk's data: {@code remaining} bytes to
		 * skip.
		 */
		DATA,
		/** In a chunk-size line; {@code remaining} accumulates the size. */
		CHUNK_SIZE,
		/** After a chunk size, in whitespace that must lead to its extensions. */
		CHUNK_SIZE_SPACE,
		/** In a chunk-size line's extensions. */
		CHUNK_EXTENSION,
		/** After the CR of a chunk-size line. */
		CHUNK_SIZE_CR,
		/** After a chunk's data, where its CR must follow. */
		CHUNK_DATA_END,
		/** After the CR that follows a chunk's data. */
		CHUNK_DATA_CR,
		/** At the start of a trailer line. */
		TRAILER_LINE_START,
		/** In a trailer line. */
		TRAILER_LINE,
		/** After the CR of the blank line ending the trailers. */
		TRAILER_END,
		/** Framing can no longer be followed; the connection is closing. */
		LOST

	}

	private Phase phase = Phase.IDLE;

	private long remaining;

	private boolean chunked;

	private boolean chunkSizeDigits;

	private boolean headEnded;

	private boolean foldedInHead;

	private String bodyRefusal;

	private int partsBegun;

	/**
	 * Scans {@code buffer[from, to)}, or as much of it as ends with the current head.
	 * @return the index just past the head that ended in the scanned bytes, or {@code to}
	 * when none did
	 */
	int scan(ByteBuf buffer, int from, int to) {
		int index = from;
		while (index < to) {
			if (this.phase == Phase.DATA) {
				long skipped = Math.min(this.remaining, to - index);
				index += (int) skipped;
				this.remaining -= skipped;
				if (this.remaining == 0) {
					this.phase = this.chunked ? Phase.CHUNK_DATA_END : Phase.IDLE;
				}
				continue;
			}
			if (this.phase == Phase.HEAD_DONE || this.phase == Phase.LOST) {
				return to;
			}
			if (this.phase == Phase.HEAD_LINE) {
				// Nothing in a head line matters before its LF, which indexOf finds
				// several bytes at a time.
				int lineEnd = buffer.indexOf(index, to, (byte) '\n');
				if (lineEnd < 0) {
					return to;
				}
				index = lineEnd;
			}
			int stop = buffer.forEachByte(index, to - index, this);
			if (stop < 0) {
				return to;
			}
			index = stop + 1;
			if (this.headEnded) {
				this.headEnded = false;
				return index;
			}
		}
		return to;
	}

	/**
	 * The length a decoded request head declares for its body: {@link #CHUNKED}, its
	 * content-length, or 0.
	 */
	static long declaredLength(HttpHeaders headers) {
		if (headers.containsValue(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED, true)) {
			return CHUNKED;
		}
		String value = headers.get(HttpHeaderNames.CONTENT_LENGTH);
		// Netty's decoder has already refused a malformed content-length.
		return (value != null) ? Long.parseLong(value.trim()) : 0;
	}

	/**
	 * Sets how the body of the head just scanned is framed: its length, {@link #CHUNKED},
	 * or 0.
	 */
	void expectBody(long length) {
		if (this.phase != Phase.HEAD_DONE) {
			return;
		}
		this.chunked = (length == CHUNKED);
		this.chunkSizeDigits = false;
		if (this.chunked) {
			this.phase = Phase.CHUNK_SIZE;
			this.remaining = 0;
		}
		else {
			this.remaining = length;
			this.phase = (length > 0) ? Phase.DATA : Phase.IDLE;
		}
	}

	/** Stops following the framing: the connection will not read another request. */
	void lose() {
		this.phase = Phase.LOST;
	}

	/** Whether a head has ended whose body framing is not known yet. */
	boolean awaitsBodyFraming() {
		return this.phase == Phase.HEAD_DONE;
	}

	/** Whether the bytes so far end exactly between two requests. */
	boolean isIdle() {
		return this.phase == Phase.IDLE;
	}

	/**
	 * How many heads and bodies have begun so far: it changes with the first byte of each
	 * head, and with the end of each head, where its body begins.
	 */
	int partsBegun() {
		return this.partsBegun;
	}

	/** Whether the bytes so far leave a head unfinished. */
	boolean inHead() {
		return this.phase.ordinal() <= Phase.HEAD_END.ordinal() && this.phase != Phase.IDLE;
	}

	/** Whether the bytes so far leave a body unfinished. */
	boolean inBody() {
		return this.phase.ordinal() >= Phase.DATA.ordinal() && this.phase != Phase.LOST;
	}

	/**
	 * Whether a line of the head that ended last was folded onto the one before (obsolete
	 * since RFC 7230); reading it clears it.
	 */
	boolean takeFoldedHead() {
		boolean value = this.foldedInHead;
		this.foldedInHead = false;
		return value;
	}

	/**
	 * Why the chunked body being scanned must be refused (a malformed chunk line, or a
	 * folded trailer line), or {@code null}; reading it clears it. Once there is a
	 * reason, the framing is lost.
	 */
	String takeBodyRefusal() {
		String refusal = this.bodyRefusal;
		this.bodyRefusal = null;
		return refusal;
	}

	@Override
	public boolean process(byte value) {
		switch (this.phase) {
			case IDLE -> {
				if (value != '\r' && value != '\n') {
					this.partsBegun++;
					return headLine();
				}
			}
			case HEAD_LINE -> {
				if (value == '\n') {
					this.phase = Phase.HEAD_LINE_START;
				}
			}
			case HEAD_LINE_START -> {
				if (value == '\r') {
					this.phase = Phase.HEAD_END;
				}
				else if (value == '\n') {
					return endHead();
				}
				else {
					this.foldedInHead |= (value == ' ' || value == '\t');
					return headLine();
				}
			}
			case HEAD_END -> {
				if (value == '\n') {
					return endHead();
				}
				return headLine();
			}
			case CHUNK_SIZE -> {
				int digit = Character.digit(value, 16);
				if (digit >= 0) {
					if (this.remaining > (Long.MAX_VALUE >> 4)) {
						return refuseBody("Chunk size too large");
					}
					this.remaining = (this.remaining << 4) | digit;
					this.chunkSizeDigits = true;
				}
				else if (!this.chunkSizeDigits) {
					return refuseBody("Malformed chunk size: it must start with a hex digit");
				}
				else if (value == ';') {
					this.phase = Phase.CHUNK_EXTENSION;
				}
				else if (value == ' ' || value == '\t') {
					this.phase = Phase.CHUNK_SIZE_SPACE;
				}
				else if (value == '\r') {
					this.phase = Phase.CHUNK_SIZE_CR;
				}
				else {
					return refuseBody("Malformed chunk size: its hex digits must end with CRLF or a chunk extension");
				}
			}
			case CHUNK_SIZE_SPACE -> {
				if (value == ';') {
					this.phase = Phase.CHUNK_EXTENSION;
				}
				else if (value != ' ' && value != '\t') {
					return refuseBody("Malformed chunk size: whitespace after it must lead to a chunk extension");
				}
			}
			case CHUNK_EXTENSION -> {
				if (value == '\r') {
					this.phase = Phase.CHUNK_SIZE_CR;
				}
				else if (isControl(value)) {
					return refuseBody("Malformed chunk extension: control character");
				}
			}
			case CHUNK_SIZE_CR -> {
				if (value != '\n') {
					return refuseBody("Malformed chunk-size line: CR not followed by LF");
				}
				return endChunkSize();
			}
			case CHUNK_DATA_END -> {
				if (value != '\r') {
					return refuseBody("Chunk data not ended by CRLF");
				}
				this.phase = Phase.CHUNK_DATA_CR;
			}
			case CHUNK_DATA_CR -> {
				if (value != '\n') {
					return refuseBody("Chunk data not ended by CRLF");
				}
				this.phase = Phase.CHUNK_SIZE;
				this.remaining = 0;
				this.chunkSizeDigits = false;
			}
			case TRAILER_LINE_START -> {
				if (value == '\r') {
					this.phase = Phase.TRAILER_END;
				}
				else if (value == '\n') {
					this.phase = Phase.IDLE;
				}
				else if (value == ' ' || value == '\t') {
					return refuseBody("Obsolete line folding in the trailers");
				}
				else {
					this.phase = Phase.TRAILER_LINE;
				}
			}
			case TRAILER_LINE -> {
				if (value == '\n') {
					this.phase = Phase.TRAILER_LINE_START;
				}
			}
			case TRAILER_END -> this.phase = (value == '\n') ? Phase.IDLE : Phase.TRAILER_LINE;
			default -> {
				return false;
			}
		}
		return true;
	}

	/** In a head line: leave the byte loop, so that the line is searched for its end. */
	private boolean headLine() {
		this.phase = Phase.HEAD_LINE;
		return false;
	}

	private boolean endHead() {
		this.phase = Phase.HEAD_DONE;
		this.partsBegun++;
		this.headEnded = true;
		return false;
	}

	/**
	 * The chunked body cannot be read: the connection will close after its refusal, and
	 * nothing after it is scanned.
	 */
	private boolean refuseBody(String reason) {
		this.bodyRefusal = reason;
		this.phase = Phase.LOST;
		return false;
	}

	/** Whether a byte is a control character other than HTAB (RFC 5234 CTL). */
	private static boolean isControl(byte value) {
		return (value >= 0 && value < ' ' && value != '\t') || value == 0x7F;
	}

	/**
	 * A chunk-size line has ended: the data follows, or the trailers after the last
	 * chunk.
	 */
	private boolean endChunkSize() {
		if (this.remaining == 0) {
			this.phase = Phase.TRAILER_LINE_START;
			return true;
		}
		this.phase = Phase.DATA;
		// Leave the byte loop so that the data is skipped by its length, not scanned.
		return false;
	}

}
