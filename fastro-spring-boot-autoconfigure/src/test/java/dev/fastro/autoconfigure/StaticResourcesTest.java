package dev.fastro.autoconfigure;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import dev.fastro.http.Middleware;
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

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Static resources over real HTTP/1.1: Spring Boot's {@code spring.web.resources.*}
 * locations, from the file system and from a jar, under {@code fastro.static.*} path
 * patterns, tried only after every route; welcome pages, WebJars, a single-page app,
 * {@code Cache-Control}, and precompressed variants.
 */
@ExtendWith(NettyLeakDetection.class)
class StaticResourcesTest {

	private static final byte[] CSS = "body { color: red }\n".repeat(200).getBytes(StandardCharsets.UTF_8);

	private static final byte[] JS = "console.log('plain');\n".repeat(200).getBytes(StandardCharsets.UTF_8);

	private static final byte[] JS_BR = "brotli bytes".getBytes(StandardCharsets.UTF_8);

	private static final byte[] JS_GZ = gzip(JS);

	@TempDir
	static Path site;

	static URLClassLoader jar;

	private ApplicationContextRunner runner;

	@BeforeAll
	static void writeSite() throws IOException {
		TestFiles.write(site, "index.html", "<h1>Home</h1>".getBytes(StandardCharsets.UTF_8));
		TestFiles.write(site, "docs/index.html", "<h1>Docs</h1>".getBytes(StandardCharsets.UTF_8));
		TestFiles.write(site, "empty/readme.txt", "no index here".getBytes(StandardCharsets.UTF_8));
		TestFiles.write(site, "style.css", CSS);
		TestFiles.write(site, "app.js", JS);
		TestFiles.write(site, "app.js.br", JS_BR);
		TestFiles.write(site, "app.js.gz", JS_GZ);
		TestFiles.write(site, "data.bin", TestFiles.content(1000));
		TestFiles.write(site, "routed.txt", "the file".getBytes(StandardCharsets.UTF_8));
		TestFiles.write(site, "both.txt", "from the file system".getBytes(StandardCharsets.UTF_8));
		Path archive = TestFiles.jar(site.getParent().resolve(site.getFileName() + ".jar"),
				Map.of("site/jarred.txt", "from a jar".getBytes(StandardCharsets.UTF_8), "site/both.txt",
						"from the jar".getBytes(StandardCharsets.UTF_8), "META-INF/resources/webjars/lib/1.0/lib.js",
						"lib()".getBytes(StandardCharsets.UTF_8)));
		jar = new URLClassLoader(new URL[] { archive.toUri().toURL() }, StaticResourcesTest.class.getClassLoader());
	}

	@AfterAll
	static void closeJar() throws IOException {
		jar.close();
	}

