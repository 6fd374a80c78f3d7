package dev.fastro.test;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Helpers for tests over real HTTP, shared with the demo app through the test-jar: a real HTTP/1.1
 * client, a raw socket client for what {@link HttpClient} cannot do, and JSON comparison.
 */
public final class TestHttp {

	public static final HttpClient CLIENT = newClient();

	public static final JsonMapper JSON = JsonMapper.builder().build();

	public static final String TEXT = "text/plain; charset=utf-8";

	public static final String APPLICATION_JSON = "application/json";

	public static final String PROBLEM_JSON = "application/problem+json";

	private TestHttp() {
	}

	/** An HTTP/1.1 client, as every test here uses. */
	public static HttpClient newClient() {
		return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
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
	 * Sends with a client of the test's own, for a test that abuses its connections (a server closed
	 * under load) and must not leave the shared client's pool to the tests after it.
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

	/** Sends a request with the given method and no body; {@code headers} are name, value pairs. */
	public static HttpResponse<String> call(int port, String method, String pathAndQuery, String... headers) {
		HttpRequest.Builder request = request(port, pathAndQuery).method(method, BodyPublishers.noBody());
		if (headers.length > 0) {
			request.headers(headers);
		}
		return send(request);
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

	/** Asserts status, exact content type, a content-length matching the UTF-8 body, and the exact body. */
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

	/** Compares two JSON documents as trees, for bodies whose member order is not deterministic. */
	public static void assertJsonEquals(String actual, String expected) {
		assertThat(json(actual)).as("JSON %s", actual).isEqualTo(json(expected));
	}

	// ---- raw sockets

	/** A raw HTTP/1.1 request: request line, {@code host}, the given header lines, a blank line. */
	public static String rawRequest(String method, String target, String... headerLines) {
		StringBuilder request = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
		request.append("host: localhost\r\n");
		for (String line : headerLines) {
			request.append(line).append("\r\n");
		}
		return request.append("\r\n").toString();
	}

	/** One HTTP/1.1 connection over a plain socket, reading responses by their framing. */
	public static final class Raw implements Closeable {

		private final Socket socket;

		private final InputStream in;

		private final OutputStream out;

		public Raw(int port) throws IOException {
			this.socket = new Socket("127.0.0.1", port);
			this.socket.setSoTimeout(10_000);
			this.in = new BufferedInputStream(this.socket.getInputStream());
			this.out = this.socket.getOutputStream();
		}

		public Raw send(String text) throws IOException {
			return send(text.getBytes(StandardCharsets.UTF_8));
		}

		public Raw send(byte[] bytes) throws IOException {
			this.out.write(bytes);
			this.out.flush();
			return this;
		}

		/** Reads one response to a request that is not {@code HEAD}. */
		public RawResponse read() throws IOException {
			return read(false);
		}

		/** Reads one response; a response to {@code HEAD} has no body whatever its headers say. */
		public RawResponse read(boolean head) throws IOException {
			String statusLine = line();
			String[] parts = statusLine.split(" ", 3);
			assertThat(parts[0]).as("status line '%s'", statusLine).isEqualTo("HTTP/1.1");
			int status = Integer.parseInt(parts[1]);
			List<Map.Entry<String, String>> headers = new ArrayList<>();
			for (String line = line(); !line.isEmpty(); line = line()) {
				int colon = line.indexOf(':');
				headers.add(Map.entry(line.substring(0, colon).trim(), line.substring(colon + 1).trim()));
			}
			RawResponse response = new RawResponse(statusLine, status, headers, new byte[0]);
			if (head || status < 200 || status == 204 || status == 304) {
				return response;
			}
			byte[] body;
			String length = response.header("content-length");
			if ("chunked".equalsIgnoreCase(response.header("transfer-encoding"))) {
				body = chunked();
			}
			else if (length != null) {
				body = this.in.readNBytes(Integer.parseInt(length));
				if (body.length < Integer.parseInt(length)) {
					throw new EOFException("Body ended after " + body.length + " of " + length + " bytes");
				}
			}
			else {
				body = this.in.readAllBytes();
			}
			return new RawResponse(statusLine, status, headers, body);
		}

		/** Whether the server closed the connection: the next read ends the stream within a second. */
		public boolean closedByServer() throws IOException {
			int timeout = this.socket.getSoTimeout();
			this.socket.setSoTimeout(1_000);
			try {
				return this.in.read() == -1;
			}
			catch (SocketTimeoutException ex) {
				return false;
			}
			catch (IOException ex) {
				// A reset is a close, too.
				return true;
			}
			finally {
				if (!this.socket.isClosed()) {
					this.socket.setSoTimeout(timeout);
				}
			}
		}

		private byte[] chunked() throws IOException {
			ByteArrayOutputStream body = new ByteArrayOutputStream();
			while (true) {
				String sizeLine = line();
				int semicolon = sizeLine.indexOf(';');
				int size = Integer.parseInt((semicolon < 0) ? sizeLine : sizeLine.substring(0, semicolon), 16);
				if (size == 0) {
					while (!line().isEmpty()) {
						// trailers
					}
					return body.toByteArray();
				}
				byte[] chunk = this.in.readNBytes(size);
				if (chunk.length < size) {
					throw new EOFException("Chunk ended early");
				}
				body.write(chunk);
				assertThat(line()).as("CRLF after a chunk").isEmpty();
			}
		}

		private String line() throws IOException {
			ByteArrayOutputStream line = new ByteArrayOutputStream();
			int previous = -1;
			while (true) {
				int b = this.in.read();
				if (b == -1) {
					throw new EOFException("Connection closed after '" + line.toString(StandardCharsets.UTF_8) + "'");
				}
				if (previous == '\r' && b == '\n') {
					byte[] bytes = line.toByteArray();
					return new String(bytes, 0, bytes.length - 1, StandardCharsets.UTF_8);
				}
				line.write(b);
				previous = b;
			}
		}

		@Override
		public void close() throws IOException {
			this.socket.close();
		}

	}

	/** A response as read off the wire, with its headers in the order they were sent. */
	public record RawResponse(String statusLine, int status, List<Map.Entry<String, String>> headers, byte[] body) {

		/** The first value of a header, or {@code null}; names are case-insensitive. */
		public String header(String name) {
			List<String> values = headerValues(name);
			return values.isEmpty() ? null : values.get(0);
		}

		public List<String> headerValues(String name) {
			return this.headers.stream().filter(h -> h.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue).toList();
		}

		public List<String> headerNames() {
			return this.headers.stream().map(h -> h.getKey().toLowerCase()).toList();
		}

		public String bodyString() {
			return new String(this.body, StandardCharsets.UTF_8);
		}

	}

}
