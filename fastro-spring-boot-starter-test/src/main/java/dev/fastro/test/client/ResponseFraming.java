package dev.fastro.test.client;

import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseEncoder;

/**
 * The framing headers of an answer as the server's HTTP codec writes them: Netty's own
 * response encoder, asked only to sanitize the headers, as it does before it encodes a
 * response (no {@code content-length} on a {@code 204} answer, for example).
 */
final class ResponseFraming extends HttpResponseEncoder {

	static final ResponseFraming INSTANCE = new ResponseFraming();

	private ResponseFraming() {
	}

	/** Sanitizes the headers of {@code response} as the encoder would. */
	void apply(HttpResponse response) {
		sanitizeHeadersBeforeEncode(response, isContentAlwaysEmpty(response));
	}

}
