package dev.fastro.autoconfigure.internal;

import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.Function;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

import org.springframework.util.InvalidMimeTypeException;
import org.springframework.util.MimeType;
import org.springframework.util.MimeTypeUtils;

/**
 * Fastro's own server customizer for {@code fastro.server.compression}: compresses
 * responses through Reactor Netty's compression support, which negotiates the encoding
 * from {@code Accept-Encoding} and its q-values: gzip and deflate always, Brotli and
 * Zstandard when {@code brotli4j} and {@code zstd-jni} are on the class path. Netty's
 * encoder already leaves alone {@code HEAD}, 204 and 304 answers and a body that carries
 * its own {@code Content-Encoding}.
 * <p>
 * A response is a candidate when its body is at least the minimum size (or of unknown
 * length), its content type is one of the compressible ones, it is not already encoded,
 * and the client is not one of the excluded user agents. Every candidate gets
 * {@code Vary: Accept-Encoding}, whether or not this client accepts an encoding, so that
 * caches keep the encodings apart.
 */
public final class ResponseCompression implements Function<HttpServer, HttpServer> {

	private final int minResponseSize;

	private final List<MimeType> mimeTypes;

	private final List<String> excludedUserAgents;

	private final ContentCodings codings = ContentCodings.onClassPath();

	/**
	 * @param minResponseSize the smallest {@code Content-Length} compressed, in bytes
	 * @param mimeTypes the compressible content types, such as {@code application/json}
	 * @param excludedUserAgents user agents never sent a compressed answer
	 * @throws InvalidMimeTypeException naming the type that cannot be parsed
	 */
	public ResponseCompression(int minResponseSize, List<String> mimeTypes, List<String> excludedUserAgents) {
		this.minResponseSize = minResponseSize;
		this.mimeTypes = mimeTypes.stream().map(MimeTypeUtils::parseMimeType).toList();
		this.excludedUserAgents = List.copyOf(excludedUserAgents);
	}

	@Override
	public HttpServer apply(HttpServer server) {
		// Reactor Netty checks the length first, and asks the predicate only about a body
		// that is large enough or of unknown length.
		BiPredicate<HttpServerRequest, HttpServerResponse> candidate = this::isCandidate;
		return server.compress(this.minResponseSize).compress(candidate);
	}

	private boolean isCandidate(HttpServerRequest request, HttpServerResponse response) {
		HttpHeaders headers = response.responseHeaders();
		if (headers.contains(HttpHeaderNames.CONTENT_ENCODING) || !isCompressible(headers)) {
			return false;
		}
		headers.add(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING);
		HttpHeaders requestHeaders = request.requestHeaders();
		for (String excluded : this.excludedUserAgents) {
			if (requestHeaders.contains(HttpHeaderNames.USER_AGENT, excluded, true)) {
				return false;
			}
		}
		String coding = this.codings.choose(requestHeaders.getAll(HttpHeaderNames.ACCEPT_ENCODING));
		if (coding == null) {
			return false;
		}
		// The handler has answered: Netty's encoder, added now, reads the request's
		// Accept-Encoding when the response goes out, and must find the coding chosen
		// here rather than make its own choice.
		requestHeaders.set(HttpHeaderNames.ACCEPT_ENCODING, coding);
		return true;
	}

	private boolean isCompressible(HttpHeaders headers) {
		String contentType = headers.get(HttpHeaderNames.CONTENT_TYPE);
		if (contentType == null || contentType.isEmpty()) {
			return false;
		}
		try {
			MimeType type = MimeTypeUtils.parseMimeType(contentType);
			for (MimeType compressible : this.mimeTypes) {
				if (compressible.isCompatibleWith(type)) {
					return true;
				}
			}
			return false;
		}
		catch (InvalidMimeTypeException ex) {
			return false;
		}
	}

}
