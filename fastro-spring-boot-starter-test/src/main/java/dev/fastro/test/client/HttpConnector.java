package dev.fastro.test.client;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;

/**
 * Sends requests over HTTP/1.1 to a running server, with the JDK's {@link HttpClient}.
 * The JDK client sets {@code host}, {@code content-length}, {@code connection},
 * {@code expect} and {@code upgrade} itself and refuses them as request headers, so a
 * {@code 100 Continue} exchange is tested with a raw socket instead.
 */
final class HttpConnector implements Connector {

	private final HttpClient client;

	private final String baseUri;

	private final JsonMapper jsonMapper;

	private final Duration timeout;

	HttpConnector(String baseUri, JsonMapper jsonMapper, Duration timeout) {
		this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
		this.baseUri = baseUri;
		this.jsonMapper = jsonMapper;
		this.timeout = timeout;
	}

	@Override
	public JsonMapper jsonMapper() {
		return this.jsonMapper;
	}

	@Override
	public boolean inProcess() {
		return false;
	}

	@Override
	public TestResponse exchange(TestRequest request) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(this.baseUri + request.uri()))
			.timeout(this.timeout)
			.method(request.method(), (request.body().length > 0)
					? HttpRequest.BodyPublishers.ofByteArray(request.body()) : HttpRequest.BodyPublishers.noBody());
		for (Map.Entry<String, String> header : request.headers()) {
			builder.header(header.getKey(), header.getValue());
		}
		HttpResponse<byte[]> response;
		try {
			response = this.client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
		}
		catch (IOException ex) {
			throw new IllegalStateException("No answer to " + request.method() + " " + this.baseUri + request.uri(),
					ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted waiting for " + request.method() + " " + request.uri(), ex);
		}
		List<Map.Entry<String, String>> headers = new ArrayList<>();
		response.headers()
			.map()
			.forEach((name, values) -> values
				.forEach(value -> headers.add(new AbstractMap.SimpleImmutableEntry<>(name, value))));
		return new TestResponse(response.statusCode(), headers, response.body(), this.jsonMapper);
	}

}
