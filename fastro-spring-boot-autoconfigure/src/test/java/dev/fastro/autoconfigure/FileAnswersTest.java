package dev.fastro.autoconfigure;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.fastro.http.Handler;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestFiles;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.InputStreamResource;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.awaitility.Awaitility.await;

/**
 * Handlers that answer with a file, a {@code Path} or a Spring {@code Resource}, over
 * real HTTP/1.1: the content type by the file's name, the length, {@code HEAD}, the byte
 * ranges of RFC 9110, and the file closed on every path.
 */
@ExtendWith(NettyLeakDetection.class)
class FileAnswersTest {

	private static final byte[] DATA = TestFiles.content(1000);

	private static final int BIG = 10 << 20;

	@TempDir
	static Path files;

	static URLClassLoader jar;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class, FastroStaticResourcesAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0", "spring.web.resources.add-mappings=false")
		.withUserConfiguration(FileRoutes.class);

	@BeforeAll
	static void writeFiles() throws IOException {
		TestFiles.write(files, "data.bin", DATA);
		TestFiles.write(files, "page.html", "<p>Hello</p>".getBytes(StandardCharsets.UTF_8));
		TestFiles.write(files, "app.js", "alert(1)".getBytes(StandardCharsets.UTF_8));
		TestFiles.write(files, "data.json", "{}".getBytes(StandardCharsets.UTF_8));
		TestFiles.write(files, "logo.png", new byte[] { (byte) 0x89, 'P', 'N', 'G' });
		TestFiles.write(files, "empty.txt", new byte[0]);
		TestFiles.write(files, "big.bin", TestFiles.content(BIG));
		Path archive = TestFiles.jar(files.resolve("files.jar"), Map.of("assets/data.bin", DATA));
		jar = new URLClassLoader(new URL[] { archive.toUri().toURL() }, null);
	}

	@AfterAll
	static void closeJar() throws IOException {
		jar.close();
	}

	@Test
	void sendsAFileWithItsLengthAndTheContentTypeOfItsName() {
		this.runner.run(context -> {
			assertFile(get(context, "/files/page.html"), "text/html; charset=utf-8", "<p>Hello</p>");
			assertFile(get(context, "/files/app.js"), "text/javascript; charset=utf-8", "alert(1)");
			assertFile(get(context, "/files/data.json"), "application/json; charset=utf-8", "{}");
			HttpResponse<byte[]> png = get(context, "/files/logo.png");
			assertThat(TestHttp.header(png, "content-type")).isEqualTo("image/png");
			HttpResponse<byte[]> data = get(context, "/files/data.bin");
			assertThat(data.statusCode()).isEqualTo(200);
			assertThat(TestHttp.header(data, "content-type")).isEqualTo("application/octet-stream");
			assertThat(TestHttp.header(data, "content-length")).isEqualTo("1000");
			assertThat(TestHttp.header(data, "accept-ranges")).isEqualTo("bytes");
			assertThat(data.body()).isEqualTo(DATA);
		});
	}

	@Test
	void sendsASpringResourceOfTheFileSystemAsAFile() {
		this.runner.run(context -> {
			HttpResponse<byte[]> response = get(context, "/resources/data.bin");
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(TestHttp.header(response, "content-length")).isEqualTo("1000");
			assertThat(response.body()).isEqualTo(DATA);
		});
	}

	@Test
	void keepsTheContentTypeTheHandlerGave() {
		this.runner.run(context -> {
			HttpResponse<byte[]> response = get(context, "/typed");
			assertThat(TestHttp.header(response, "content-type")).isEqualTo("text/csv");
			assertThat(response.body()).isEqualTo(DATA);
		});
	}

	@Test
	void sendsAnEmptyFileWithALengthOfZero() {
		this.runner.run(context -> {
			HttpResponse<byte[]> response = get(context, "/files/empty.txt");
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(TestHttp.header(response, "content-length")).isEqualTo("0");
			assertThat(response.body()).isEmpty();
		});
	}

	@Test
	void answersAFileThatDoesNotExistWith404() {
		this.runner.run(context -> {
			HttpResponse<String> response = TestHttp.get(port(context), "/files/missing.bin");
			assertThat(response.statusCode()).isEqualTo(404);
			assertThat(TestHttp.header(response, "content-type")).isEqualTo(TestHttp.PROBLEM_JSON);
			assertThat(TestHttp.get(port(context), "/files/").statusCode()).isEqualTo(404);
		});
	}

