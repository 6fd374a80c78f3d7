package dev.fastro.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestCertificates;
import dev.fastro.test.TestCertificates.Identity;
import dev.fastro.test.TestFiles;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import reactor.netty.http.HttpProtocol;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The validators of file answers, static or a handler's, over real HTTP: a strong
 * {@code ETag} from the content and {@code Last-Modified} from the file, conditional
 * requests answered 304 without opening the file or 412, {@code If-Range}, the variants
 * of a precompressed file, and the methods a static path allows.
 */
@ExtendWith(NettyLeakDetection.class)
class FileValidatorsTest {

	private static final byte[] DATA = TestFiles.content(1000);

	private static final Instant MODIFIED = Instant.parse("2024-05-01T12:00:00Z");

	private static final String MODIFIED_DATE = "Wed, 01 May 2024 12:00:00 GMT";

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final String TAG = "\"[A-Za-z0-9_-]{43}\"";

	@TempDir
	static Path site;

	@TempDir
	static Path work;

	static URLClassLoader jar;

	static Identity server;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, JacksonAutoConfiguration.class,
				FastroAutoConfiguration.class, FastroServerAutoConfiguration.class,
				FastroStaticResourcesAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0", "spring.web.resources.static-locations=file:" + site + "/",
				"spring.web.resources.cache.period=1h")
		.withUserConfiguration(FileRoutes.class);

	@BeforeAll
	static void writeFiles() throws IOException {
		TestFiles.write(site, "data.bin", DATA);
		TestFiles.write(site, "app.js", "console.log(1)".getBytes(StandardCharsets.UTF_8));
		TestFiles.write(site, "app.js.br", "brotli".getBytes(StandardCharsets.UTF_8));
		TestFiles.write(site, "app.js.gz", "gzip".getBytes(StandardCharsets.UTF_8));
		for (String name : new String[] { "data.bin", "app.js", "app.js.br", "app.js.gz" }) {
			Files.setLastModifiedTime(site.resolve(name), FileTime.from(MODIFIED));
		}
		Path archive = TestFiles.jar(work.resolve("files.jar"), Map.of("assets/data.bin", DATA));
		jar = new URLClassLoader(new URL[] { archive.toUri().toURL() }, null);
		server = TestCertificates.create(work, "server");
	}

	@AfterAll
	static void closeJar() throws IOException {
		jar.close();
	}

	@Test
	void sendsAStrongEntityTagOfTheContentAndTheLastModification() {
		this.runner.run(context -> {
			RawResponse first = get(context, "/data.bin");
			assertThat(first.status()).isEqualTo(200);
			assertThat(first.header("etag")).matches(TAG);
			assertThat(first.header("last-modified")).isEqualTo(MODIFIED_DATE);
			assertThat(get(context, "/data.bin").header("etag")).isEqualTo(first.header("etag"));
			// The same file answered by a handler has the same validators.
			RawResponse handled = get(context, "/files/data.bin");
			assertThat(handled.header("etag")).isEqualTo(first.header("etag"));
			assertThat(handled.header("last-modified")).isEqualTo(MODIFIED_DATE);
		});
	}

	@Test
	void givesAChangedFileANewEntityTag() throws IOException {
		Path file = site.resolve("changing.txt");
		Files.writeString(file, "first");
		Files.setLastModifiedTime(file, FileTime.from(MODIFIED));
		// A file sent from the file system is checked before it is sent.
		this.runner.withPropertyValues("fastro.static.cache.max-file-size=0").run(context -> {
			RawResponse before = get(context, "/changing.txt");
			Files.writeString(file, "other");
			Files.setLastModifiedTime(file, FileTime.from(MODIFIED.plusSeconds(60)));
			RawResponse after = get(context, "/changing.txt");
			assertThat(after.bodyString()).isEqualTo("other");
			assertThat(after.header("etag")).matches(TAG).isNotEqualTo(before.header("etag"));
			assertThat(after.header("last-modified")).isEqualTo("Wed, 01 May 2024 12:01:00 GMT");
			assertThat(get(context, "/changing.txt", "if-none-match: " + before.header("etag")).status())
				.isEqualTo(200);
		});
	}

	@Test
	void answersWithWhatALookupFoundUntilItsTimeIsUp() throws IOException {
		Path file = site.resolve("kept.txt");
		Files.writeString(file, "first");
		Files.setLastModifiedTime(file, FileTime.from(MODIFIED));
		this.runner.withPropertyValues("fastro.static.cache.ttl=1h").run(context -> {
			RawResponse before = get(context, "/kept.txt");
			Files.writeString(file, "other");
			Files.setLastModifiedTime(file, FileTime.from(MODIFIED.plusSeconds(60)));
			// The content held in memory goes with the validators it was found with.
			RawResponse kept = get(context, "/kept.txt");
			assertThat(kept.bodyString()).isEqualTo("first");
			assertThat(kept.header("etag")).isEqualTo(before.header("etag"));
			assertThat(kept.header("last-modified")).isEqualTo(MODIFIED_DATE);
			assertThat(get(context, "/kept.txt", "if-none-match: " + before.header("etag")).status()).isEqualTo(304);
		});
		this.runner.withPropertyValues("fastro.static.cache.ttl=0").run(context -> {
			RawResponse before = get(context, "/kept.txt");
			Files.writeString(file, "third");
			Files.setLastModifiedTime(file, FileTime.from(MODIFIED.plusSeconds(120)));
			assertThat(get(context, "/kept.txt", "if-none-match: " + before.header("etag")).status()).isEqualTo(200);
			assertThat(get(context, "/kept.txt").bodyString()).isEqualTo("third");
		});
		// A lookup whose content would take more than the memory given is not kept.
		Files.writeString(file, "x".repeat(2000));
		this.runner.withPropertyValues("fastro.static.cache.ttl=1h", "fastro.static.cache.max-size=1KB")
			.run(context -> {
				RawResponse before = get(context, "/kept.txt");
				Files.writeString(file, "y".repeat(2000));
				Files.setLastModifiedTime(file, FileTime.from(MODIFIED.plusSeconds(180)));
				assertThat(get(context, "/kept.txt", "if-none-match: " + before.header("etag")).status())
					.isEqualTo(200);
			});
	}

	@Test
	void answersNotModifiedWithTheValidatorsAndNeverOpensTheFile() {
		this.runner.run(context -> {
			FileRoutes routes = context.getBean(FileRoutes.class);
			RawResponse first = get(context, "/jar");
			assertThat(first.body()).isEqualTo(DATA);
			String tag = first.header("etag");
			assertThat(tag).matches(TAG);
			// Read once for its tag and once to send it.
			assertThat(routes.opened).hasValue(2);
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse byTag = raw.send(rawRequest("GET", "/jar", "if-none-match: \"other\", " + tag)).read();
				assertThat(byTag.status()).isEqualTo(304);
				assertThat(byTag.header("etag")).isEqualTo(tag);
				assertThat(byTag.header("last-modified")).isEqualTo(first.header("last-modified"));
				assertThat(byTag.header("date")).isNotNull();
				assertThat(byTag.header("content-length")).isNull();
				assertThat(byTag.body()).isEmpty();
				RawResponse head = raw.send(rawRequest("HEAD", "/jar", "if-none-match: " + tag)).readToHead();
				assertThat(head.status()).isEqualTo(304);
				RawResponse byDate = raw
					.send(rawRequest("GET", "/jar", "if-modified-since: " + first.header("last-modified")))
					.read();
				assertThat(byDate.status()).isEqualTo(304);
				// The connection carries on: no body was sent.
				assertThat(raw.send(rawRequest("GET", "/jar")).read().body()).isEqualTo(DATA);
			}
			// The last GET alone opened it: its tag was known.
			assertThat(routes.opened).hasValue(3);
		});
	}

	@Test
	void answersAStaticFileNotModifiedWithItsCacheControl() {
		this.runner.run(context -> {
			String tag = get(context, "/data.bin").header("etag");
			RawResponse notModified = get(context, "/data.bin", "if-none-match: " + tag);
			assertThat(notModified.status()).isEqualTo(304);
			assertThat(notModified.header("etag")).isEqualTo(tag);
			assertThat(notModified.header("cache-control")).isEqualTo("max-age=3600");
			assertThat(notModified.header("content-type")).isNull();
			assertThat(get(context, "/data.bin", "if-modified-since: " + MODIFIED_DATE).status()).isEqualTo(304);
			assertThat(get(context, "/data.bin", "if-modified-since: Wed, 01 May 2024 11:59:59 GMT").status())
				.isEqualTo(200);
		});
	}

	@Test
	void answersAFailedPreconditionWith412() {
		this.runner.run(context -> {
			String tag = get(context, "/data.bin").header("etag");
			RawResponse mismatch = get(context, "/data.bin", "if-match: \"other\"");
			assertThat(mismatch.status()).isEqualTo(412);
			assertThat(mismatch.header("content-type")).isEqualTo(TestHttp.PROBLEM_JSON);
			assertThat(mismatch.header("etag")).isNull();
			assertThat(TestHttp.json(mismatch.bodyString()).get("detail").asText()).startsWith("If-Match");
			RawResponse unmodified = get(context, "/files/data.bin",
					"if-unmodified-since: Wed, 01 May 2024 11:59:59 GMT");
			assertThat(unmodified.status()).isEqualTo(412);
			assertThat(get(context, "/data.bin", "if-match: " + tag).body()).isEqualTo(DATA);
			assertThat(get(context, "/data.bin", "if-unmodified-since: " + MODIFIED_DATE).status()).isEqualTo(200);
		});
	}

	@Test
	void servesARangeOnlyWhenIfRangeHoldsAStrongValidator() {
		this.runner.run(context -> {
			String tag = get(context, "/data.bin").header("etag");
			RawResponse matching = get(context, "/data.bin", "range: bytes=0-9", "if-range: " + tag);
			assertThat(matching.status()).isEqualTo(206);
			assertThat(matching.body()).isEqualTo(Arrays.copyOfRange(DATA, 0, 10));
			assertWhole(get(context, "/data.bin", "range: bytes=0-9", "if-range: \"stale\""));
			assertWhole(get(context, "/data.bin", "range: bytes=0-9", "if-range: W/" + tag));
			RawResponse byDate = get(context, "/data.bin", "range: bytes=0-9", "if-range: " + MODIFIED_DATE);
			assertThat(byDate.status()).isEqualTo(206);
			assertWhole(get(context, "/data.bin", "range: bytes=0-9", "if-range: Wed, 01 May 2024 12:00:01 GMT"));
		});
	}

	@Test
	void neverServesARangeByTheDateOfAFileChangedWithinTheSecond() throws IOException {
		Path file = site.resolve("fresh.bin");
		Files.write(file, DATA);
		Instant now = Instant.now();
		Files.setLastModifiedTime(file, FileTime.from(now.plusSeconds(5)));
		this.runner.run(context -> {
			String modified = get(context, "/fresh.bin").header("last-modified");
			assertWhole(get(context, "/fresh.bin", "range: bytes=0-9", "if-range: " + modified));
		});
	}

	@Test
	void keepsTheValidatorsAHandlerGave() {
		this.runner.run(context -> {
			RawResponse own = get(context, "/own");
			assertThat(own.header("etag")).isEqualTo("\"mine\"");
			assertThat(own.header("last-modified")).isNull();
			assertThat(get(context, "/own", "range: bytes=0-9", "if-range: \"mine\"").status()).isEqualTo(206);
			assertThat(get(context, "/own", "if-none-match: \"mine\"").status()).isEqualTo(304);
		});
	}

	@Test
	void givesEachPrecompressedVariantAnEntityTagOfItsOwn() {
		this.runner.run(context -> {
			RawResponse br = get(context, "/app.js", "accept-encoding: br");
			RawResponse gzip = get(context, "/app.js", "accept-encoding: gzip");
			RawResponse plain = get(context, "/app.js");
			assertThat(br.header("content-encoding")).isEqualTo("br");
			assertThat(br.header("etag")).endsWith("-br\"");
			assertThat(gzip.header("etag")).endsWith("-gzip\"");
			assertThat(plain.header("etag")).matches(TAG);
			assertThat(Arrays.asList(br.header("etag"), gzip.header("etag"), plain.header("etag")))
				.doesNotHaveDuplicates();
			RawResponse notModified = get(context, "/app.js", "accept-encoding: br",
					"if-none-match: " + br.header("etag"));
			assertThat(notModified.status()).isEqualTo(304);
			assertThat(notModified.headerValues("vary")).containsExactly("accept-encoding");
			assertThat(get(context, "/app.js", "accept-encoding: gzip", "if-none-match: " + br.header("etag")).status())
				.isEqualTo(200);
		});
	}

	@Test
	void allowsGetHeadAndOptionsOnAStaticPath() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse options = raw.send(rawRequest("OPTIONS", "/data.bin")).read();
				assertThat(options.status()).isEqualTo(204);
				assertThat(options.header("allow")).isEqualTo("GET, HEAD, OPTIONS");
				RawResponse delete = raw.send(rawRequest("DELETE", "/data.bin")).read();
				assertThat(delete.status()).isEqualTo(405);
				assertThat(delete.header("allow")).isEqualTo("GET, HEAD, OPTIONS");
				assertThat(raw.send(rawRequest("DELETE", "/missing.js")).read().status()).isEqualTo(404);
				assertThat(raw.send(rawRequest("OPTIONS", "/missing.js")).read().status()).isEqualTo(404);
				// A route wins, and its methods join the file's.
				assertThat(raw.send(rawRequest("POST", "/app.js", "content-length: 0")).read().bodyString())
					.isEqualTo("posted");
				assertThat(raw.send(rawRequest("OPTIONS", "/app.js")).read().header("allow"))
					.isEqualTo("GET, HEAD, OPTIONS, POST");
			}
		});
	}

	@Test
	void sendsNoLastModifiedWhenSpringBootsKeySaysSo() {
		this.runner.withPropertyValues("spring.web.resources.cache.use-last-modified=false").run(context -> {
			RawResponse response = get(context, "/data.bin");
			assertThat(response.header("last-modified")).isNull();
			assertThat(response.header("etag")).matches(TAG);
			assertThat(get(context, "/files/data.bin").header("last-modified")).isNull();
			assertThat(get(context, "/data.bin", "if-modified-since: " + MODIFIED_DATE).status()).isEqualTo(200);
			assertThat(get(context, "/data.bin", "if-none-match: " + response.header("etag")).status()).isEqualTo(304);
		});
	}

	@Test
	void answersWithAFileInMemoryAndNotModifiedOverHttp2() {
		this.runner.withPropertyValues("fastro.server.http2.enabled=true").run(context -> {
			String tag = get(context, "/data.bin").header("etag");
			byte[] file = reactor.netty.http.client.HttpClient.create()
				.protocol(HttpProtocol.H2C)
				.port(port(context))
				.get()
				.uri("/data.bin")
				.responseSingle((response, body) -> body.asByteArray())
				.block(WAIT);
			assertThat(file).isEqualTo(DATA);
			String answer = reactor.netty.http.client.HttpClient.create()
				.protocol(HttpProtocol.H2C)
				.port(port(context))
				.headers((headers) -> headers.set("if-none-match", tag))
				.get()
				.uri("/data.bin")
				.responseSingle((response, content) -> content.asByteArray()
					.defaultIfEmpty(new byte[0])
					.map((bytes) -> response.version().majorVersion() + " " + response.status().code() + " "
							+ response.responseHeaders().get("etag").equals(tag) + " " + bytes.length))
				.block(WAIT);
			assertThat(answer).isEqualTo("2 304 true 0");
		});
	}

	@Test
	void servesARangeByIfRangeOverTls() {
		this.runner.withPropertyValues(server.keyStoreBundle("server")).run(context -> {
			HttpClient client = HttpClient.newBuilder()
				.version(HttpClient.Version.HTTP_1_1)
				.sslContext(TestCertificates.clientContext(null, server))
				.build();
			URI uri = URI.create("https://localhost:" + port(context) + "/data.bin");
			HttpResponse<byte[]> whole = client.send(HttpRequest.newBuilder(uri).timeout(WAIT).build(),
					BodyHandlers.ofByteArray());
			String tag = TestHttp.header(whole, "etag");
			assertThat(tag).matches(TAG);
			HttpResponse<byte[]> range = client.send(HttpRequest.newBuilder(uri)
				.timeout(WAIT)
				.header("range", "bytes=10-19")
				.header("if-range", tag)
				.build(), BodyHandlers.ofByteArray());
			assertThat(range.statusCode()).isEqualTo(206);
			assertThat(range.body()).isEqualTo(Arrays.copyOfRange(DATA, 10, 20));
			HttpResponse<byte[]> notModified = client.send(
					HttpRequest.newBuilder(uri).timeout(WAIT).header("if-none-match", tag).build(),
					BodyHandlers.ofByteArray());
			assertThat(notModified.statusCode()).isEqualTo(304);
		});
	}

	private static void assertWhole(RawResponse response) {
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.header("content-range")).isNull();
		assertThat(response.body()).isEqualTo(DATA);
	}

	private static RawResponse get(ConfigurableApplicationContext context, String target, String... headers)
			throws IOException {
		try (RawHttp raw = new RawHttp(port(context))) {
			return raw.send(rawRequest("GET", target, headers)).read();
		}
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	@Configuration(proxyBeanMethods = false)
	static class FileRoutes {

		final AtomicInteger opened = new AtomicInteger();

		@Bean
		Routes validatedRoutes() {
			ClassPathResource counted = new ClassPathResource("assets/data.bin", jar) {

				@Override
				public InputStream getInputStream() throws IOException {
					FileRoutes.this.opened.incrementAndGet();
					return super.getInputStream();
				}

			};
			return Routes.builder()
				.get("/files/{name}", ctx -> site.resolve(ctx.param("name")))
				.get("/jar", ctx -> counted)
				.get("/own", ctx -> Response.ok(site.resolve("data.bin")).etag("mine"))
				.post("/app.js", ctx -> "posted")
				.build();
		}

	}

}
