package dev.fastro.perf.harness;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Against a tiny JDK server that answers what each test tells it to: a server answering
 * one byte differently, or with a differently spelled header, is refused.
 */
class ResponseVerifierTest {

	private final ResponseVerifier verifier = new ResponseVerifier();

	private HttpServer server;

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
