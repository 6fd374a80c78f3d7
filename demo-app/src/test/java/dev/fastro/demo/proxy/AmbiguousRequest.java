package dev.fastro.demo.proxy;

import java.util.HexFormat;

/**
 * The classic request-smuggling requests: each can be read as ending in more than one
 * place, and most carry a hidden request, {@code /proxy/echo?id=<hidden>}, where a reader
 * that takes the other ending sees the start of a request of its own. Sent to a proxy, a
 * reader that disagrees with the proxy on where a request ends would see a request the
 * proxy never forwarded, or fail to see one it did.
 */
enum AmbiguousRequest {

	/** The proxy may go by the length, Fastro by the chunks. */
	CL_TE(post("Content-Length: {length}", "Transfer-Encoding: chunked"), Body.ENDS_AT_ONCE_CHUNKED),

	/**
	 * The proxy may go by the chunks, Fastro by the length, which ends within the first
	 * chunk's size line.
	 */
	TE_CL(post("Content-Length: 4", "Transfer-Encoding: chunked"), Body.HIDDEN_IN_A_CHUNK),

	TE_TE_XCHUNKED(post("Content-Length: {length}", "Transfer-Encoding: xchunked"), Body.ENDS_AT_ONCE_CHUNKED),

	TE_TE_SPACE_BEFORE_COLON(post("Content-Length: {length}", "Transfer-Encoding : chunked"),
			Body.ENDS_AT_ONCE_CHUNKED),

	TE_TE_TWICE(post("Content-Length: {length}", "Transfer-Encoding: chunked", "Transfer-Encoding: x"),
			Body.ENDS_AT_ONCE_CHUNKED),

	TE_TE_TAB(post("Content-Length: {length}", "Transfer-Encoding:\tchunked"), Body.ENDS_AT_ONCE_CHUNKED),

	/** A line starting with a space continues the line before (obs-fold). */
	TE_TE_FOLDED(post("Content-Length: {length}", "X-Padding: x", " Transfer-Encoding: chunked"),
			Body.ENDS_AT_ONCE_CHUNKED),

	CL_CL_TWO_LINES(post("Content-Length: 0", "Content-Length: {length}"), Body.HIDDEN),

	CL_CL_ONE_LINE(post("Content-Length: 0, {length}"), Body.HIDDEN),

	/** Lines that end in a bare LF, not CRLF. */
	BARE_LF("GET /proxy/echo?id={front} HTTP/1.1\nHost: localhost\n\n", Body.HIDDEN_BARE_LF),

	/** A bare LF inside a header line, which a reader may take for the line's end. */
	BARE_LF_IN_A_HEADER(post("X-Padding: x\nTransfer-Encoding: chunked", "Content-Length: {length}"),
			Body.ENDS_AT_ONCE_CHUNKED),

	/** A CR inside a header value, which a reader may take for the line's end. */
	CR_IN_A_HEADER_VALUE(post("X-Padding: x\rTransfer-Encoding: chunked", "Content-Length: {length}"),
			Body.ENDS_AT_ONCE_CHUNKED),

	CHUNK_EXTENSION(post("Transfer-Encoding: chunked"), Body.CHUNK_WITH_EXTENSION),

	/**
	 * A chunk extension with a bare LF, which a reader may take for the size line's end.
	 */
	CHUNK_EXTENSION_WITH_BARE_LF(post("Transfer-Encoding: chunked"), Body.CHUNK_EXTENSION_WITH_BARE_LF),

	/**
	 * A chunk size of 2^64, which a reader that overflows takes for 0: the last chunk.
	 */
	CHUNK_SIZE_OVERFLOWING(post("Transfer-Encoding: chunked"), Body.OVERFLOWING_CHUNK_SIZE),

	HTTP_1_0_KEEP_ALIVE("GET /proxy/echo?id={front} HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", Body.HIDDEN_HTTP_1_0),

	/** HTTP/1.0 has no Transfer-Encoding: its framing is faulty (RFC 9112 6.1). */
	HTTP_1_0_TRANSFER_ENCODING(
			"POST /proxy/echo?id={front} HTTP/1.0\r\nConnection: keep-alive\r\nContent-Length: {length}\r\n"
					+ "Transfer-Encoding: chunked\r\n\r\n",
			Body.ENDS_AT_ONCE_CHUNKED);

	private static final String HIDDEN = "GET /proxy/echo?id={hidden} HTTP/1.1\r\nHost: localhost\r\n\r\n";

	private final String head;

	private final Body body;

	AmbiguousRequest(String head, Body body) {
		this.head = head;
		this.body = body;
	}

	/**
	 * The request's bytes, one a character, with its own id and its hidden request's;
	 * {@code {length}} in the head is the length of the body.
	 */
	String text(String frontId, String hiddenId) {
		String hidden = HIDDEN.replace("{hidden}", hiddenId);
		String body = this.body.text(hidden);
		return this.head.replace("{front}", frontId).replace("{length}", String.valueOf(body.length())) + body;
	}

	private static String post(String... headerLines) {
		return "POST /proxy/echo?id={front} HTTP/1.1\r\nHost: localhost\r\n" + String.join("\r\n", headerLines)
				+ "\r\n\r\n";
	}

	/** What follows the head, the hidden request included. */
	private enum Body {

		/** A chunked body that ends at once, then the hidden request. */
		ENDS_AT_ONCE_CHUNKED("0\r\n\r\n{hidden}"),

		/** The hidden request as a chunk, its size line four bytes long. */
		HIDDEN_IN_A_CHUNK("{size}\r\n{hidden}\r\n0\r\n\r\n"),

		HIDDEN("{hidden}"),

		HIDDEN_BARE_LF("{hiddenBareLf}"),

		HIDDEN_HTTP_1_0("{hiddenHttp10}"),

		CHUNK_WITH_EXTENSION("5;name=value\r\nhello\r\n0\r\n\r\n"),

		CHUNK_EXTENSION_WITH_BARE_LF("2;x\nxx\r\n0\r\n\r\n{hidden}"),

		OVERFLOWING_CHUNK_SIZE("10000000000000000\r\n\r\n{hidden}");

		private final String template;

		Body(String template) {
			this.template = template;
		}

		String text(String hidden) {
			String size = HexFormat.of().toHexDigits((byte) hidden.length());
			if (hidden.length() > 0xFF) {
				throw new IllegalArgumentException("The hidden request is too long for a two-digit size: " + hidden);
			}
			return this.template.replace("{size}", size)
				.replace("{hiddenBareLf}", hidden.replace("\r\n", "\n"))
				.replace("{hiddenHttp10}",
						hidden.replace("HTTP/1.1\r\nHost: localhost", "HTTP/1.0\r\nConnection: keep-alive"))
				.replace("{hidden}", hidden);
		}

	}

}
