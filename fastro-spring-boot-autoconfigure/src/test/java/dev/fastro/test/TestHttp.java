package dev.fastro.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/** A real HTTP/1.1 client for a server on a local port, for tests that assert over the wire. */
public final class TestHttp {

	private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private final int port;

	public TestHttp(int port) {
		this.port = port;
	}

	public HttpResponse<String> get(String path, String... headers) {
		return send(request(path, headers).GET());
	}

	public HttpResponse<String> send(String method, String path, String body, String... headers) {
		HttpRequest.BodyPublisher publisher = (body != null) ? HttpRequest.BodyPublishers.ofString(body)
				: HttpRequest.BodyPublishers.noBody();
		return send(request(path, headers).method(method, publisher));
	}

	/**
	 * Sends raw bytes, for requests a well-behaved client refuses to send, and returns everything the
	 * server answered until it closed the connection. The request should say {@code connection: close}.
	 */
	public String raw(String request) {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(5000);
			socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
			socket.getOutputStream().flush();
			return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private HttpRequest.Builder request(String path, String... headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path));
		return (headers.length > 0) ? request.headers(headers) : request;
	}

	private HttpResponse<String> send(HttpRequest.Builder request) {
		try {
			return this.client.send(request.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
