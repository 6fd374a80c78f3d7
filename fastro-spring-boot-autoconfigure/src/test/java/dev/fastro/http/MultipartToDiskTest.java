package dev.fastro.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.CommandLineClient;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.TestHttp.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code multipart/form-data} bodies decoded as they arrive, over real HTTP: a part
 * larger than the in-memory threshold goes to a temporary file in
 * {@code fastro.multipart.location}, and every such file is gone once the request ends,
 * however it ends. Each test lists that directory.
 */
class MultipartToDiskTest {

	private static final int MB = 1 << 20;

	private static final String BOUNDARY = "fastroBoundary7MA4YWxkTrZu0gW";

	private static final String MULTIPART = "multipart/form-data; boundary=" + BOUNDARY;

	@TempDir
	Path location;

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
					FastroServerAutoConfiguration.class))
			.withPropertyValues("fastro.server.port=0", "fastro.server.read-timeout=1s",
					"fastro.multipart.location=" + this.location, "fastro.multipart.file-size-threshold=16KB",
					"fastro.multipart.max-file-size=100MB", "fastro.multipart.max-request-size=200MB",
					"fastro.multipart.max-parts=4", "fastro.multipart.max-part-header-size=1KB")
			.withUserConfiguration(UploadRoutes.class);
	}

	@ParameterizedTest
	@ValueSource(strings = { "fastro", "reactor-netty" })
	void aLargePartStreamedFromTheClientGoesToDiskAndIsDeletedAfter(String exchange) {
		runner().withPropertyValues("fastro.server.http1-exchange=" + exchange).run((context) -> {
			long size = 50L * MB;
			Body body = new Body().field("title", "Holidays").file("file", "film.mp4", size);
			// Streamed, chunked, as generated: the body is never whole on either side.
			HttpResponse<String> response = TestHttp
				.send(request(port(context), "/store").timeout(Duration.ofSeconds(60))
					.header("content-type", MULTIPART)
					.POST(BodyPublishers.ofInputStream(body::stream)));
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body())
				.isEqualTo("film.mp4 on disk " + size + " " + sha256(content(size)) + " title=Holidays files=1");
			await().until(() -> filesIn(this.location).isEmpty());
		});
	}

	@Test
	void aSmallPartStaysInMemory() {
		runner().run((context) -> {
			Body body = new Body().file("file", "note.txt", 1000);
			HttpResponse<String> response = post(port(context), "/store", body);
			assertThat(response.body())
				.isEqualTo("note.txt in memory 1000 " + sha256(content(1000)) + " title=null files=0");
		});
	}

	@Test
	void transferToMovesTheTemporaryFile(@TempDir Path target) {
		runner().run((context) -> {
			Body body = new Body().file("file", "a.bin", 3 * MB);
			HttpResponse<String> response = send(port(context), "/move?to=" + target.resolve("kept.bin"), body);
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body()).isEqualTo("moved");
			assertThat(sha256(Files.newInputStream(target.resolve("kept.bin")))).isEqualTo(sha256(content(3 * MB)));
			await().until(() -> filesIn(this.location).isEmpty());
		});
	}

	@Test
	void curlUploadsAFile(@TempDir Path files) throws Exception {
		Path file = files.resolve("photo.jpg");
		try (InputStream content = content(MB)) {
			Files.copy(content, file);
		}
		runner().run((context) -> {
			CommandLineClient.Result curl = CommandLineClient.run(Duration.ofSeconds(30), "curl", "-sS", "-F",
					"title=Beach", "-F", "file=@" + file + ";type=image/jpeg",
					"http://127.0.0.1:" + port(context) + "/store");
			assertThat(curl.output())
				.isEqualTo("photo.jpg on disk " + MB + " " + sha256(content(MB)) + " title=Beach files=1");
			await().until(() -> filesIn(this.location).isEmpty());
		});
	}

	@Test
	void overHttp2ThePartsGoToDiskToo() {
		runner().withPropertyValues("fastro.server.http2.enabled=true").run((context) -> {
			HttpClient client = TestHttp.newHttp2Client();
			// The first request upgrades the connection; the second goes over HTTP/2.
			TestHttp.send(client, request(port(context), "/"));
			HttpResponse<String> response = TestHttp.send(client,
					request(port(context), "/store").header("content-type", MULTIPART)
						.POST(BodyPublishers.ofInputStream(new Body().file("file", "b.bin", 4 * MB)::stream)));
			assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
			assertThat(response.body())
				.isEqualTo("b.bin on disk " + 4 * MB + " " + sha256(content(4 * MB)) + " title=null files=1");
			await().until(() -> filesIn(this.location).isEmpty());
		});
	}

	@Test
	void aHandlerThatFailsLeavesNoFile() {
		runner().run((context) -> {
			HttpResponse<String> response = post(port(context), "/fail", new Body().file("file", "a.bin", MB));
			assertThat(response.statusCode()).isEqualTo(500);
			await().until(() -> filesIn(this.location).isEmpty());
		});
	}

	@Test
	void badMultipartIsA400Or413NamingTheProblemAndLeavesNoFile() {
		runner().withPropertyValues("fastro.multipart.max-file-size=1MB", "fastro.multipart.max-request-size=3MB")
			.run((context) -> {
				int port = port(context);
				assertProblem(post(port, "/store", new Body().file("file", "a.bin", 2 * MB)), 413,
						"Multipart part 'file' is larger than the limit of 1048576 bytes "
								+ "(fastro.multipart.max-file-size)");
				assertProblem(post(port, "/store",
						new Body().file("a", "a.bin", 900_000)
							.file("b", "b.bin", 900_000)
							.file("c", "c.bin", 900_000)
							.file("d", "d.bin", 900_000)),
						413, "larger than the limit of 3145728 bytes");
				assertProblem(
						post(port, "/store",
								new Body().field("a", "1")
									.field("b", "2")
									.field("c", "3")
									.field("d", "4")
									.file("file", "a.bin", 100_000)),
						400, "Too many multipart parts: at most 4 allowed (fastro.multipart.max-parts)");
				assertProblem(post(port, "/store", new Body().file("file", "x".repeat(2000) + ".bin", 100_000)), 400,
						"Multipart part head larger than the limit of 1024 bytes");
				byte[] whole = new Body().file("file", "a.bin", 100_000).bytes();
				byte[] truncated = java.util.Arrays.copyOf(whole, whole.length - BOUNDARY.length() - 8);
				assertProblem(
						TestHttp.send(request(port, "/store").header("content-type", MULTIPART)
							.POST(BodyPublishers.ofByteArray(truncated))),
						400, "Malformed multipart body: it ends before its closing delimiter");
				assertProblem(TestHttp.send(request(port, "/store").header("content-type", "multipart/form-data")
					.POST(BodyPublishers.ofByteArray(whole))), 400, "names no boundary");
				await().until(() -> filesIn(this.location).isEmpty());
			});
	}

	@Test
	void aClientThatGoesAwayMidUploadLeavesNoFile() {
		runner().run((context) -> {
			Body body = new Body().file("file", "a.bin", 8 * MB);
			try (RawHttp client = new RawHttp(port(context))) {
				client.send("POST /store HTTP/1.1\r\nhost: a\r\ncontent-type: " + MULTIPART + "\r\ncontent-length: "
						+ body.length() + "\r\n\r\n");
				client.send(body.stream().readNBytes(MB));
				// The part is on its way to disk, then the client is gone.
				await().until(() -> !filesIn(this.location).isEmpty());
			}
			await().until(() -> filesIn(this.location).isEmpty());
		});
	}

	@Test
	void aClientThatStopsSendingIsA408AndLeavesNoFile() {
		runner().run((context) -> {
			Body body = new Body().file("file", "a.bin", 8 * MB);
			try (RawHttp client = new RawHttp(port(context))) {
				client.send("POST /store HTTP/1.1\r\nhost: a\r\ncontent-type: " + MULTIPART + "\r\ncontent-length: "
						+ body.length() + "\r\n\r\n");
				client.send(body.stream().readNBytes(MB));
				await().until(() -> !filesIn(this.location).isEmpty());
				RawResponse response = client.read();
				assertThat(response.status()).isEqualTo(408);
			}
			await().until(() -> filesIn(this.location).isEmpty());
		});
	}

	@Test
	void aSlowConsumerOfThePartsSlowsTheUpload() {
		runner().run((context) -> {
			UploadRoutes routes = context.getBean(UploadRoutes.class);
			Body body = new Body().file("first", "a.bin", 1000).file("second", "b.bin", 48 * MB);
			AtomicLong written = new AtomicLong();
			try (Socket socket = new Socket("127.0.0.1", port(context))) {
				Thread writer = new Thread(() -> write(socket, body, written));
				writer.start();
				// The handler takes the first part and holds on: the client's writes
				// stall once the socket buffers are full, far short of the second part.
				await().until(() -> routes.partsSeen.get() == 1);
				AtomicLong seen = new AtomicLong(-1);
				await().during(Duration.ofMillis(1500))
					.atMost(Duration.ofSeconds(20))
					.until(() -> seen.getAndSet(written.get()) == written.get());
				assertThat(written.get()).isLessThan(body.length() / 2);
				routes.gate.tryEmitEmpty();
				writer.join();
				RawResponse response = RawHttp.readResponse(socket.getInputStream(), false, false);
				assertThat(response.bodyString()).isEqualTo("first a.bin in memory 1000 " + sha256(content(1000))
						+ ", second b.bin on disk " + 48 * MB + " " + sha256(content(48 * MB)));
			}
			await().until(() -> filesIn(this.location).isEmpty());
		});
	}

	private static void assertProblem(HttpResponse<String> response, int status, String detail) {
		assertThat(response.statusCode()).isEqualTo(status);
		assertThat(response.headers().firstValue("content-type")).hasValue(TestHttp.PROBLEM_JSON);
		assertThat(response.body()).contains(detail);
	}

	private static void write(Socket socket, Body body, AtomicLong written) {
		try (InputStream content = body.stream()) {
			OutputStream out = socket.getOutputStream();
			out.write(("POST /parts HTTP/1.1\r\nhost: a\r\ncontent-type: " + MULTIPART + "\r\ncontent-length: "
					+ body.length() + "\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			byte[] block = new byte[64 * 1024];
			for (int n = content.read(block); n >= 0; n = content.read(block)) {
				out.write(block, 0, n);
				written.addAndGet(n);
			}
			out.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The files in a directory, by name. */
	static List<String> filesIn(Path directory) {
		try (Stream<Path> files = Files.list(directory)) {
			return files.map((file) -> file.getFileName().toString()).toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static HttpResponse<String> post(int port, String path, Body body) {
		return TestHttp
			.send(request(port, path).header("content-type", MULTIPART).POST(BodyPublishers.ofByteArray(body.bytes())));
	}

	private static HttpResponse<String> send(int port, String path, Body body) {
		return TestHttp.send(
				request(port, path).header("content-type", MULTIPART).POST(BodyPublishers.ofInputStream(body::stream)));
	}

	private static int port(ApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	/** {@code size} bytes of content, generated as read: byte {@code i} is a mix of i. */
	static InputStream content(long size) {
		return new InputStream() {

			private long position;

			@Override
			public int read() {
				return (this.position < size) ? at(this.position++) : -1;
			}

			@Override
			public int read(byte[] bytes, int offset, int length) {
				if (this.position >= size) {
					return -1;
				}
				int n = (int) Math.min(length, size - this.position);
				for (int i = 0; i < n; i++) {
					bytes[offset + i] = (byte) at(this.position++);
				}
				return n;
			}

		};
	}

	private static int at(long i) {
		return (int) ((i * 31 + (i >> 11)) & 0xff);
	}

	static String sha256(InputStream content) {
		try (content) {
			MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
			byte[] block = new byte[64 * 1024];
			for (int n = content.read(block); n >= 0; n = content.read(block)) {
				sha256.update(block, 0, n);
			}
			return HexFormat.of().formatHex(sha256.digest());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** A multipart body, its files generated as it is read. */
	static final class Body {

		private final List<Object> pieces = new java.util.ArrayList<>();

		private long length;

		Body field(String name, String value) {
			return text("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value
					+ "\r\n");
		}

		Body file(String name, String filename, long size) {
			text("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\"; filename=\"" + filename
					+ "\"\r\nContent-Type: application/octet-stream\r\n\r\n");
			this.pieces.add(size);
			this.length += size;
			return text("\r\n");
		}

		private Body text(String text) {
			byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
			this.pieces.add(bytes);
			this.length += bytes.length;
			return this;
		}

		long length() {
			return this.length + BOUNDARY.length() + 6;
		}

		InputStream stream() {
			Stream<InputStream> parts = this.pieces.stream()
				.map((piece) -> (piece instanceof byte[] bytes) ? new ByteArrayInputStream(bytes)
						: content((Long) piece));
			Stream<InputStream> all = Stream.concat(parts,
					Stream.of(new ByteArrayInputStream(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8))));
			return new SequenceInputStream(java.util.Collections.enumeration(all.toList()));
		}

		byte[] bytes() {
			try (InputStream stream = stream()) {
				return stream.readAllBytes();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UploadRoutes {

		final AtomicInteger partsSeen = new AtomicInteger();

		final Sinks.Empty<Void> gate = Sinks.empty();

		@Bean
		Routes uploads(@Value("${fastro.multipart.location}") Path location) {
			return Routes.builder().post("/store", Handler.blocking((ctx) -> {
				Upload file = ctx.upload("file");
				// The file is in the directory while the handler runs.
				assertThat(filesIn(location)).hasSize(file.isInMemory() ? 0 : 1);
				return describe(file) + " title=" + ctx.formParam("title") + " files=" + filesIn(location).size();
			})).post("/move", Handler.blocking((ctx) -> {
				ctx.upload("file").transferTo(Path.of(ctx.query("to")));
				return "moved";
			})).post("/fail", Handler.blocking((ctx) -> {
				ctx.upload("file");
				throw new IllegalStateException("The handler failed");
			}))
				.post("/parts", Handler.streaming((ctx) -> ctx.parts()
					.concatMap((part) -> Mono.fromCallable(() -> part.name() + " " + describe(part))
						.subscribeOn(Schedulers.boundedElastic())
						.delaySubscription((this.partsSeen.incrementAndGet() == 1) ? this.gate.asMono() : Mono.empty()),
							0)
					.collect(Collectors.joining(", "))))
				.build();
		}

		private static String describe(Upload file) {
			return file.filename() + (file.isInMemory() ? " in memory " : " on disk ") + file.size() + " "
					+ sha256(file.inputStream());
		}

	}

}
