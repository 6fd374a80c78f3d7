package dev.fastro.perf.peers;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What each peer's own test checks of a running peer: two scenarios' answers. The harness
 * checks all five byte for byte before it measures.
 */
public final class ScenarioCheck {

	private ScenarioCheck() {
	}

	/**
	 * Checks the middleware and JSON scenarios' answers.
	 * @param base the peer's address, such as {@code http://127.0.0.1:8080}
	 * @param textPlain the content type of text answers, as the peer's server spells it
	 * @throws Exception when a request fails
	 */
	public static void answersTheMiddlewareAndJsonScenarios(String base, String textPlain) throws Exception {
		HttpClient client = HttpClient.newHttpClient();
		HttpResponse<String> middleware = client.send(HttpRequest.newBuilder(URI.create(base + "/middleware")).build(),
				HttpResponse.BodyHandlers.ofString());
		assertEquals(200, middleware.statusCode());
		assertEquals(textPlain, middleware.headers().firstValue("content-type").orElseThrow());
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
