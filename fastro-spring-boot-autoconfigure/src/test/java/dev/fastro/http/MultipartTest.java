package dev.fastro.http;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.stream.Collectors;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.server.internal.FastroServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.TestHttp.request;
import static dev.fastro.test.TestHttp.send;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code multipart/form-data} bodies over real HTTP: fields through
 * {@link Context#form()}, files through {@link Context#uploads(String)}, and a clear 4xx
 * for what is not one.
 */
class MultipartTest {

	private static final String BOUNDARY = "----fastro7MA4YWxkTrZu0gW";

	private static final String MULTIPART = "multipart/form-data; boundary=" + BOUNDARY;

	/** Bytes that look like line ends and delimiters, and bytes outside ASCII. */
	private static final byte[] BINARY = { 0, (byte) 0xFF, '\r', '\n', '-', '-', 'x', '\r', '\n', (byte) 0x80 };

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0", "fastro.multipart.max-parts=6")
		.withUserConfiguration(UploadRoutes.class);

	@Test
	void fieldsAreTheFormAndFilesAreUploadsByName() {
		this.runner.run(context -> {
			byte[] body = body(field("title", "Grüße"), file("file", "a.txt", "text/plain", "hello".getBytes()),
					file("file", "b.bin", null, BINARY), field("tag", "x"), field("tag", "y"));
			HttpResponse<String> response = post(port(context), "/upload", MULTIPART, body);
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body()).isEqualTo("{title=[Grüße], tag=[x, y]} a.txt|text/plain|5|68656c6c6f, "
					+ "b.bin|application/octet-stream|10|" + HexFormat.of().formatHex(BINARY));
		});
	}

	@Test
	void aFileInputLeftEmptyIsAnEmptyUploadAndAMissingOneNone() {
		this.runner.run(context -> {
			byte[] body = body(file("avatar", "", "application/octet-stream", new byte[0]));
			assertThat(post(port(context), "/avatar", MULTIPART, body).body())
				.isEqualTo("Upload 'avatar' (, application/octet-stream, 0 bytes)");
			assertThat(post(port(context), "/avatar", MULTIPART, body(field("title", "x"))).body()).isEqualTo("none");
		});
	}

	@Test
	void uploadsOfAnotherContentTypeAreA415() {
		this.runner.run(context -> {
			HttpResponse<String> urlEncoded = post(port(context), "/avatar", "application/x-www-form-urlencoded",
					"a=1".getBytes());
			assertThat(urlEncoded.statusCode()).isEqualTo(415);
			assertThat(urlEncoded.body())
				.contains("Expected a multipart/form-data body, got 'application/x-www-form-urlencoded'");
			HttpResponse<String> text = post(port(context), "/upload", "text/plain", "a=1".getBytes());
			assertThat(text.statusCode()).isEqualTo(415);
			assertThat(text.body()).contains(
					"Expected a form body (content-type application/x-www-form-urlencoded or multipart/form-data)");
		});
	}

	@Test
	void aMalformedBodyOrTooManyPartsIsA400SayingWhich() {
		this.runner.run(context -> {
			int port = port(context);
			HttpResponse<String> noBoundary = post(port, "/upload", "multipart/form-data", body(field("a", "1")));
			assertThat(noBoundary.statusCode()).isEqualTo(400);
			assertThat(noBoundary.body()).contains("Content-type 'multipart/form-data' names no boundary");
			byte[] cut = body(field("a", "1"));
			HttpResponse<String> unterminated = post(port, "/upload", MULTIPART,
					Arrays.copyOf(cut, cut.length - BOUNDARY.length() - 8));
			assertThat(unterminated.statusCode()).isEqualTo(400);
			assertThat(unterminated.body()).contains("Malformed multipart body: it ends before its closing delimiter");
			HttpResponse<String> noDisposition = post(port, "/upload", MULTIPART,
					body("Content-Type: text/plain\r\n\r\nx".getBytes(StandardCharsets.US_ASCII)));
			assertThat(noDisposition.statusCode()).isEqualTo(400);
			assertThat(noDisposition.body()).contains("Malformed multipart body");
			HttpResponse<String> tooMany = post(port, "/upload", MULTIPART, body(field("a", "1"), field("b", "2"),
					field("c", "3"), field("d", "4"), field("e", "5"), field("f", "6"), field("g", "7")));
			assertThat(tooMany.statusCode()).isEqualTo(400);
			assertThat(tooMany.body()).contains("Too many multipart parts: at most 6 allowed");
		});
	}

	@ParameterizedTest
	@ValueSource(
			strings = { "Content-Disposition: form-data; name", "Content-Disposition: form-data; name=\"a\"; filename",
					"Content-Disposition: form-data; name=\"a\"\r\nContent-Type: text/plain; charset=a(b" })
	void aPartHeadNettysDecoderThrowsOnIsA400(String head) {
		// The fuzzer's findings: Netty's decoder throws other exceptions than its own on
		// these, which were answered 500.
		this.runner.run(context -> {
			byte[] part = (head + "\r\n\r\nx").getBytes(StandardCharsets.US_ASCII);
			HttpResponse<String> response = post(port(context), "/upload", MULTIPART, body(part));
			assertThat(response.statusCode()).isEqualTo(400);
			assertThat(response.body()).contains("Malformed multipart body");
		});
	}

	@Test
	void aBodyInAContentCodingIsA415() {
		this.runner.run(context -> {
			HttpResponse<String> response = send(request(port(context), "/upload").header("content-type", MULTIPART)
				.header("content-encoding", "gzip")
				.POST(BodyPublishers.ofByteArray(body(field("a", "1")))));
			assertThat(response.statusCode()).isEqualTo(415);
			assertThat(response.body()).contains("Content-encoding 'gzip' is not supported");
		});
	}

	private static int port(ApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	private static HttpResponse<String> post(int port, String path, String contentType, byte[] body) {
		return send(request(port, path).header("content-type", contentType).POST(BodyPublishers.ofByteArray(body)));
	}

	private static byte[] field(String name, String value) {
		return ("Content-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value)
			.getBytes(StandardCharsets.UTF_8);
	}

	private static byte[] file(String name, String filename, String contentType, byte[] content) {
		String head = "Content-Disposition: form-data; name=\"" + name + "\"; filename=\"" + filename + "\"\r\n"
				+ ((contentType != null) ? "Content-Type: " + contentType + "\r\n" : "") + "\r\n";
		ByteArrayOutputStream part = new ByteArrayOutputStream();
		part.writeBytes(head.getBytes(StandardCharsets.UTF_8));
		part.writeBytes(content);
		return part.toByteArray();
	}

	private static byte[] body(byte[]... parts) {
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		for (byte[] part : parts) {
			body.writeBytes(("--" + BOUNDARY + "\r\n").getBytes(StandardCharsets.US_ASCII));
			body.writeBytes(part);
			body.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
		}
		body.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
		return body.toByteArray();
	}

	@Configuration(proxyBeanMethods = false)
	static class UploadRoutes {

		@Bean
		Routes uploads() {
			return Routes.builder()
				.post("/upload",
						(ctx) -> ctx.form() + " "
								+ ctx.uploads("file")
									.stream()
									.map((upload) -> upload.filename() + "|" + upload.contentType() + "|"
											+ upload.size() + "|" + HexFormat.of().formatHex(upload.bytes()))
									.collect(Collectors.joining(", ")))
				.post("/avatar", (ctx) -> {
					Upload avatar = ctx.upload("avatar");
					return (avatar != null) ? avatar.toString() : "none";
				})
				.build();
		}

	}

}
