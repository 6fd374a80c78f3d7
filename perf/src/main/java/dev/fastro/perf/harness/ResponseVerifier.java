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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.net.ssl.SSLContext;

/**
 * Sends a {@link Probe}'s request to a server and compares the answer with the expected
 * one: status, {@code content-type}, the body byte for byte, and any further required
 * header; an answer expected with a {@code content-encoding} is compared once decoded,
 * byte for byte. A server whose answer differs in any of them, or comes over another
 * protocol than the one it is measured with, is refused and never measured.
 */
public final class ResponseVerifier {

	/** The header naming the coding of a compressed answer. */
	static final String CONTENT_ENCODING = "content-encoding";

	private final Protocol protocol;

	private final HttpClient client;

	/** The servers whose connection this verifier has upgraded to h2c. */
	private final Set<URI> upgraded = new HashSet<>();

	/**
	 * A verifier that speaks a protocol: the JDK's {@code HttpClient} over HTTP/1.1, or
	 * over HTTP/2, through ALPN with TLS and through the {@code Upgrade} in cleartext.
	 * Every answer must come over that protocol.
	 * @param protocol the protocol
	 * @param tls a TLS context trusting the servers' certificate, for a secure protocol
	 */
	public ResponseVerifier(Protocol protocol, SSLContext tls) {
		this.protocol = protocol;
		HttpClient.Builder builder = HttpClient.newBuilder()
			.version(protocol.http2() ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(5));
		if (protocol.secure()) {
			builder.sslContext(tls);
		}
		this.client = builder.build();
	}

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
		HttpResponse<byte[]> response = send(base, probe.request());
		List<String> problems = new ArrayList<>();
		HttpClient.Version version = this.protocol.http2() ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1;
		if (response.version() != version) {
			problems.add("answered over " + response.version() + ", not " + version);
		}
		problems
			.addAll(differences(probe.expected(), response.statusCode(), response.headers().map(), response.body()));
		return problems;
	}

	/**
	 * The size of the body a server answers a request with, as it travels: compressed
	 * when it is.
	 * @param base the server's base URI
	 * @param request the request
	 * @return the body's bytes
	 * @throws IOException if the server cannot be reached
	 * @throws InterruptedException if interrupted while waiting for the answer
	 */
	public int bodyBytes(URI base, Request request) throws IOException, InterruptedException {
		return send(base, request).body().length;
	}

	/**
	 * The status a server answers a request with, such as a secured server's 401 to a
	 * request without a token.
	 * @param base the server's base URI
	 * @param request the request
	 * @return the status code
	 * @throws IOException if the server cannot be reached
	 * @throws InterruptedException if interrupted while waiting for the answer
	 */
	public int status(URI base, Request request) throws IOException, InterruptedException {
		return send(base, request).statusCode();
	}

	/**
	 * The headers a server answers a request with, such as a file's validators.
	 * @param base the server's base URI
	 * @param request the request
	 * @return the headers, names in lower case
	 * @throws IOException if the server cannot be reached
	 * @throws InterruptedException if interrupted while waiting for the answer
	 */
	public Map<String, List<String>> headers(URI base, Request request) throws IOException, InterruptedException {
		return send(base, request).headers().map();
	}

	private HttpResponse<byte[]> send(URI base, Request request) throws IOException, InterruptedException {
		if (this.protocol == Protocol.H2C && this.upgraded.add(base)) {
			// The JDK client speaks h2c only through the Upgrade, offered with a plain
			// GET here; once upgraded, every request shares the HTTP/2 connection.
			this.client.send(HttpRequest.newBuilder(base.resolve("/")).timeout(Duration.ofSeconds(10)).build(),
					HttpResponse.BodyHandlers.discarding());
		}
		HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(request.target()))
			.timeout(Duration.ofSeconds(10))
			.method(request.method(), (request.body().length == 0) ? HttpRequest.BodyPublishers.noBody()
					: HttpRequest.BodyPublishers.ofByteArray(request.body()));
		if (request.contentType() != null) {
			builder.header("content-type", request.contentType());
		}
		request.headers().forEach(builder::header);
		return this.client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
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
		if (expected.contentType() != null) {
			checkHeader(problems, headers, "content-type", expected.contentType());
		}
		expected.headers().forEach((name, value) -> checkHeader(problems, headers, name, value));
		String coding = expected.headers().get(CONTENT_ENCODING);
		byte[] decoded = body;
		if (coding != null && problems.isEmpty()) {
			try {
				decoded = ContentDecoding.decode(coding, body);
			}
			catch (IOException ex) {
				problems.add("body not valid " + coding + ": " + ex.getMessage());
				return problems;
			}
		}
		if (!Arrays.equals(decoded, expected.body())) {
			problems.add("body " + ((coding != null) ? "decoded from " + coding + " " : "") + describe(decoded)
					+ ", expected " + describe(expected.body()));
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
