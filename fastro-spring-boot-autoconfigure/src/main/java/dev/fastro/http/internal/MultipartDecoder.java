package dev.fastro.http.internal;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fastro.http.HttpException;
import dev.fastro.http.Upload;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.multipart.Attribute;
import io.netty.handler.codec.http.multipart.DefaultHttpDataFactory;
import io.netty.handler.codec.http.multipart.FileUpload;
import io.netty.handler.codec.http.multipart.HttpPostMultipartRequestDecoder;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder.TooManyFormFieldsException;
import io.netty.handler.codec.http.multipart.InterfaceHttpData;

/**
 * Decodes a {@code multipart/form-data} body with Netty's multipart decoder, in memory:
 * the body has been received whole, within the body size limit, so no part goes to disk.
 * A malformed body, or more parts than allowed, is a 400 that says which.
 */
final class MultipartDecoder {

	/** The form fields and the files of a body, each by name, in order. */
	record Multipart(Map<String, List<String>> fields, Map<String, List<Upload>> files) {
	}

	private MultipartDecoder() {
	}

	/**
	 * The parts of a body.
	 * @param body the whole body, left as it is
	 * @param headers the request's headers, whose content type names the boundary
	 * @param charset the charset of fields whose part names none
	 * @param max the most parts allowed
	 */
	static Multipart decode(ByteBuf body, HttpHeaders headers, Charset charset, int max) {
		String contentType = headers.get(HttpHeaderNames.CONTENT_TYPE);
		String boundary = boundary(contentType);
		if (boundary == null) {
			throw HttpException.badRequest("Content-type '" + contentType + "' names no boundary; a "
					+ "multipart/form-data body needs one to be split into its parts");
		}
		// Netty's decoder takes a body cut short for a whole one.
		if (!closed(body, boundary)) {
			throw HttpException
				.badRequest("Malformed multipart body: it ends before its closing delimiter '--" + boundary + "--'");
		}
		FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/",
				body.retainedDuplicate(), headers, EmptyHttpHeaders.INSTANCE);
		// In memory (the whole body is there already), but through the factory's list of
		// the request's parts, so that a part left half-read by a refusal is released
		// too.
		DefaultHttpDataFactory parts = new DefaultHttpDataFactory(Long.MAX_VALUE);
		HttpPostMultipartRequestDecoder decoder = null;
		try {
			// No limit on bytes buffered per part, for the same reason.
			decoder = new HttpPostMultipartRequestDecoder(parts, request, charset, max, -1);
			Map<String, List<String>> fields = new LinkedHashMap<>();
			Map<String, List<Upload>> files = new LinkedHashMap<>();
			for (InterfaceHttpData data : decoder.getBodyHttpDatas()) {
				if (data instanceof FileUpload file) {
					files.computeIfAbsent(file.getName(), (name) -> new ArrayList<>())
						.add(new Upload(file.getName(), file.getFilename(), file.getContentType(), file.get()));
				}
				else if (data instanceof Attribute field) {
					fields.computeIfAbsent(field.getName(), (name) -> new ArrayList<>()).add(field.getValue());
				}
			}
			return new Multipart(Collections.unmodifiableMap(fields), Collections.unmodifiableMap(files));
		}
		catch (TooManyFormFieldsException ex) {
			throw HttpException.badRequest("Too many multipart parts: at most " + max + " allowed");
		}
		catch (DecoderException | IOException ex) {
			throw HttpException.badRequest("Malformed multipart body: " + ex.getMessage());
		}
		catch (RuntimeException ex) {
			// Netty's decoder throws others on some malformed bodies, such as a part's
			// charset that is no charset name, or a disposition parameter without a
			// value.
			throw HttpException.badRequest("Malformed multipart body: " + ex);
		}
		finally {
			if (decoder != null) {
				decoder.destroy();
			}
			request.release();
		}
	}

	/** Whether the body holds its close delimiter, which ends the last part. */
	private static boolean closed(ByteBuf body, String boundary) {
		byte[] delimiter = ("--" + boundary + "--").getBytes(StandardCharsets.ISO_8859_1);
		return ByteBufUtil.indexOf(Unpooled.wrappedBuffer(delimiter), body) >= 0;
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
