package dev.fastro.test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Helpers for tests over real HTTP, shared with the demo app through the test-jar: a real
 * HTTP/1.1 client and JSON comparison. {@link RawHttp} does what {@link HttpClient}
 * cannot do.
 */
public final class TestHttp {

	public static final HttpClient CLIENT = newClient();

	public static final JsonMapper JSON = JsonMapper.builder().build();

	public static final String TEXT = "text/plain; charset=utf-8";

	public static final String APPLICATION_JSON = "application/json";

	public static final String PROBLEM_JSON = "application/problem+json";

	private TestHttp() {
	}

	/**
	 * An HTTP/2 client: h2c through the HTTP/1.1 upgrade on a connection's first request,
	 * HTTP/2 on the rest.
	 */
	public static HttpClient newHttp2Client() {
		return HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).connectTimeout(Duration.ofSeconds(5)).build();
	}

	/** An HTTP/1.1 client, as every test here uses. */
	public static HttpClient newClient() {
		return HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(5))
			.build();
	}

	// ---- java.net.http.HttpClient

	public static HttpRequest.Builder request(int port, String pathAndQuery) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
			.timeout(Duration.ofSeconds(10));
	}

	public static HttpResponse<String> send(HttpRequest.Builder request) {
		return send(CLIENT, request);
	}

	/**
	 * Sends with a client of the test's own, for a test that abuses its connections (a
	 * server closed under load) and must not leave the shared client's pool to the tests
	 * after it.
	 */
	public static HttpResponse<String> send(HttpClient client, HttpRequest.Builder request) {
		try {
			return client.send(request.build(), BodyHandlers.ofString(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Sends a request with the given method and no body; {@code headers} are name, value
	 * pairs.
	 */
	public static HttpResponse<String> call(int port, String method, String pathAndQuery, String... headers) {
		return call(CLIENT, port, method, pathAndQuery, headers);
	}

	/** The same, with the given client. */
	public static HttpResponse<String> call(HttpClient client, int port, String method, String pathAndQuery,
			String... headers) {
		HttpRequest.Builder request = request(port, pathAndQuery).method(method, BodyPublishers.noBody());
		if (headers.length > 0) {
			request.headers(headers);
		}
		return send(client, request);
	}

	public static HttpResponse<String> get(int port, String pathAndQuery, String... headers) {
		return call(port, "GET", pathAndQuery, headers);
	}

	public static HttpResponse<String> post(int port, String path, String contentType, String body) {
		return send(request(port, path).header("content-type", contentType)
			.POST(BodyPublishers.ofString(body, StandardCharsets.UTF_8)));
	}

	/** The first value of a response header, or {@code null}. */
	public static String header(HttpResponse<?> response, String name) {
		return response.headers().firstValue(name).orElse(null);
	}

	/**
	 * Asserts status, exact content type, a content-length matching the UTF-8 body, and
	 * the exact body.
	 */
	public static void assertResponse(HttpResponse<String> response, int status, String contentType, String body) {
		assertThat(response.statusCode()).as("status of %s", response.uri()).isEqualTo(status);
		assertThat(header(response, "content-type")).as("content-type").isEqualTo(contentType);
		assertThat(response.body()).as("body").isEqualTo(body);
		assertThat(header(response, "content-length")).as("content-length")
			.isEqualTo(String.valueOf(body.getBytes(StandardCharsets.UTF_8).length));
	}

	/** Asserts an {@code application/problem+json} answer with its exact body. */
	public static void assertProblem(HttpResponse<String> response, int status, String body) {
		assertResponse(response, status, PROBLEM_JSON, body);
	}

	// ---- JSON

	public static JsonNode json(String json) {
		return JSON.readTree(json);
	}

	/**
	 * Compares two JSON documents as trees, for bodies whose member order is not
	 * deterministic.
	 */
	public static void assertJsonEquals(String actual, String expected) {
		assertThat(json(actual)).as("JSON %s", actual).isEqualTo(json(expected));
	}

}
