package dev.fastro.perf.harness;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import com.sun.net.httpserver.HttpServer;
import dev.fastro.perf.Workload;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Against a tiny JDK server that answers what each test tells it to: a server answering
 * one byte differently, or with a differently spelled header, is refused.
 */
class ResponseVerifierTest {

	private final ResponseVerifier verifier = new ResponseVerifier(Protocol.H1, null);

	private HttpServer server;

	private volatile String acceptEncoding;

	@AfterEach
	void stop() {
		if (this.server != null) {
			this.server.stop(0);
		}
	}

	@Test
	void theExactAnswerPasses() throws Exception {
		URI base = serve(200, "text/plain; charset=utf-8", "Hello world!", Map.of());
		assertThat(this.verifier.verify(base, Scenario.ROOT.probe())).isEmpty();
	}

	@Test
	void oneByteDifferentIsRefused() throws Exception {
		URI base = serve(200, "text/plain; charset=utf-8", "Hello world?", Map.of());
		assertThat(this.verifier.verify(base, Scenario.ROOT.probe()))
			.containsExactly("body 'Hello world?', expected 'Hello world!'");
	}

	@Test
	void aDifferentlySpelledContentTypeIsRefused() throws Exception {
		URI base = serve(200, "text/plain;charset=UTF-8", "Hello world!", Map.of());
		assertThat(this.verifier.verify(base, Scenario.ROOT.probe()))
			.containsExactly("header content-type [text/plain;charset=UTF-8], expected [text/plain; charset=utf-8]");
	}

	@Test
	void aWrongStatusIsRefused() throws Exception {
		URI base = serve(201, "text/plain; charset=utf-8", "Hello world!", Map.of());
		assertThat(this.verifier.verify(base, Scenario.ROOT.probe())).containsExactly("status 201, expected 200");
	}

	@Test
	void theMiddlewareScenarioNeedsItsHeader() throws Exception {
		URI base = serve(200, "text/plain; charset=utf-8", "Hello fastro", Map.of());
		assertThat(this.verifier.verify(base, Scenario.MIDDLEWARE.probe()))
			.containsExactly("header x-user missing, expected [fastro]");
		stop();
		base = serve(200, "text/plain; charset=utf-8", "Hello fastro", Map.of("x-user", "fastro"));
		assertThat(this.verifier.verify(base, Scenario.MIDDLEWARE.probe())).isEmpty();
	}

	@Test
	void theJsonScenarioSendsItsBodyAndComparesTheEcho() throws Exception {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/", exchange -> {
			byte[] body = exchange.getRequestBody().readAllBytes();
			boolean json = "application/json".equals(exchange.getRequestHeaders().getFirst("content-type"));
			exchange.getResponseHeaders().set("content-type", json ? "application/json" : "text/plain");
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		this.server.start();
		assertThat(this.verifier.verify(base(), Scenario.JSON_POST.probe())).isEmpty();
	}

	@Test
	void aLongBodyIsDescribedByItsSize() {
		byte[] longBody = "x".repeat(100).getBytes(StandardCharsets.UTF_8);
		List<String> differences = ResponseVerifier.differences(ExpectedResponse.ok("text/plain", "short"), 200,
				Map.of("content-type", List.of("text/plain")), longBody);
		assertThat(differences).singleElement().asString().startsWith("body of 100 bytes starting 'xxxx");
	}

	@Test
	void aCompressedAnswerIsComparedDecodedAndMustCarryItsCoding() throws Exception {
		Probe gzip = Plan.compressed("gzip");
		byte[] json = Workload.COMPRESSIBLE_JSON.getBytes(StandardCharsets.UTF_8);
		ByteArrayOutputStream compressed = new ByteArrayOutputStream();
		try (GZIPOutputStream out = new GZIPOutputStream(compressed)) {
			out.write(json);
		}
		serveBytes(compressed.toByteArray(), Map.of("content-encoding", "gzip"));
		assertThat(this.verifier.verify(base(), gzip)).isEmpty();
		// It asked for gzip: the verifier sent the probe's Accept-Encoding.
		assertThat(this.acceptEncoding).isEqualTo("gzip");
		assertThat(this.verifier.bodyBytes(base(), gzip.request())).isEqualTo(compressed.size());
		stop();
		serveBytes(json, Map.of("content-encoding", "gzip"));
		assertThat(this.verifier.verify(base(), gzip)).singleElement().asString().startsWith("body not valid gzip");
		stop();
		serveBytes(json, Map.of());
		assertThat(this.verifier.verify(base(), gzip)).first()
			.isEqualTo("header content-encoding missing, expected [gzip]");
	}

	@Test
	void anHttp2VerifierRefusesAnAnswerOverHttp11() throws Exception {
		URI base = serve(200, "text/plain; charset=utf-8", "Hello world!", Map.of());
		assertThat(new ResponseVerifier(Protocol.H2C, null).verify(base, Scenario.ROOT.probe()))
			.containsExactly("answered over HTTP_1_1, not HTTP_2");
	}

	private void serveBytes(byte[] body, Map<String, String> headers) throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/", exchange -> {
			this.acceptEncoding = exchange.getRequestHeaders().getFirst("accept-encoding");
			exchange.getResponseHeaders().set("content-type", "application/json");
			headers.forEach(exchange.getResponseHeaders()::set);
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		this.server.start();
	}

	private URI serve(int status, String contentType, String body, Map<String, String> headers) throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/", exchange -> {
			byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().set("content-type", contentType);
			headers.forEach(exchange.getResponseHeaders()::set);
			exchange.sendResponseHeaders(status, bytes.length);
			exchange.getResponseBody().write(bytes);
			exchange.close();
		});
		this.server.start();
		return base();
	}

	private URI base() {
		return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort());
	}

}
