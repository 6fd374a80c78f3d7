package dev.fastro.perf.harness;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class PipelineVerifierTest {

	@Test
	void formatsRequestsAsWrkDoes() {
		assertThat(
				new String(PipelineVerifier.format(Request.get("/user/7"), "127.0.0.1:8080"), StandardCharsets.UTF_8))
			.isEqualTo("GET /user/7 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n");
		Request post = Request.post("/json", "application/json", "{\"a\":1}".getBytes(StandardCharsets.UTF_8));
		assertThat(new String(PipelineVerifier.format(post, "h:1"), StandardCharsets.UTF_8)).isEqualTo(
				"POST /json HTTP/1.1\r\nHost: h:1\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}");
	}

	@Test
	void readsResponsesBackToBackByContentLengthAndChunked() throws IOException {
		InputStream in = stream("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nContent-Length: 8\r\n\r\nUser 123"
				+ "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-User: fastro\r\n\r\n5\r\nHello\r\n7;ext=1\r\n fastro\r\n0\r\n\r\n"
				+ "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n");
		PipelineVerifier.RawResponse first = PipelineVerifier.read(in);
		assertThat(first.status()).isEqualTo(200);
		assertThat(first.headers()).containsEntry("content-type", List.of("text/plain"));
		assertThat(first.body()).asString(StandardCharsets.UTF_8).isEqualTo("User 123");
		PipelineVerifier.RawResponse second = PipelineVerifier.read(in);
		assertThat(second.headers()).containsEntry("x-user", List.of("fastro"));
		assertThat(second.body()).asString(StandardCharsets.UTF_8).isEqualTo("Hello fastro");
		assertThat(PipelineVerifier.read(in).status()).isEqualTo(404);
		assertThatExceptionOfType(EOFException.class).isThrownBy(() -> PipelineVerifier.read(in));
	}

	@Test
	void aResponseThatCannotBeDelimitedIsAnError() {
		assertThatExceptionOfType(IOException.class)
			.isThrownBy(() -> PipelineVerifier.read(stream("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\nHi")))
			.withMessageContaining("neither content-length nor chunked");
		assertThatExceptionOfType(EOFException.class)
			.isThrownBy(() -> PipelineVerifier.read(stream("HTTP/1.1 200 OK\r\ncontent-length: 9\r\n\r\nUser")));
	}

	@Test
	void checksEveryPipelinedAnswerInOrder() throws Exception {
		// A server that reads the whole batch, then answers each request with its
		// own path: the third answer is wrong, as a server that mixed up pipelined
		// requests would be.
		try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			Thread thread = new Thread(() -> answer(server, 4, 3));
			thread.start();
			List<Probe> probes = new ArrayList<>();
			for (int id = 1; id <= 4; id++) {
				probes.add(new Probe(Request.get("/user/" + id), ExpectedResponse.ok("text/plain", "User " + id)));
			}
			List<String> problems = PipelineVerifier.verify(URI.create("http://127.0.0.1:" + server.getLocalPort()),
					probes);
			thread.join(10_000);
			assertThat(problems).singleElement()
				.asString()
				.startsWith("pipelined answer 3 of 4 (GET /user/3): body 'User 3?'");
		}
	}

	@Test
	void exactAnswersHaveNoDifferences() throws Exception {
		try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			Thread thread = new Thread(() -> answer(server, 16, 0));
			thread.start();
			List<String> problems = PipelineVerifier.verify(URI.create("http://127.0.0.1:" + server.getLocalPort()),
					Collections.nCopies(16,
							new Probe(Request.get("/user/5"), ExpectedResponse.ok("text/plain", "User 5"))));
			thread.join(10_000);
			assertThat(problems).isEmpty();
		}
	}

	/**
	 * Reads {@code count} requests off one connection and answers each; answer
	 * {@code wrong} gets a '?' more.
	 */
	private static void answer(ServerSocket server, int count, int wrong) {
		try (Socket socket = server.accept()) {
			InputStream in = socket.getInputStream();
			StringBuilder answers = new StringBuilder();
			for (int i = 1; i <= count; i++) {
				String requestLine = line(in);
				while (!line(in).isEmpty()) {
					// headers
				}
				String body = requestLine.split(" ")[1].replace("/user/", "User ") + ((i == wrong) ? "?" : "");
				answers.append("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: ")
					.append(body.length())
					.append("\r\n\r\n")
					.append(body);
			}
			OutputStream out = socket.getOutputStream();
			out.write(answers.toString().getBytes(StandardCharsets.UTF_8));
			out.flush();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static String line(InputStream in) throws IOException {
		StringBuilder line = new StringBuilder();
		for (int b = in.read(); b != '\n'; b = in.read()) {
			if (b < 0) {
				throw new EOFException();
			}
			if (b != '\r') {
				line.append((char) b);
			}
		}
		return line.toString();
	}

	private static InputStream stream(String text) {
		return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
	}

}
