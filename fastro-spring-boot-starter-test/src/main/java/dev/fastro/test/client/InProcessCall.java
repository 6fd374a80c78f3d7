package dev.fastro.test.client;

import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

/**
 * One request of the in-process client, as its {@link InProcessTransport} knows it: the
 * host and port it addressed, and the answer once written.
 * <p>
 * Its response headers begin empty, as in Fastro's server, so that hooks and handlers see
 * the headers they see there, in the same order; a streamed answer is chunked as it
 * leaves.
 */
final class InProcessCall {

	private final String host;

	private final int port;

	private final HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);

	private int status;

	private byte[] body;

	InProcessCall(String host, int port) {
		this.host = host;
		this.port = port;
	}

	String host() {
		return this.host;
	}

	int port() {
		return this.port;
	}

	HttpHeaders responseHeaders() {
		return this.response.headers();
	}

	/**
	 * Records the answer, its headers framed as the server frames them: a streamed body
	 * is chunked, and Netty's encoder has the last word.
	 */
	void answer(int status, byte[] body, boolean streamed) {
		this.response.setStatus(HttpResponseStatus.valueOf(status));
		if (streamed) {
			HttpUtil.setTransferEncodingChunked(this.response, true);
		}
		ResponseFraming.INSTANCE.apply(this.response);
		this.status = status;
		this.body = body;
	}

	boolean answered() {
		return this.body != null;
	}

	int status() {
		return this.status;
	}

	byte[] body() {
		return this.body;
	}

}