	@Test
	void sendsABigFileWhole() {
		this.runner.run(context -> {
			HttpResponse<byte[]> response = get(context, "/files/big.bin");
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(TestHttp.header(response, "content-length")).isEqualTo(Integer.toString(BIG));
			assertThat(response.body()).isEqualTo(TestFiles.content(BIG));
		});
	}

	@Test
	void sendsTheFileABlockingHandlerAnswers() {
		this.runner.run(context -> assertThat(get(context, "/blocking").body()).isEqualTo(DATA));
	}

	@Test
	void streamsAResourceInAJarInChunks() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse response = raw.send(rawRequest("GET", "/jar")).read();
				assertThat(response.status()).isEqualTo(200);
				assertThat(response.header("transfer-encoding")).isEqualTo("chunked");
				assertThat(response.header("content-type")).isEqualTo("application/octet-stream");
				assertThat(response.header("accept-ranges")).isEqualTo("bytes");
				assertThat(response.body()).isEqualTo(DATA);
			}
		});
	}

	@Test
	void answersHeadWithTheHeadersOfAGetAndNoBody() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse head = raw.send(rawRequest("HEAD", "/files/data.bin")).readToHead();
				assertThat(head.status()).isEqualTo(200);
				assertThat(head.header("content-length")).isEqualTo("1000");
				assertThat(head.header("accept-ranges")).isEqualTo("bytes");
				assertThat(head.header("content-type")).isEqualTo("application/octet-stream");
				// The connection carries on: no body was sent.
				assertThat(raw.send(rawRequest("GET", "/files/app.js")).read().bodyString()).isEqualTo("alert(1)");
			}
		});
	}

	@Test
	void neverOpensAStreamedResourceForHeadOrAnAnswerWithoutContent() {
		this.runner.run(context -> {
			FileRoutes routes = context.getBean(FileRoutes.class);
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse head = raw.send(rawRequest("HEAD", "/counted")).readToHead();
				assertThat(head.header("content-length")).isEqualTo("1000");
				RawResponse notModified = raw.send(rawRequest("GET", "/not-modified")).read();
				assertThat(notModified.status()).isEqualTo(304);
				assertThat(notModified.header("content-length")).isNull();
				assertThat(notModified.body()).isEmpty();
				assertThat(raw.send(rawRequest("GET", "/counted")).read().body()).isEqualTo(DATA);
			}
			assertThat(routes.opened).hasValue(1);
		});
	}

	@Test
	void sendsAResourceOfUnknownLengthWithoutRanges() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse response = raw.send(rawRequest("GET", "/unknown-length", "range: bytes=0-9")).read();
				assertThat(response.status()).isEqualTo(200);
				assertThat(response.header("accept-ranges")).isNull();
				assertThat(response.body()).isEqualTo(DATA);
			}
		});
	}

	@Test
	void sendsOneRange() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse response = raw.send(rawRequest("GET", "/files/data.bin", "range: bytes=100-199")).read();
				assertThat(response.status()).isEqualTo(206);
				assertThat(response.header("content-range")).isEqualTo("bytes 100-199/1000");
				assertThat(response.header("content-length")).isEqualTo("100");
				assertThat(response.header("content-type")).isEqualTo("application/octet-stream");
				assertThat(response.body()).isEqualTo(Arrays.copyOfRange(DATA, 100, 200));
			}
		});
	}

	@Test
	void sendsTheLastBytesForASuffixRange() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse response = raw.send(rawRequest("GET", "/files/data.bin", "range: bytes=-500")).read();
				assertThat(response.status()).isEqualTo(206);
				assertThat(response.header("content-range")).isEqualTo("bytes 500-999/1000");
				assertThat(response.body()).isEqualTo(Arrays.copyOfRange(DATA, 500, 1000));
				RawResponse longer = raw.send(rawRequest("GET", "/files/data.bin", "range: bytes=-5000")).read();
				assertThat(longer.header("content-range")).isEqualTo("bytes 0-999/1000");
				assertThat(longer.body()).isEqualTo(DATA);
			}
		});
	}

	@Test
	void sendsTheRestOfTheFileForAnOpenRange() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse response = raw.send(rawRequest("GET", "/files/data.bin", "range: bytes=100-")).read();
				assertThat(response.status()).isEqualTo(206);
				assertThat(response.header("content-range")).isEqualTo("bytes 100-999/1000");
				assertThat(response.header("content-length")).isEqualTo("900");
				assertThat(response.body()).isEqualTo(Arrays.copyOfRange(DATA, 100, 1000));
				RawResponse beyond = raw.send(rawRequest("GET", "/files/data.bin", "range: bytes=990-5000")).read();
				assertThat(beyond.header("content-range")).isEqualTo("bytes 990-999/1000");
			}
		});
	}

	@Test
	void sendsARangeOfAResourceInAJar() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse response = raw.send(rawRequest("GET", "/jar", "range: bytes=900-")).read();
				assertThat(response.status()).isEqualTo(206);
				assertThat(response.header("content-range")).isEqualTo("bytes 900-999/1000");
				assertThat(response.body()).isEqualTo(Arrays.copyOfRange(DATA, 900, 1000));
			}
		});
	}

	@Test
	void sendsSeveralRangesAsMultipartByteranges() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse response = raw.send(rawRequest("GET", "/files/data.bin", "range: bytes=0-9, 500-509, -10"))
					.read();
				assertThat(response.status()).isEqualTo(206);
				assertThat(response.header("content-range")).isNull();
				Matcher boundary = Pattern.compile("multipart/byteranges; boundary=(\\w+)")
					.matcher(response.header("content-type"));
				assertThat(boundary.matches()).as(response.header("content-type")).isTrue();
				List<Part> parts = parts(response.body(), boundary.group(1));
				assertThat(parts).extracting(Part::contentRange)
					.containsExactly("bytes 0-9/1000", "bytes 500-509/1000", "bytes 990-999/1000");
				assertThat(parts).extracting(Part::contentType).containsOnly("application/octet-stream");
				assertThat(parts.get(0).body()).isEqualTo(Arrays.copyOfRange(DATA, 0, 10));
				assertThat(parts.get(1).body()).isEqualTo(Arrays.copyOfRange(DATA, 500, 510));
				assertThat(parts.get(2).body()).isEqualTo(Arrays.copyOfRange(DATA, 990, 1000));
			}
		});
	}

	@Test
	void answersARangeBeyondTheFileWith416() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse response = raw.send(rawRequest("GET", "/files/data.bin", "range: bytes=1000-1100")).read();
				assertThat(response.status()).isEqualTo(416);
				assertThat(response.header("content-range")).isEqualTo("bytes */1000");
				assertThat(response.header("content-type")).isEqualTo(TestHttp.PROBLEM_JSON);
				assertThat(response.header("accept-ranges")).isNull();
				assertThat(TestHttp.json(response.bodyString()).get("status").asInt()).isEqualTo(416);
				RawResponse empty = raw.send(rawRequest("GET", "/files/data.bin", "range: bytes=-0")).read();
				assertThat(empty.status()).isEqualTo(416);
			}
		});
	}

	@Test
	void sendsTheWholeFileForAnUnreasonableRange() {
		StringBuilder many = new StringBuilder("bytes=0-0");
		for (int i = 1; i <= 100; i++) {
			many.append(',').append(i * 2).append('-').append(i * 2);
		}
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				for (String range : List.of(many.toString(), "bytes=0-999, 0-999", "bytes=0-499, 100-", "bytes=9-1",
						"bytes=a-b", "items=0-9", "bytes=")) {
					RawResponse response = raw.send(rawRequest("GET", "/files/data.bin", "range: " + range)).read();
					assertThat(response.status()).as(range).isEqualTo(200);
					assertThat(response.header("content-length")).isEqualTo("1000");
					assertThat(response.body()).isEqualTo(DATA);
				}
			}
		});
	}

	@Test
	void ignoresRangesOnHead() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse head = raw.send(rawRequest("HEAD", "/files/data.bin", "range: bytes=0-9")).readToHead();
				assertThat(head.status()).isEqualTo(200);
				assertThat(head.header("content-length")).isEqualTo("1000");
			}
		});
	}

	@Test
	void closesTheFileWhenTheClientGoesAwayMidFile() {
		Path big = files.resolve("big.bin");
		assumeTrue(TestFiles.openDescriptors(big) == 0, "this system lists open files");
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				raw.send(rawRequest("GET", "/files/big.bin"));
				assertThat(raw.readBytes(64 * 1024)).hasSize(64 * 1024);
				raw.reset();
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> TestFiles.openDescriptors(big) == 0);
			assertThat(get(context, "/files/data.bin").body()).isEqualTo(DATA);
		});
	}

	@Test
	void closesTheFileWhenTheClientGoesAwayMidRanges() {
		Path big = files.resolve("big.bin");
		assumeTrue(TestFiles.openDescriptors(big) == 0, "this system lists open files");
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				raw.send(rawRequest("GET", "/files/big.bin", "range: bytes=0-4999999, 5000000-"));
				assertThat(raw.readBytes(64 * 1024)).hasSize(64 * 1024);
				raw.reset();
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> TestFiles.openDescriptors(big) == 0);
			assertThat(get(context, "/files/data.bin").body()).isEqualTo(DATA);
		});
	}

	private static void assertFile(HttpResponse<byte[]> response, String contentType, String body) {
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(TestHttp.header(response, "content-type")).isEqualTo(contentType);
		assertThat(TestHttp.header(response, "content-length"))
			.isEqualTo(Integer.toString(body.getBytes(StandardCharsets.UTF_8).length));
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(body);
	}

	static HttpResponse<byte[]> get(ConfigurableApplicationContext context, String path) throws Exception {
		return TestHttp.CLIENT.send(TestHttp.request(port(context), path).build(),
				HttpResponse.BodyHandlers.ofByteArray());
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	/**
	 * The parts of a {@code multipart/byteranges} body, strictly as RFC 9110 writes it.
	 */
	static List<Part> parts(byte[] body, String boundary) {
		String text = new String(body, StandardCharsets.ISO_8859_1);
		String delimiter = "--" + boundary;
		assertThat(text).startsWith(delimiter + "\r\n").endsWith("\r\n" + delimiter + "--\r\n");
		List<Part> parts = new ArrayList<>();
		String[] sections = text.substring(0, text.length() - ("\r\n" + delimiter + "--\r\n").length())
			.split("(^|\r\n)" + Pattern.quote(delimiter) + "\r\n");
		for (String section : sections) {
			if (section.isEmpty()) {
				continue;
			}
			int headEnd = section.indexOf("\r\n\r\n");
			String contentType = null;
			String contentRange = null;
			for (String line : section.substring(0, headEnd).split("\r\n")) {
				String[] header = line.split(":\\s*", 2);
				if (header[0].equalsIgnoreCase("content-type")) {
					contentType = header[1];
				}
				else if (header[0].equalsIgnoreCase("content-range")) {
					contentRange = header[1];
				}
			}
			parts.add(new Part(contentType, contentRange,
					section.substring(headEnd + 4).getBytes(StandardCharsets.ISO_8859_1)));
		}
		return parts;
	}

	record Part(String contentType, String contentRange, byte[] body) {
	}

	@Configuration(proxyBeanMethods = false)
	static class FileRoutes {

		final AtomicInteger opened = new AtomicInteger();

		@Bean
		Routes fileRoutes() {
			ByteArrayResource counted = new ByteArrayResource(DATA) {

				@Override
				public InputStream getInputStream() throws IOException {
					FileRoutes.this.opened.incrementAndGet();
					return super.getInputStream();
				}

			};
			return Routes.builder()
				.get("/files/{name}", ctx -> files.resolve(ctx.param("name")))
				.get("/files/", ctx -> files)
				.get("/resources/{name}", ctx -> new FileSystemResource(files.resolve(ctx.param("name"))))
				.get("/typed", ctx -> Response.ok(files.resolve("data.bin")).contentType("text/csv"))
				.get("/blocking", Handler.blocking(ctx -> files.resolve("data.bin")))
				.get("/jar", ctx -> new ClassPathResource("assets/data.bin", jar))
				.get("/counted", ctx -> counted)
				.get("/not-modified", ctx -> Response.status(304).body(counted))
				.get("/unknown-length", ctx -> new InputStreamResource(new ByteArrayInputStream(DATA)))
				.build();
		}

	}

}
