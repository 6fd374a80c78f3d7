package dev.fastro.perf.harness;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The answer every server must give to a {@link Request}, byte for byte.
 *
 * @param status the status code
 * @param contentType the exact {@code content-type} header value, {@code null} where any
 * (or none) will do
 * @param body the exact body
 * @param headers further headers that must be present with exactly these values (names in
 * lower case)
 */
public record ExpectedResponse(int status, String contentType, byte[] body, Map<String, String> headers) {

	/**
	 * Takes private copies.
	 */
	public ExpectedResponse {
		body = body.clone();
		headers = Map.copyOf(headers);
	}

	/**
	 * A 200 answer with a UTF-8 body and no further headers.
	 * @param contentType the content type
	 * @param body the body
	 * @return the expected response
	 */
	public static ExpectedResponse ok(String contentType, String body) {
		return new ExpectedResponse(200, contentType, body.getBytes(StandardCharsets.UTF_8), Map.of());
	}

	/**
	 * This answer with one more required header.
	 * @param name the header name, lower case
	 * @param value its exact value
	 * @return the expected response
	 */
	public ExpectedResponse withHeader(String name, String value) {
		Map<String, String> more = new HashMap<>(this.headers);
		more.put(name, value);
		return new ExpectedResponse(this.status, this.contentType, this.body, more);
	}

	/**
	 * This answer with another body.
	 * @param body the body, UTF-8
	 * @return the expected response
	 */
	public ExpectedResponse withBody(String body) {
		return new ExpectedResponse(this.status, this.contentType, body.getBytes(StandardCharsets.UTF_8), this.headers);
	}

	/**
	 * This answer with another content type.
	 * @param contentType the exact content type
	 * @return the expected response
	 */
	public ExpectedResponse withContentType(String contentType) {
		return new ExpectedResponse(this.status, contentType, this.body, this.headers);
	}

	@Override
	public byte[] body() {
		return this.body.clone();
	}
}
