package dev.fastro.docs.files;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.test.RawHttp;
import dev.fastro.test.autoconfigure.AutoConfigureFastroTestClient;
import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestResponse;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.io.ClassPathResource;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The static resources of the Static files page, over HTTP: a front end served from a
 * location of the class path ({@code docs-static/}, so that no other sample's application
 * serves it), its welcome pages, precompressed variant, {@code Cache-Control}, and what
 * is refused.
 */
@SpringBootTest(classes = FilesApp.class,
		properties = { "fastro.server.port=0", "shop.invoices-dir=.", "shop.reports-dir=.",
				"spring.web.resources.static-locations=classpath:/docs-static/",
				"spring.web.resources.cache.cachecontrol.max-age=1h",
				"spring.web.resources.cache.cachecontrol.cache-public=true" })
@AutoConfigureFastroTestClient
class StaticFilesTest {

	@Autowired
	FastroTestClient client;

	@LocalFastroPort
	int port;

	@Test
	void servesTheFilesOfTheLocationWithTheContentTypesOfTheirNames() {
		assertThat(this.client.get("/css/site.css").exchange()).hasStatus(200)
			.hasContentType("text/css; charset=utf-8")
			.hasHeader("accept-ranges", "bytes")
			.hasHeader("cache-control", "max-age=3600, public")
			.bodyText()
			.contains("system-ui");
		assertThat(this.client.head("/css/site.css").exchange()).hasStatus(200).hasEmptyBody();
		assertThat(this.client.get("/css/site.css").header("range", "bytes=0-3").exchange()).hasStatus(206)
			.hasBody("body");
	}

	@Test
	void revalidatesAFileByItsEntityTagAndServesRangesOnlyOfTheCurrentOne() {
		TestResponse first = this.client.get("/css/site.css").exchange();
		String etag = first.header("etag");
		assertThat(etag).matches("\"[A-Za-z0-9_-]{43}\"");
		assertThat(first.header("last-modified")).isNotNull();
		assertThat(this.client.get("/css/site.css").header("if-none-match", etag).exchange()).hasStatus(304)
			.hasHeader("etag", etag)
			.hasHeader("cache-control", "max-age=3600, public")
			.hasEmptyBody();
		assertThat(this.client.get("/css/site.css").header("if-match", "\"stale\"").exchange()).hasStatus(412);
		assertThat(this.client.get("/css/site.css").header("range", "bytes=0-3").header("if-range", etag).exchange())
			.hasStatus(206)
			.hasBody("body");
		assertThat(this.client.get("/css/site.css")
			.header("range", "bytes=0-3")
			.header("if-range", "\"stale\"")
			.exchange()).hasStatus(200);
		assertThat(this.client.options("/css/site.css").exchange()).hasStatus(204)
			.hasHeader("allow", "GET, HEAD, OPTIONS");
		assertThat(this.client.delete("/css/site.css").exchange()).hasStatus(405);
	}

	@Test
	void servesTheIndexOfADirectoryAsItsWelcomePage() {
		assertThat(this.client.get("/").exchange()).hasStatus(200)
			.hasContentType("text/html; charset=utf-8")
			.bodyText()
			.contains("<h1>Shop</h1>");
		assertThat(this.client.get("/help/").exchange()).hasStatus(200).bodyText().contains("<h1>Help</h1>");
		assertThat(this.client.get("/help").exchange()).hasStatus(404);
		assertThat(this.client.get("/css/").exchange()).hasStatus(404);
	}

	@Test
	void letsEveryRouteWinOverAFile() {
		assertThat(this.client.get("/price-list").exchange()).hasStatus(200).hasContentType("text/csv; charset=utf-8");
	}

	@Test
	void sendsThePrecompressedVariantTheClientAccepts() throws IOException {
		TestResponse gzip = this.client.get("/app.js").header("accept-encoding", "gzip, deflate").exchange();
		assertThat(gzip).hasStatus(200)
			.hasContentType("text/javascript; charset=utf-8")
			.hasHeader("content-encoding", "gzip")
			.hasHeader("vary", "accept-encoding");
		assertThat(gunzip(gzip.bodyBytes())).isEqualTo(resource("docs-static/app.js"));
		assertThat(this.client.get("/app.js").exchange()).hasStatus(200)
			.doesNotHaveHeader("content-encoding")
			.hasHeader("vary", "accept-encoding")
			.hasBody(new String(resource("docs-static/app.js")));
	}

	@Test
	void refusesWhatIsNotForTheWeb() throws IOException {
		// hidden files and directories, however spelled
		assertThat(this.client.get("/.env").exchange()).isProblem(404, "No route for GET /.env")
			.doesNotHaveHeader("cache-control");
		assertThat(this.client.get("/%2eenv").exchange()).hasStatus(404);
		// an escaped separator, a backslash, an absolute path
		assertThat(this.client.get("/css%2fsite.css").exchange()).hasStatus(404);
		assertThat(this.client.get("/css%5csite.css").exchange()).hasStatus(404);
		assertThat(this.client.get("//css/site.css").exchange()).hasStatus(404);
		// a control character
		assertThat(this.client.get("/css/site.css%00").exchange()).hasStatus(404);
		// a Windows device name, and a name Windows would read as another
		assertThat(this.client.get("/css/NUL.css").exchange()).hasStatus(404);
		assertThat(this.client.get("/css/site.css.").exchange()).hasStatus(404);
		// dot segments, even escaped, before any route or file
		assertThat(this.client.get("/%2e%2e/application.properties").exchange()).hasStatus(400);
		assertThat(this.client.get("/css/..%2f..%2fapplication.properties").exchange()).hasStatus(400);
		// a malformed escape, which the JDK's client would not send
		try (RawHttp raw = new RawHttp(this.port)) {
			assertThat(raw.send(rawRequest("GET", "/css/site%zz.css")).read().status()).isEqualTo(400);
		}
	}

	private static byte[] resource(String path) throws IOException {
		try (InputStream in = new ClassPathResource(path).getInputStream()) {
			return in.readAllBytes();
		}
	}

	private static byte[] gunzip(byte[] gzip) throws IOException {
		try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
			return in.readAllBytes();
		}
	}

}
