package dev.fastro.demo.hardening;

import java.io.IOException;
import java.time.Duration;

import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.TestPropertySource;

import static dev.fastro.demo.hardening.HostileApp.MAX_BODY_BYTES;
import static dev.fastro.demo.hardening.HostileAssertions.assertProblem;
import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The answers Fastro gives before a request reaches a route (its body too large,
 * malformed, too slow; an unsupported expectation) go through the same path as every
 * other answer: the global middleware and the response hooks see them, as a CORS or
 * request-id middleware needs. Answers to a request whose head could not be read (414,
 * 431, a malformed line) cannot: there is no request to show. None of these bad clients
 * makes the server log an error.
 */
@ExtendWith(OutputCaptureExtension.class)
@TestPropertySource(properties = "logging.level.dev.fastro.http.internal.Dispatcher=debug")
class AnswersBeforeRoutingTest extends HostileClientTest {

	@Test
	void bodyOverTheLimitByItsLength() throws IOException {
		assertShapedByMiddlewareAndHooks(rawRequest("POST", "/json", "content-type: application/json",
				"content-length: " + (MAX_BODY_BYTES + 1)), 413);
	}

	@Test
	void chunkedBodyGrowingOverTheLimit() throws IOException {
		String chunk = "8000\r\n" + "x".repeat(0x8000) + "\r\n";
		assertShapedByMiddlewareAndHooks(
				rawRequest("POST", "/json", "content-type: application/json", "transfer-encoding: chunked")
						+ chunk.repeat(3) + "0\r\n\r\n",
				413);
	}

	@Test
	void malformedChunk() throws IOException {
		assertShapedByMiddlewareAndHooks(
				rawRequest("POST", "/json", "content-type: application/json", "transfer-encoding: chunked")
						+ "2\r\n{}\r\nzz\r\n",
				400);
	}

	@Test
	void bodyTooSlow() throws IOException {
		assertShapedByMiddlewareAndHooks(
				rawRequest("POST", "/json", "content-type: application/json", "content-length: 100") + "{\"name\":",
				408);
	}

	@Test
	void unsupportedExpectation() throws IOException {
		assertShapedByMiddlewareAndHooks(rawRequest("GET", "/", "expect: something-else"), 417);
	}

	@Test
	void requestLineTooLongIsAnsweredByTheServerAlone() throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send(rawRequest("GET", "/" + "a".repeat(HostileApp.MAX_INITIAL_LINE_BYTES)))
				.read();
			assertProblem(response, 414);
			assertThat(response.header("x-global-middleware")).isNull();
		}
	}

	@Test
	void badClientsLogNoError(CapturedOutput output) throws IOException {
		malformedChunk();
		bodyTooSlow();
		String id = "reset-" + System.nanoTime();
		try (RawHttp wire = connect()) {
			wire.send(rawRequest("GET", "/test/slow-blocking?id=" + id));
			await().atMost(Duration.ofSeconds(10)).until(() -> HostileRoutes.blockingStarted.contains(id));
			wire.reset();
		}
		// The interrupted handler's end is logged at DEBUG; it is the last thing this
		// test makes the server log.
		await().atMost(Duration.ofSeconds(10))
			.until(() -> output.getAll()
				.contains("Blocking handler for GET /test/slow-blocking ended by its cancellation"));
		assertThat(output.getAll()).doesNotContain(" ERROR ");
	}

	private void assertShapedByMiddlewareAndHooks(String request, int status) throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send(request).read();
			assertProblem(response, status);
			assertThat(response.header("x-global-middleware")).as("global middleware on the %d", status)
				.isEqualTo("seen");
			assertThat(response.header("x-response-hook")).as("response hook on the %d", status).isEqualTo("seen");
			assertThat(wire.closedWithin(Duration.ofSeconds(5))).as("closed after the %d", status).isTrue();
		}
	}

}
