package dev.fastro.server.internal;

import java.util.function.BiFunction;

import dev.fastro.http.HttpException;
import io.netty.handler.codec.http.HttpHeaderNames;
import org.reactivestreams.Publisher;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * What the HTTP/1.1 guards of {@link ServerPipeline} do for a request, done for a request
 * on an HTTP/2 stream, which passes no guard: its {@code :path} must hold visible ASCII
 * only ({@link RequestChecks}), and its answer carries a {@code Date}
 * ({@link MessageGuard}). Netty's HTTP/2 codec does the rest: it refuses malformed
 * frames, connection-specific headers and header lists over the limit, and floods of
 * frames. In use only when HTTP/2 is on; an HTTP/1.1 request goes straight on.
 */
final class Http2StreamChecks implements BiFunction<HttpServerRequest, HttpServerResponse, Publisher<Void>> {

	private final FastroHttpHandler handler;

	Http2StreamChecks(FastroHttpHandler handler) {
		this.handler = handler;
	}

	@Override
	public Publisher<Void> apply(HttpServerRequest request, HttpServerResponse response) {
		if (request.version().majorVersion() != 2) {
			return this.handler.apply(request, response);
		}
		response.header(HttpHeaderNames.DATE, DateHeader.now());
		RequestChecks.Refusal refusal = RequestChecks.checkTarget(request.uri());
		if (refusal != null) {
			return this.handler.fail(request, response,
					new HttpException(refusal.status().code(), refusal.getMessage()));
		}
		return this.handler.apply(request, response);
	}

}
