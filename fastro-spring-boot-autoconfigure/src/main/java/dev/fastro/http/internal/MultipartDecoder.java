package dev.fastro.http.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fastro.http.HttpException;
import dev.fastro.http.Upload;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.multipart.DefaultHttpDataFactory;
import io.netty.handler.codec.http.multipart.FileUpload;
import io.netty.handler.codec.http.multipart.HttpData;
import io.netty.handler.codec.http.multipart.HttpPostMultipartRequestDecoder;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder.EndOfDataDecoderException;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder.ErrorDataDecoderException;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder.TooLongFormFieldException;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder.TooManyFormFieldsException;
import io.netty.handler.codec.http.multipart.InterfaceHttpData;

/**
 * Decodes a {@code multipart/form-data} body with Netty's multipart decoder, chunk by
 * chunk as it arrives. A part no larger than the in-memory threshold is copied into an
 * array once complete; a larger one goes to a temporary file in the settings' directory,
 * which {@link #destroy()} deletes unless the handler moved it. Netty's decoder holds
 * each part until its end (in memory up to the threshold, then in its file), so parts
 * come out whole, one at a time.
 * <p>
 * Bad input is an {@link HttpException} that says what was wrong: a 400 for a malformed
 * body, too many parts or too large a part head, a 413 for too large a part. One thread
 * decodes at a time; {@link #destroy()} may come from another, and waits for the chunk
 * being decoded.
 */
final class MultipartDecoder {

	/**
	 * Netty's decoder keeps what it has read of its buffer until it passes this many
	 * bytes, 10 MB by default: keep no more than the chunk being decoded.
	 */
	private static final int DISCARD_THRESHOLD = 0;

	/** The form fields and the files of a body, each by name, and every part in order. */
	record Multipart(Map<String, List<String>> fields, Map<String, List<Upload>> files, List<Upload> parts) {

		static Multipart of(List<Upload> parts) {
			Map<String, List<String>> fields = new LinkedHashMap<>();
			Map<String, List<Upload>> files = new LinkedHashMap<>();
			for (Upload part : parts) {
				if (part.filename() != null) {
					files.computeIfAbsent(part.name(), (name) -> new ArrayList<>()).add(part);
				}
				else {
					fields.computeIfAbsent(part.name(), (name) -> new ArrayList<>()).add(part.text());
				}
			}
			return new Multipart(Collections.unmodifiableMap(fields), Collections.unmodifiableMap(files),
					Collections.unmodifiableList(parts));
		}

	}

	private final MultipartSettings settings;

	private final HttpRequest request;

	private final HttpPostMultipartRequestDecoder decoder;

	private boolean closed;

	private boolean destroyed;

	/**
	 * A decoder for one body.
	 * @param headers the request's headers, whose content type names the boundary
	 * @param charset the charset of fields whose part names none
	 * @param settings the limits, the threshold and the directory of large parts
	 * @param inMemory whether every part stays in memory, as for a body received whole
	 * @throws HttpException a 400 when the content type names no boundary
	 */
	MultipartDecoder(HttpHeaders headers, Charset charset, MultipartSettings settings, boolean inMemory) {
		String contentType = headers.get(HttpHeaderNames.CONTENT_TYPE);
		if (boundary(contentType) == null) {
			throw HttpException.badRequest("Content-type '" + contentType + "' names no boundary; a "
					+ "multipart/form-data body needs one to be split into its parts");
		}
		this.settings = settings;
		// The key of this body's parts in the factory, which deletes their files.
		this.request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/", headers);
		// Mixed parts, memory then disk, even for a body held whole: the factory lists
		// those only, and releases a part left half-read by a refusal through its list.
		DefaultHttpDataFactory parts = new DefaultHttpDataFactory(
				inMemory ? Long.MAX_VALUE : settings.fileSizeThreshold(), charset);
		parts.setBaseDir(settings.location().toString());
		// Netty's own default, said out loud: a hook per file would keep every name
		// until the JVM exits.
		parts.setDeleteOnExit(false);
		// What the decoder buffers while it looks for the end of a part's head; the
		// content of a part passes through.
		this.decoder = new HttpPostMultipartRequestDecoder(parts, this.request, charset, settings.maxParts(),
				settings.maxPartHeaderSize());
		this.decoder.setDiscardThreshold(DISCARD_THRESHOLD);
	}

	/**
	 * Whether the body is declared no larger than the in-memory threshold, so that no
	 * part of it goes to disk.
	 */
	boolean fitsInMemory() {
		long length = HttpUtil.getContentLength(this.request, -1L);
		return length >= 0 && length <= this.settings.fileSizeThreshold();
	}

	/**
	 * Decodes a body received whole, in memory; the body is left as it is.
	 */
	static Multipart decode(ByteBuf body, HttpHeaders headers, Charset charset, MultipartSettings settings) {
		MultipartDecoder decoder = new MultipartDecoder(headers, charset, settings, true);
		try {
			List<Upload> parts = decoder.offer(body);
			parts.addAll(decoder.finish());
			return Multipart.of(parts);
		}
		finally {
			decoder.destroy();
		}
	}

	/**
	 * Decodes one more chunk of the body, which stays the caller's; returns the parts it
	 * completed.
	 */
	List<Upload> offer(ByteBuf chunk) {
		return decode(new DefaultHttpContent(chunk.duplicate()));
	}

