package dev.fastro.perf.harness;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Sends a {@link Probe}'s request to a server and compares the answer with the expected
 * one: status, {@code content-type}, the body byte for byte, and any further required
 * header. A server whose answer differs in any of them is refused and never measured.
 */
public final class ResponseVerifier {

	private final HttpClient client = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	/**
	 * Checks one probe against a server.
	 * @param base the server's base URI, such as {@code http://127.0.0.1:8080}
	 * @param probe the request and its expected answer
	 * @return the differences, in words; empty when the answer is exactly the expected
	 * one
	 * @throws IOException if the server cannot be reached
	 * @throws InterruptedException if interrupted while waiting for the answer
	 */
	public List<String> verify(URI base, Probe probe) throws IOException, InterruptedException {
		Request request = probe.request();
		HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(request.target()))
			.timeout(Duration.ofSeconds(10))
			.method(request.method(), (request.body().length == 0) ? HttpRequest.BodyPublishers.noBody()
					: HttpRequest.BodyPublishers.ofByteArray(request.body()));
		if (request.contentType() != null) {
			builder.header("content-type", request.contentType());
		}
		HttpResponse<byte[]> response = this.client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
		return differences(probe.expected(), response.statusCode(), response.headers().map(), response.body());
	}

	/**
	 * Compares an answer with the expected one.
	 * @param expected the expected answer
	 * @param status the status received
	 * @param headers the headers received, names in lower case
	 * @param body the body received
	 * @return the differences, in words; empty when there are none
	 */
	static List<String> differences(ExpectedResponse expected, int status, Map<String, List<String>> headers,
			byte[] body) {
		List<String> problems = new ArrayList<>();
		if (status != expected.status()) {
			problems.add("status " + status + ", expected " + expected.status());
		}
		checkHeader(problems, headers, "content-type", expected.contentType());
		expected.headers().forEach((name, value) -> checkHeader(problems, headers, name, value));
		if (!Arrays.equals(body, expected.body())) {
			problems.add("body " + describe(body) + ", expected " + describe(expected.body()));
		}
		return problems;
	}

	private static void checkHeader(List<String> problems, Map<String, List<String>> headers, String name,
			String value) {
		List<String> values = headers.getOrDefault(name, List.of());
		if (!values.equals(List.of(value))) {
			problems
				.add("header " + name + " " + (values.isEmpty() ? "missing" : values) + ", expected [" + value + "]");
		}
	}

	private static String describe(byte[] body) {
		String text = new String(body, StandardCharsets.UTF_8);
		return (body.length <= 80) ? "'" + text + "'"
				: "of " + body.length + " bytes starting '" + text.substring(0, 40) + "...'";
	}

}
