package dev.fastro.test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A response as {@link RawHttp} read it off the wire, with its headers in the order they
 * were sent.
 *
 * @param statusLine the status line, without its CRLF
 * @param status the status code
 * @param headers the header lines, names as sent
 * @param body the body, decoded from its framing (chunks joined), empty for a body-less
 * response
 */
public record RawResponse(String statusLine, int status, List<Map.Entry<String, String>> headers, byte[] body) {

	/** The first value of a header, or {@code null}; names are case-insensitive. */
	public String header(String name) {
		List<String> values = headerValues(name);
		return values.isEmpty() ? null : values.get(0);
	}

	/** Every value of a header, in the order sent; names are case-insensitive. */
	public List<String> headerValues(String name) {
		return this.headers.stream().filter(h -> h.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue).toList();
	}

	/** The header names, in lower case, in the order sent. */
	public List<String> headerNames() {
		return this.headers.stream().map(h -> h.getKey().toLowerCase(Locale.ROOT)).toList();
	}

	/** The body as UTF-8. */
	public String bodyString() {
		return new String(this.body, StandardCharsets.UTF_8);
	}

}