	StaticResourcesTest() {
		this.runner = new ApplicationContextRunner().withClassLoader(jar)
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
					FastroServerAutoConfiguration.class, FastroStaticResourcesAutoConfiguration.class))
			.withPropertyValues("fastro.server.port=0",
					"spring.web.resources.static-locations=file:" + site + "/,classpath:/site/")
			.withUserConfiguration(SiteRoutes.class);
	}

	@Test
	void servesAFileOfAStaticLocation() {
		this.runner.run(context -> {
			RawResponse response = get(context, "/style.css");
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.header("content-type")).isEqualTo("text/css; charset=utf-8");
			assertThat(response.header("content-length")).isEqualTo(Integer.toString(CSS.length));
			assertThat(response.header("accept-ranges")).isEqualTo("bytes");
			assertThat(response.header("vary")).isNull();
			assertThat(response.header("cache-control")).isNull();
			assertThat(response.body()).isEqualTo(CSS);
		});
	}

	@Test
	void servesAFileOfAClassPathLocationInAJar() {
		this.runner.run(context -> {
			RawResponse response = get(context, "/jarred.txt");
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.header("content-type")).isEqualTo("text/plain; charset=utf-8");
			assertThat(response.bodyString()).isEqualTo("from a jar");
		});
	}

	@Test
	void servesAFileFromTheFirstLocationThatHasIt() {
		this.runner
			.run(context -> assertThat(get(context, "/both.txt").bodyString()).isEqualTo("from the file system"));
		this.runner.withPropertyValues("spring.web.resources.static-locations=classpath:/site/,file:" + site + "/")
			.run(context -> assertThat(get(context, "/both.txt").bodyString()).isEqualTo("from the jar"));
	}

	@Test
	void servesTheIndexOfADirectoryAsItsWelcomePageAndNeverListsOne() {
		this.runner.run(context -> {
			assertThat(get(context, "/").bodyString()).isEqualTo("<h1>Home</h1>");
			RawResponse docs = get(context, "/docs/");
			assertThat(docs.header("content-type")).isEqualTo("text/html; charset=utf-8");
			assertThat(docs.bodyString()).isEqualTo("<h1>Docs</h1>");
			assertThat(get(context, "/docs").status()).isEqualTo(404);
			assertThat(get(context, "/empty/").status()).isEqualTo(404);
			assertThat(get(context, "/empty").status()).isEqualTo(404);
		});
	}

	@Test
	void answersHeadWithTheHeadersOfAGet() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse head = raw.send(rawRequest("HEAD", "/style.css")).readToHead();
				assertThat(head.status()).isEqualTo(200);
				assertThat(head.header("content-length")).isEqualTo(Integer.toString(CSS.length));
				assertThat(raw.send(rawRequest("GET", "/docs/")).read().bodyString()).isEqualTo("<h1>Docs</h1>");
			}
		});
	}

	@Test
	void servesARangeOfAStaticFile() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse response = raw.send(rawRequest("GET", "/data.bin", "range: bytes=10-19")).read();
				assertThat(response.status()).isEqualTo(206);
				assertThat(response.body()).isEqualTo(Arrays.copyOfRange(TestFiles.content(1000), 10, 20));
			}
		});
	}

	@Test
	void letsEveryRouteWinOverAFile() {
		this.runner.run(context -> {
			assertThat(get(context, "/routed.txt").bodyString()).isEqualTo("the route");
			assertThat(get(context, "/docs/index.html").bodyString()).isEqualTo("docs route");
		});
	}

	@Test
	void triesFilesOnlyForGetAndHead() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse delete = raw.send(rawRequest("DELETE", "/style.css")).read();
				assertThat(delete.status()).isEqualTo(405);
				assertThat(delete.header("allow")).isEqualTo("GET, HEAD, OPTIONS");
				RawResponse options = raw.send(rawRequest("OPTIONS", "/upload")).read();
				assertThat(options.status()).isEqualTo(204);
				assertThat(options.header("allow")).isEqualTo("OPTIONS, POST");
			}
		});
	}

	@Test
	void answersAPathRoutedForOtherMethods405WhenNoFileMatches() {
		this.runner.run(context -> {
			RawResponse upload = get(context, "/upload");
			assertThat(upload.status()).isEqualTo(405);
			assertThat(upload.header("allow")).isEqualTo("OPTIONS, POST");
			// With a file there, the GET gets it.
			RawResponse data = get(context, "/data.bin");
			assertThat(data.status()).isEqualTo(200);
			assertThat(data.header("allow")).isNull();
		});
	}

	@Test
	void passesStaticAnswersThroughTheGlobalMiddleware() {
		this.runner.run(context -> {
			assertThat(get(context, "/style.css").header("x-middleware")).isEqualTo("GET /style.css");
			assertThat(get(context, "/missing.css").header("x-middleware")).isEqualTo("GET /missing.css");
		});
	}

	@Test
	void servesOnlyUnderThePathPattern() {
		this.runner.withPropertyValues("fastro.static.path-pattern=/assets/**").run(context -> {
			assertThat(get(context, "/assets/style.css").body()).isEqualTo(CSS);
			assertThat(get(context, "/assets/").bodyString()).isEqualTo("<h1>Home</h1>");
			assertThat(get(context, "/style.css").status()).isEqualTo(404);
		});
	}

	@Test
	void servesWebJarsUnderTheirPathPattern() {
		this.runner.run(context -> {
			RawResponse lib = get(context, "/webjars/lib/1.0/lib.js");
			assertThat(lib.status()).isEqualTo(200);
			assertThat(lib.header("content-type")).isEqualTo("text/javascript; charset=utf-8");
			assertThat(lib.bodyString()).isEqualTo("lib()");
		});
		this.runner.withPropertyValues("fastro.static.webjars-path-pattern=/libs/**").run(context -> {
			assertThat(get(context, "/libs/lib/1.0/lib.js").bodyString()).isEqualTo("lib()");
			assertThat(get(context, "/webjars/lib/1.0/lib.js").status()).isEqualTo(404);
		});
	}

	@Test
	void servesAWebJarWithoutItsVersionWhenTheLocatorKnowsIt() throws Exception {
		// webjars-locator-lite reads versions through its own class loader, so the WebJar
		// goes where that loader looks: this module's test classes, for this test only.
		Path classes = Path.of(StaticResourcesTest.class.getResource("/").toURI());
		Path script = TestFiles.write(classes, "META-INF/resources/webjars/fastro-test-lib/2.1.0/lib.js",
				"versioned()".getBytes(StandardCharsets.UTF_8));
		Path pom = TestFiles.write(classes, "META-INF/maven/org.webjars/fastro-test-lib/pom.properties",
				"version=2.1.0\n".getBytes(StandardCharsets.UTF_8));
		try {
			this.runner.run(context -> {
				assertThat(get(context, "/webjars/fastro-test-lib/lib.js").bodyString()).isEqualTo("versioned()");
				assertThat(get(context, "/webjars/fastro-test-lib/2.1.0/lib.js").bodyString()).isEqualTo("versioned()");
				assertThat(get(context, "/webjars/fastro-test-lib/missing.js").status()).isEqualTo(404);
				assertThat(get(context, "/webjars/unknown-lib/lib.js").status()).isEqualTo(404);
			});
		}
		finally {
			deleteWithItsDirectories(script, classes);
			deleteWithItsDirectories(pom, classes);
		}
	}

	/**
	 * Deletes a file and the directories below {@code root} it leaves empty, which would
	 * otherwise be static locations that exist for the tests that follow.
	 */
	private static void deleteWithItsDirectories(Path file, Path root) throws IOException {
		Files.delete(file);
		for (Path directory = file.getParent(); !directory.equals(root); directory = directory.getParent()) {
			try (Stream<Path> entries = Files.list(directory)) {
				if (entries.findAny().isPresent()) {
					return;
				}
			}
			Files.delete(directory);
		}
	}

	@Test
	void servesNothingWithAddMappingsFalse() {
		this.runner.withPropertyValues("spring.web.resources.add-mappings=false").run(context -> {
			assertThat(get(context, "/style.css").status()).isEqualTo(404);
			assertThat(get(context, "/webjars/lib/1.0/lib.js").status()).isEqualTo(404);
		});
	}

	@Test
	void answersThePagesOfASinglePageAppWithItsIndex() {
		this.runner.withPropertyValues("fastro.static.single-page-app=true").run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				String accept = "accept: text/html,application/xhtml+xml,*/*;q=0.8";
				RawResponse page = raw.send(rawRequest("GET", "/users/42/settings", accept)).read();
				assertThat(page.status()).isEqualTo(200);
				assertThat(page.header("content-type")).isEqualTo("text/html; charset=utf-8");
				assertThat(page.bodyString()).isEqualTo("<h1>Home</h1>");
				assertThat(raw.send(rawRequest("GET", "/docs/", accept)).read().bodyString())
					.isEqualTo("<h1>Docs</h1>");
				assertThat(raw.send(rawRequest("GET", "/missing.js", "accept: */*")).read().status()).isEqualTo(404);
				assertThat(raw.send(rawRequest("GET", "/missing.json")).read().status()).isEqualTo(404);
				assertThat(raw.send(rawRequest("GET", "/upload", accept)).read().status()).isEqualTo(405);
				assertThat(raw.send(rawRequest("GET", "/webjars/missing.js", accept)).read().status()).isEqualTo(404);
			}
		});
		this.runner.run(context -> assertThat(get(context, "/users/42", "accept: text/html").status()).isEqualTo(404));
	}

	@Test
	void sendsTheCacheControlOfSpringBootsKeys() {
		this.runner.withPropertyValues("spring.web.resources.cache.period=1h").run(context -> {
			assertThat(get(context, "/style.css").header("cache-control")).isEqualTo("max-age=3600");
			assertThat(get(context, "/missing.css").header("cache-control")).isNull();
			assertThat(get(context, "/routed.txt").header("cache-control")).isNull();
		});
		this.runner
			.withPropertyValues("spring.web.resources.cache.period=1h",
					"spring.web.resources.cache.cachecontrol.max-age=10m",
					"spring.web.resources.cache.cachecontrol.cache-public=true")
			.run(context -> assertThat(get(context, "/style.css").header("cache-control"))
				.isEqualTo("max-age=600, public"));
		this.runner.withPropertyValues("spring.web.resources.cache.period=0")
			.run(context -> assertThat(get(context, "/style.css").header("cache-control")).isEqualTo("no-store"));
	}

	@Test
	void sendsThePrecompressedVariantTheClientPrefers() {
		this.runner.run(context -> {
			RawResponse brotli = get(context, "/app.js", "accept-encoding: gzip, deflate, br");
			assertThat(brotli.status()).isEqualTo(200);
			assertThat(brotli.header("content-encoding")).isEqualTo("br");
			assertThat(brotli.header("content-type")).isEqualTo("text/javascript; charset=utf-8");
			assertThat(brotli.header("vary")).isEqualTo("accept-encoding");
			assertThat(brotli.header("content-length")).isEqualTo(Integer.toString(JS_BR.length));
			assertThat(brotli.body()).isEqualTo(JS_BR);
			RawResponse gzip = get(context, "/app.js", "accept-encoding: br;q=0.5, gzip");
			assertThat(gzip.header("content-encoding")).isEqualTo("gzip");
			assertThat(gzip.body()).isEqualTo(JS_GZ);
		});
	}

	@Test
	void sendsThePlainFileWithVaryWhenNoVariantIsAccepted() {
		this.runner.run(context -> {
			for (String acceptEncoding : new String[] { "", "accept-encoding: identity",
					"accept-encoding: br;q=0, gzip;q=0", "accept-encoding: deflate" }) {
				RawResponse plain = get(context, "/app.js", acceptEncoding);
				assertThat(plain.header("content-encoding")).as(acceptEncoding).isNull();
				assertThat(plain.header("vary")).isEqualTo("accept-encoding");
				assertThat(plain.body()).isEqualTo(JS);
			}
		});
	}

	@Test
	void neverCompressesAPrecompressedVariantAgain() {
		this.runner.withPropertyValues("fastro.server.compression.enabled=true").run(context -> {
			RawResponse gzip = get(context, "/app.js", "accept-encoding: gzip");
			assertThat(gzip.headerValues("content-encoding")).containsExactly("gzip");
			assertThat(gzip.headerValues("vary")).containsExactly("accept-encoding");
			assertThat(gzip.body()).isEqualTo(JS_GZ);
			RawResponse plain = get(context, "/app.js", "accept-encoding: deflate");
			assertThat(plain.headerValues("content-encoding")).containsExactly("deflate");
			assertThat(plain.headerValues("vary")).containsExactly("accept-encoding");
		});
	}

	private static RawResponse get(ConfigurableApplicationContext context, String target, String... headers)
			throws IOException {
		String[] lines = Arrays.stream(headers).filter((line) -> !line.isEmpty()).toArray(String[]::new);
		try (RawHttp raw = new RawHttp(port(context))) {
			return raw.send(rawRequest("GET", target, lines)).read();
		}
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	private static byte[] gzip(byte[] bytes) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
			gzip.write(bytes);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return out.toByteArray();
	}

	@Configuration(proxyBeanMethods = false)
	static class SiteRoutes {

		@Bean
		Routes siteRoutes() {
			return Routes.builder()
				.get("/routed.txt", ctx -> "the route")
				.get("/docs/{page}", ctx -> "docs route")
				.post("/upload", ctx -> "uploaded")
				.post("/data.bin", ctx -> "posted")
				.build();
		}

		@Bean
		Middleware seen() {
			return (ctx, next) -> {
				ctx.header("x-middleware", ctx.method() + " " + ctx.path());
				return next.handle(ctx);
			};
		}

	}

}
