package dev.fastro.http.internal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.fastro.http.HttpException;
import dev.fastro.http.Upload;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link MultipartDecoder} on bodies made of the pieces of the multipart syntax and any
 * other bytes: it decodes them or refuses them with a 400, nothing else escapes it, and
 * it leaves the body as it found it. A well-formed body of no more parts than allowed,
 * whose contents hold any bytes but a delimiter, is read back part for part.
 */
class MultipartDecoderFuzzTest {

	private static final List<String> BOUNDARIES = List.of("b", "XyZ-123", "----WebKitFormBoundary7MA4YWxkTrZu0gW",
			"'()+_,./:=?");

	private static final List<Charset> CHARSETS = List.of(StandardCharsets.UTF_8, StandardCharsets.ISO_8859_1);

	private static final List<String> PIECES = List.of("\r\n", "\n", "\r", "--", "Content-Disposition: form-data",
			"; name=\"a\"", "; name=", "; filename=\"", "\"", "; filename*=UTF-8''%E2%82", "Content-Type: ",
			"text/plain; charset=", "UTF-16", "x-unknown", "application/octet-stream", "Content-Transfer-Encoding: ",
			"base64", "quoted-printable", "binary", "8bit", ": ", ";", "=");

	@FuzzTest
	void readsWellFormedPartsBackOrRefusesWith400(FuzzedDataProvider data) {
		String boundary = data.pickValue(BOUNDARIES);
		Charset charset = data.pickValue(CHARSETS);
		int max = data.consumeInt(1, 6);
		HttpHeaders headers = DefaultHttpHeadersFactory.headersFactory().newHeaders();
		headers.set("content-type", data.consumeBoolean() ? "multipart/form-data; boundary=" + boundary
				: "multipart/form-data; charset=utf-8; boundary=\"" + boundary + "\"");
		Parts parts = data.consumeBoolean() ? wellFormed(data, boundary) : null;
		byte[] bytes = (parts != null) ? parts.body() : hostile(data, boundary);
		ByteBuf body = Unpooled.wrappedBuffer(bytes);
		try {
			MultipartSettings defaults = MultipartSettings.DEFAULTS;
			MultipartSettings settings = new MultipartSettings(defaults.fileSizeThreshold(), defaults.maxFileSize(),
					defaults.maxRequestSize(), max, defaults.maxPartHeaderSize(), defaults.location());
			MultipartDecoder.Multipart multipart = MultipartDecoder.decode(body, headers, charset, settings);
			if (parts != null) {
				assertThat(parts.count()).isLessThanOrEqualTo(max);
				assertThat(multipart.fields()).isEqualTo(parts.fields());
				assertThat(files(multipart)).isEqualTo(parts.files());
			}
		}
		catch (HttpException ex) {
			assertThat(ex.status()).isEqualTo(400);
			if (parts != null) {
				assertThat(parts.count()).as(ex.getMessage()).isGreaterThan(max);
			}
		}
		finally {
			assertThat(body.refCnt()).isEqualTo(1);
			assertThat(body.readerIndex()).isZero();
			assertThat(body.writerIndex()).isEqualTo(bytes.length);
			body.release();
		}
	}

	/**
	 * The fields and files of a well-formed body, its contents made of the fuzzer's
	 * bytes.
	 */
	private static Parts wellFormed(FuzzedDataProvider data, String boundary) {
		Parts parts = new Parts(new ByteArrayOutputStream(), new LinkedHashMap<>(), new LinkedHashMap<>());
		int count = data.consumeInt(0, 7);
		for (int i = 0; i < count; i++) {
			String name = "p" + data.consumeInt(0, 3);
			parts.write("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"");
			byte[] content = data.consumeBytes(data.consumeInt(0, 64));
			boolean file = data.consumeBoolean();
			for (int k = 0; k < content.length; k++) {
				byte b = content[k];
				if (!file && b != '\r' && b != '\n') {
					// Visible ASCII, CR and LF read alike in every charset offered.
					b = (byte) (' ' + (b & 0x3F));
				}
				// No '-', so no delimiter.
				content[k] = (b == '-') ? (byte) '_' : b;
			}
			if (file) {
				parts.write("; filename=\"f" + i + ".bin\"\r\nContent-Type: application/octet-stream\r\n\r\n");
				parts.files()
					.computeIfAbsent(name, (key) -> new ArrayList<>())
					.add(new String(content, StandardCharsets.ISO_8859_1));
			}
			else {
				parts.write("\r\n\r\n");
				parts.fields()
					.computeIfAbsent(name, (key) -> new ArrayList<>())
					.add(new String(content, StandardCharsets.US_ASCII));
			}
			parts.out().writeBytes(content);
			parts.write("\r\n");
		}
		parts.write("--" + boundary + "--\r\n");
		return parts;
	}

	/** Pieces of the multipart syntax, delimiters included, and any other bytes. */
	private static byte[] hostile(FuzzedDataProvider data, String boundary) {
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		while (data.remainingBytes() > 0) {
			switch (data.consumeInt(0, 3)) {
				case 0 -> body.writeBytes(("--" + boundary).getBytes(StandardCharsets.ISO_8859_1));
				case 1 -> body.writeBytes(data.pickValue(PIECES).getBytes(StandardCharsets.ISO_8859_1));
				default -> body.write(data.consumeByte());
			}
		}
		return body.toByteArray();
	}

	/** Each file's name and content, its bytes read as ISO-8859-1, by part name. */
	private static Map<String, List<String>> files(MultipartDecoder.Multipart multipart) {
		Map<String, List<String>> files = new LinkedHashMap<>();
		multipart.files()
			.forEach((name, uploads) -> files.put(name,
					uploads.stream()
						.map(Upload::bytes)
						.map((bytes) -> new String(bytes, StandardCharsets.ISO_8859_1))
						.toList()));
		return files;
	}

	/**
	 * A body and what it holds.
	 */
	private record Parts(ByteArrayOutputStream out, Map<String, List<String>> fields, Map<String, List<String>> files) {

		void write(String text) {
			this.out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
		}

		byte[] body() {
			return this.out.toByteArray();
		}

		int count() {
			return this.fields.values().stream().mapToInt(List::size).sum()
					+ this.files.values().stream().mapToInt(List::size).sum();
		}

	}

}
