package dev.fastro.perf.peers;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Starts the server on a free port and checks two scenarios' answers (see
 * {@link ScenarioCheck}).
 */
class VertxServerTest {

	@Test
	void answersTheMiddlewareAndJsonScenarios() throws Exception {
		Vertx vertx = VertxServer.vertx();
		try {
			HttpServer server = VertxServer.start(vertx, 0).await();
			ScenarioCheck.answersTheMiddlewareAndJsonScenarios("http://127.0.0.1:" + server.actualPort(),
					"text/plain; charset=utf-8");
		}
		finally {
			vertx.close().await();
		}
	}

	@Test
	void answersTheOverloadRouteWithTheDigestOfItsWork() throws Exception {
		Vertx vertx = VertxServer.vertx();
		try {
			HttpServer server = VertxServer.start(vertx, 0).await();
			HttpResponse<String> response = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.actualPort() + "/work")).build(),
						HttpResponse.BodyHandlers.ofString());
			assertEquals(200, response.statusCode());
			assertEquals("text/plain; charset=utf-8", response.headers().firstValue("content-type").orElseThrow());
			// The perf module's Workload.WORK_ANSWER, which Fastro answers.
			assertEquals("96a12deebdc8a3421e923d2fc00a649326f0b5167b48ffd231941a415777308c", response.body());
		}
		finally {
			vertx.close().await();
		}
	}

	@Test
	void servesAStaticFileAndRevalidatesIt(@TempDir Path directory) throws Exception {
		byte[] bytes = new byte[64 * 1024];
		bytes[7] = 42;
		Files.write(directory.resolve("file.bin"), bytes);
		Vertx vertx = VertxServer.vertx();
		try {
			HttpServer server = VertxServer.start(vertx, 0, directory.toString()).await();
			URI file = URI.create("http://127.0.0.1:" + server.actualPort() + "/file.bin");
			HttpClient client = HttpClient.newHttpClient();
			HttpResponse<byte[]> first = client.send(HttpRequest.newBuilder(file).build(),
					HttpResponse.BodyHandlers.ofByteArray());
			assertEquals(200, first.statusCode());
			assertArrayEquals(bytes, first.body());
			String lastModified = first.headers().firstValue("last-modified").orElseThrow();
			HttpResponse<byte[]> again = client.send(
					HttpRequest.newBuilder(file).header("if-modified-since", lastModified).build(),
					HttpResponse.BodyHandlers.ofByteArray());
			assertEquals(304, again.statusCode());
			assertEquals(0, again.body().length);
		}
		finally {
			vertx.close().await();
		}
	}

}
