package dev.fastro.test.client;

import java.util.function.Consumer;

import dev.fastro.http.Context;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

/**
 * One request of the in-process client, as its {@link InProcessTransport} knows it: the
 * host and port it addressed, how the test prepares it, and the answer once written.
 * <p>
 * Its response headers begin empty, as in Fastro's server, so that hooks and handlers see
 * the headers they see there, in the same order; a streamed answer is chunked as it
 * leaves.
 */
final class InProcessCall {

	private final String host;

	private final int port;

	private final Consumer<Context> preparation;

	private final HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);

	private int status;

	private byte[] body;

	InProcessCall(String host, int port, Consumer<Context> preparation) {
		this.host = host;
		this.port = port;
		this.preparation = preparation;
	}

	String host() {
		return this.host;
	}

	int port() {
		return this.port;
	}

	/** Applies what the test asked for to the request, before its request hooks run. */
	void prepare(Context ctx) {
		this.preparation.accept(ctx);
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
