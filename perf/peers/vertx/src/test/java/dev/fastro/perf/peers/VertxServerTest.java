package dev.fastro.perf.peers;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Starts the server on a free port and checks two scenarios' answers; the harness checks
 * all five byte for byte before it measures.
 */
class VertxServerTest {

	@Test
	void answersTheMiddlewareAndJsonScenarios() throws Exception {
		Vertx vertx = VertxServer.vertx();
		try {
			HttpServer server = VertxServer.start(vertx, 0).await();
			String base = "http://127.0.0.1:" + server.actualPort();
			HttpClient client = HttpClient.newHttpClient();
			HttpResponse<String> middleware = client.send(
					HttpRequest.newBuilder(URI.create(base + "/middleware")).build(),
					HttpResponse.BodyHandlers.ofString());
			assertEquals(200, middleware.statusCode());
			assertEquals("text/plain; charset=utf-8", middleware.headers().firstValue("content-type").orElseThrow());
			assertEquals("fastro", middleware.headers().firstValue("x-user").orElseThrow());
			assertEquals("Hello fastro", middleware.body());
			String json = "{\"name\":\"fastro\",\"email\":\"hello@fastro.dev\"}";
			HttpResponse<String> echoed = client.send(HttpRequest.newBuilder(URI.create(base + "/json"))
				.header("content-type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(json))
				.build(), HttpResponse.BodyHandlers.ofString());
			assertEquals(200, echoed.statusCode());
			assertEquals("application/json", echoed.headers().firstValue("content-type").orElseThrow());
			assertEquals(json, echoed.body());
		}
		finally {
			vertx.close().await();
		}
	}

}
