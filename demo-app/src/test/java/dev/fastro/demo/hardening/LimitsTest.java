package dev.fastro.demo.hardening;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.Test;

import static dev.fastro.demo.hardening.HostileApp.MAX_BODY_BYTES;
import static dev.fastro.demo.hardening.HostileApp.MAX_HEADER_BYTES;
import static dev.fastro.demo.hardening.HostileApp.MAX_INITIAL_LINE_BYTES;
import static dev.fastro.demo.hardening.HostileApp.MAX_PARAMETER_COUNT;
import static dev.fastro.demo.hardening.HostileAssertions.assertClosedAfter;
import static dev.fastro.demo.hardening.HostileAssertions.assertClosedOrUsable;
import static dev.fastro.demo.hardening.HostileAssertions.assertProblem;
import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The size limits: request line, headers, body (declared and streamed), parameter counts,
 * and Jackson's read constraints. Each refusal is exact, and the server goes on serving.
 */
class LimitsTest extends HostileClientTest {

	private static final String JSON = "content-type: application/json";

	// ---- request line (max-initial-line-length: 1KB)

	@Test
	void requestLineUnderTheLimitIsServed() throws IOException {
		// "GET /files/aaa... HTTP/1.1": about 100 bytes under the limit.
		String path = "/files/" + "a".repeat(MAX_INITIAL_LINE_BYTES - 120);
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send(rawRequest("GET", path)).read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo("File " + "a".repeat(MAX_INITIAL_LINE_BYTES - 120));
		}
	}

	@Test
	void requestLineOverTheLimitIsUriTooLongAndCloses() throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send(rawRequest("GET", "/files/" + "a".repeat(MAX_INITIAL_LINE_BYTES + 80)))
				.read();
			assertProblem(response, 414);
			assertClosedAfter(wire, response);
		}
	}

	// ---- headers (max-header-size: 2KB)

	@Test
	void headersUnderTheLimitAreServed() throws IOException {
		try (RawHttp wire = connect()) {
			// host and 25 lines of 50 bytes: about 1.3 KB of the 2 KB.
			RawResponse response = wire.send(rawRequest("GET", "/", headers(25, 50))).read();
			assertThat(response.status()).isEqualTo(200);
			assertClosedOrUsable(wire, response);
		}
	}

	@Test
	void oneHeaderOverTheLimitIsHeaderFieldsTooLargeAndCloses() throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send(rawRequest("GET", "/", "x-big: " + "b".repeat(MAX_HEADER_BYTES + 100)))
				.read();
			assertProblem(response, 431);
			assertClosedAfter(wire, response);
		}
	}

	@Test
	void manyHeadersOverTheLimitAreHeaderFieldsTooLargeAndClose() throws IOException {
		try (RawHttp wire = connect()) {
			// Each line is small; together about 3 KB.
			RawResponse response = wire.send(rawRequest("GET", "/", headers(MAX_HEADER_BYTES / 50 + 20, 50))).read();
			assertProblem(response, 431);
			assertClosedAfter(wire, response);
		}
	}

	// ---- body (max-body-size: 64KB)

	@Test
	void bodyAtTheLimitIsAccepted() throws IOException {
		String body = jsonOfSize(MAX_BODY_BYTES);
		try (RawHttp wire = connect()) {
			RawResponse response = wire
				.send(rawRequest("POST", "/json", JSON, "content-length: " + body.length()) + body)
				.read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo(body);
		}
	}

	@Test
	void declaredBodyOverTheLimitIsRefusedBeforeItIsSent() throws IOException {
		try (RawHttp wire = connect()) {
			// Only the headers: the answer must come from the content-length alone.
			// A server waiting for the body would get none, and answer the read
			// timeout's 408 instead.
			RawResponse response = wire
				.send(rawRequest("POST", "/json", JSON, "content-length: " + (MAX_BODY_BYTES + 1)))
				.read();
			assertProblem(response, 413);
			assertClosedAfter(wire, response);
		}
	}

	@Test
	void chunkedBodyAtTheLimitIsAccepted() throws IOException {
		String body = jsonOfSize(MAX_BODY_BYTES);
		StringBuilder chunks = new StringBuilder();
		for (int at = 0; at < body.length(); at += 4000) {
			String chunk = body.substring(at, Math.min(body.length(), at + 4000));
			chunks.append(Integer.toHexString(chunk.length())).append("\r\n").append(chunk).append("\r\n");
		}
		try (RawHttp wire = connect()) {
			RawResponse response = wire
				.send(rawRequest("POST", "/json", JSON, "transfer-encoding: chunked") + chunks + "0\r\n\r\n")
				.read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo(body);
		}
	}

	@Test
	void chunkedBodyOverTheLimitIsRefusedWhileStreaming() throws IOException {
		try (RawHttp wire = connect()) {
			wire.send(rawRequest("POST", "/json", JSON, "transfer-encoding: chunked"));
			String chunk = "2000\r\n" + "x".repeat(0x2000) + "\r\n";
			// One chunk past the limit and no last chunk: the server must stop at the
			// limit, not wait for the end.
			for (int sent = 0; sent <= MAX_BODY_BYTES; sent += 0x2000) {
				if (!wire.trySend(chunk.getBytes(StandardCharsets.ISO_8859_1))) {
					break;
				}
			}
			RawResponse response = wire.read();
			assertProblem(response, 413);
			assertClosedAfter(wire, response);
		}
	}

	// ---- parameter counts (max-parameters: 20)

	@Test
	void queryParametersAtTheLimitAreServed() throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire
				.send(rawRequest("GET", "/query?name=x" + parameters(2, MAX_PARAMETER_COUNT, "&")))
				.read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo("Hello x");
		}
	}

	@Test
	void tooManyQueryParametersAreBadRequest() throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire
				.send(rawRequest("GET", "/query?name=x" + parameters(2, MAX_PARAMETER_COUNT + 1, "&")))
				.read();
			assertProblem(response, 400);
			assertClosedOrUsable(wire, response);
		}
	}

	@Test
	void formFieldsAtTheLimitAreServed() throws IOException {
		String form = parameters(1, MAX_PARAMETER_COUNT, "&").substring(1);
		try (RawHttp wire = connect()) {
			RawResponse response = wire
				.send(rawRequest("POST", "/test/form", "content-type: application/x-www-form-urlencoded",
						"content-length: " + form.length()) + form)
				.read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo(String.valueOf(MAX_PARAMETER_COUNT));
		}
	}

	@Test
	void tooManyFormFieldsAreBadRequest() throws IOException {
		String form = parameters(1, MAX_PARAMETER_COUNT + 1, "&").substring(1);
		try (RawHttp wire = connect()) {
			RawResponse response = wire
				.send(rawRequest("POST", "/test/form", "content-type: application/x-www-form-urlencoded",
						"content-length: " + form.length()) + form)
				.read();
			assertProblem(response, 400);
			assertClosedOrUsable(wire, response);
		}
	}

	// ---- Jackson's read constraints

	@Test
	void jsonNestedTooDeepIsBadRequest() throws IOException {
		// Balanced, so that only the nesting limit can refuse it: without one it would
		// parse and echo.
		String body = "[".repeat(5000) + "]".repeat(5000);
		assertJsonRefused("/test/json-tree", body);
	}

	@Test
	void jsonNestedTooDeepInAnIgnoredFieldIsBadRequest() throws IOException {
		// The demo's own route: an unknown field is skipped, but skipping must not
		// descend 5000 levels either.
		assertJsonRefused("/json",
				"{\"name\":\"n\",\"email\":\"e\",\"extra\":" + "[".repeat(5000) + "]".repeat(5000) + "}");
	}

	@Test
	void unclosedJsonNestingIsBadRequest() throws IOException {
		assertJsonRefused("/test/json-tree", "[".repeat(5000));
	}

	@Test
	void jsonNumberWithTooManyDigitsIsBadRequest() throws IOException {
		// Without the number-length limit it would parse into a BigInteger and echo.
		assertJsonRefused("/test/json-tree", "[" + "7".repeat(5000) + "]");
	}

	@Test
	void jsonDecimalWithTooManyDigitsIsBadRequest() throws IOException {
		assertJsonRefused("/test/json-tree", "[0." + "7".repeat(5000) + "]");
	}

	private void assertJsonRefused(String path, String body) throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send(rawRequest("POST", path, JSON, "content-length: " + body.length()) + body)
				.read();
			assertProblem(response, 400);
			assertClosedOrUsable(wire, response);
		}
	}

	/** {@code count} header lines of {@code size} bytes each, {@code x-h1: ...}. */
	private static String[] headers(int count, int size) {
		List<String> lines = new ArrayList<>();
		for (int i = 1; i <= count; i++) {
			String name = "x-h" + i + ": ";
			lines.add(name + "v".repeat(size - name.length()));
		}
		return lines.toArray(String[]::new);
	}

	/** {@code &p2=2&p3=3...} from {@code first} to {@code last}. */
	private static String parameters(int first, int last, String separator) {
		StringBuilder parameters = new StringBuilder();
		for (int i = first; i <= last; i++) {
			parameters.append(separator).append('p').append(i).append('=').append(i);
		}
		return parameters.toString();
	}

	/** A JSON Payload of exactly {@code size} bytes, ASCII only. */
	static String jsonOfSize(int size) {
		String start = "{\"name\":\"";
		String end = "\",\"email\":\"hello@fastro.dev\"}";
		return start + "n".repeat(size - start.length() - end.length()) + end;
	}

}