	/**
	 * The body has ended: returns the parts its end completed.
	 * @throws HttpException a 400 when the body ends before its closing delimiter
	 */
	List<Upload> finish() {
		// A body cut short at the end of a part is taken for a whole one; once told of
		// the end, the decoder moves a closed body to its epilogue only on the next
		// call, which then says there is nothing more.
		List<Upload> parts = decode(LastHttpContent.EMPTY_LAST_CONTENT);
		parts.addAll(decode(LastHttpContent.EMPTY_LAST_CONTENT));
		if (!this.closed) {
			throw HttpException.badRequest("Malformed multipart body: it ends before its closing delimiter '--"
					+ boundary(this.request.headers().get(HttpHeaderNames.CONTENT_TYPE)) + "--'");
		}
		return parts;
	}

	/**
	 * Deletes the temporary files of the parts that are left in them, and releases the
	 * decoder's buffers.
	 */
	synchronized void destroy() {
		if (!this.destroyed) {
			this.destroyed = true;
			this.decoder.destroy();
		}
	}

	private synchronized List<Upload> decode(HttpContent content) {
		if (this.destroyed) {
			// The exchange has ended: nothing is to be read any more.
			return new ArrayList<>();
		}
		try {
			this.decoder.offer(content);
			List<Upload> parts = new ArrayList<>();
			try {
				while (this.decoder.hasNext()) {
					parts.add(upload((HttpData) this.decoder.next()));
				}
			}
			catch (EndOfDataDecoderException ex) {
				// The closing delimiter has been read, and every part taken.
				this.closed = true;
			}
			if (this.decoder.currentPartialHttpData() instanceof HttpData partial) {
				checkHead(partial);
				checkSize(partial);
			}
			return parts;
		}
		catch (TooManyFormFieldsException ex) {
			throw HttpException.badRequest("Too many multipart parts: at most " + this.settings.maxParts()
					+ " allowed (fastro.multipart.max-parts)");
		}
		catch (TooLongFormFieldException ex) {
			throw headTooLarge();
		}
		catch (ErrorDataDecoderException ex) {
			if (ex.getCause() instanceof IOException failure && !isSizeMismatch(failure)) {
				// The temporary file could not be written: the server's failure.
				throw new UncheckedIOException(failure);
			}
			throw HttpException.badRequest("Malformed multipart body: " + ex.getMessage());
		}
		catch (DecoderException ex) {
			throw HttpException.badRequest("Malformed multipart body: " + ex.getMessage());
		}
		catch (HttpException | UncheckedIOException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			// Netty's decoder throws others on some malformed bodies, such as a part's
			// charset that is no charset name, or a disposition parameter without a
			// value.
			throw HttpException.badRequest("Malformed multipart body: " + ex);
		}
	}

	/**
	 * Whether Netty refused content past the length a part's own {@code content-length}
	 * declared: the client's error, which Netty reports as an I/O failure.
	 */
	private static boolean isSizeMismatch(IOException failure) {
		return failure.getMessage() != null && failure.getMessage().startsWith("Out of size");
	}

	/**
	 * A complete part as an {@link Upload}: copied into an array, and released at once,
	 * when it is in memory; left in its file otherwise.
	 */
	private Upload upload(HttpData part) {
		checkHead(part);
		checkSize(part);
		String filename = null;
		String contentType = "text/plain; charset=" + part.getCharset().name();
		if (part instanceof FileUpload file) {
			filename = file.getFilename();
			contentType = file.getContentType();
		}
		try {
			if (part.isInMemory()) {
				byte[] content = part.get();
				this.decoder.removeHttpDataFromClean(part);
				part.release();
				return new Upload(part.getName(), filename, contentType, content);
			}
			return new Upload(part.getName(), filename, contentType, part.getFile().toPath(), part.length());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Refuses a part whose head is too large. The decoder refuses a head that spans more
	 * than the limit between chunks; one that arrived in a single chunk is measured by
	 * what of it the part keeps, its name, file name and content type.
	 */
	private void checkHead(HttpData part) {
		long kept = part.getName().length();
		if (part instanceof FileUpload file) {
			kept += file.getFilename().length() + file.getContentType().length();
		}
		if (kept > this.settings.maxPartHeaderSize()) {
			throw headTooLarge();
		}
	}

	private HttpException headTooLarge() {
		return HttpException.badRequest("Multipart part head larger than the limit of "
				+ this.settings.maxPartHeaderSize() + " bytes (fastro.multipart.max-part-header-size)");
	}

	private void checkSize(HttpData part) {
		if (part.length() > this.settings.maxFileSize()) {
			throw new HttpException(413, "Multipart part '" + part.getName() + "' is larger than the limit of "
					+ this.settings.maxFileSize() + " bytes (fastro.multipart.max-file-size)");
		}
	}

	/**
	 * The {@code boundary} parameter of a content type, unquoted, or {@code null} when it
	 * has none: Netty's decoder takes a body without one and then fails on a
	 * {@code null}.
	 */
	private static String boundary(String contentType) {
		for (String parameter : contentType.split(";")) {
			int equals = parameter.indexOf('=');
			if (equals > 0 && parameter.substring(0, equals).trim().equalsIgnoreCase("boundary")) {
				String boundary = parameter.substring(equals + 1).trim().replace("\"", "");
				return boundary.isEmpty() ? null : boundary;
			}
		}
		return null;
	}

}
