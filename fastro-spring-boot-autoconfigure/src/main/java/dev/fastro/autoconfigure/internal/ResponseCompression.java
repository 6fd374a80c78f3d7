package dev.fastro.autoconfigure.internal;

import java.util.List;

import dev.fastro.server.internal.CompressionRule;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;

import org.springframework.util.InvalidMimeTypeException;
import org.springframework.util.MimeType;
import org.springframework.util.MimeTypeUtils;

/**
 * The rule of {@code fastro.server.compression}: which answers are compressed, and with
 * which coding, negotiated from {@code Accept-Encoding} and its q-values: gzip and
 * deflate always, Brotli and Zstandard when {@code brotli4j} and {@code zstd-jni} are on
 * the class path.
 * <p>
 * A response is a candidate when its body is at least the minimum size (or of unknown
 * length), its content type is one of the compressible ones, it is not already encoded
 * nor a range of a file (whose {@code Content-Range} counts the bytes as they are), nor
 * server-sent events, and the client is not one of the excluded user agents. Every
 * candidate gets {@code Vary: Accept-Encoding}, whether or not this client accepts an
 * encoding, so that caches keep the encodings apart.
 */
public final class ResponseCompression implements CompressionRule {

	private static final MimeType EVENT_STREAM = MimeTypeUtils.parseMimeType("text/event-stream");

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
	public int minResponseSize() {
		return this.minResponseSize;
	}

	@Override
	public String coding(HttpHeaders request, HttpHeaders response) {
		if (response.contains(HttpHeaderNames.CONTENT_ENCODING) || response.contains(HttpHeaderNames.CONTENT_RANGE)
				|| !isCompressible(response)) {
			return null;
		}
		if (!response.containsValue(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING, true)) {
			response.add(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING);
		}
		for (String excluded : this.excludedUserAgents) {
			if (request.contains(HttpHeaderNames.USER_AGENT, excluded, true)) {
				return null;
			}
		}
		return this.codings.choose(request.getAll(HttpHeaderNames.ACCEPT_ENCODING));
	}

	private boolean isCompressible(HttpHeaders headers) {
		String contentType = headers.get(HttpHeaderNames.CONTENT_TYPE);
		if (contentType == null || contentType.isEmpty()) {
			return false;
		}
		try {
			MimeType type = MimeTypeUtils.parseMimeType(contentType);
			if (EVENT_STREAM.equalsTypeAndSubtype(type)) {
				// Whatever the types configured, such as text/*: a compressor holds what
				// it is given until it has enough to compress, and each event must
				// leave as it is produced.
				return false;
			}
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
