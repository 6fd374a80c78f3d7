package dev.fastro.perf.peers;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Starts the server on a free port and checks two scenarios' answers; the harness checks
 * all five byte for byte before it measures.
 */
class MvcServerTest {

	@Test
	void answersTheMiddlewareAndJsonScenarios() throws Exception {
		try (ConfigurableApplicationContext context = SpringApplication.run(MvcServer.class, "--server.port=0")) {
			String base = "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
			HttpClient client = HttpClient.newHttpClient();
			HttpResponse<String> middleware = client.send(
					HttpRequest.newBuilder(URI.create(base + "/middleware")).build(),
					HttpResponse.BodyHandlers.ofString());
			assertEquals(200, middleware.statusCode());
			// Tomcat writes the content type the handler sets in its own spelling; the
			// harness checks the answers against it.
			assertEquals(MvcServer.TOMCAT_TEXT_PLAIN, middleware.headers().firstValue("content-type").orElseThrow());
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
	}

}
