package dev.fastro.demo.hardening;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.Test;

import static dev.fastro.demo.hardening.HostileApp.IDLE_TIMEOUT_MILLIS;
import static dev.fastro.demo.hardening.HostileApp.READ_TIMEOUT_MILLIS;
import static dev.fastro.demo.hardening.HostileApp.REQUEST_TIMEOUT_MILLIS;
import static dev.fastro.demo.hardening.HostileAssertions.assertClosedOrUsable;
import static dev.fastro.demo.hardening.HostileAssertions.assertProblem;
import static dev.fastro.demo.hardening.ProtocolAbuseTest.jsonPost;
import static dev.fastro.demo.hardening.ProtocolAbuseTest.payload;
import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The timeouts: idle connections (idle-timeout: 2s), clients that send too slowly
 * (read-timeout: 1s), and handlers that take too long (request-timeout: 1s). Each case
 * tells which timeout acted by what the server did, not by when: the idle close sends
 * nothing, the read timeout answers 408 (when the client lets it be read), the request
 * timeout 503, each naming itself; the clock only bounds the wait.
 */
class TimeoutsTest extends HostileClientTest {

	private static final Duration IDLE = Duration.ofMillis(IDLE_TIMEOUT_MILLIS);

	private static final Duration READ = Duration.ofMillis(READ_TIMEOUT_MILLIS);

	private static final Duration REQUEST = Duration.ofMillis(REQUEST_TIMEOUT_MILLIS);

	/**
	 * How long a test waits for a timeout to act: five times the longest, so that a slow
	 * machine is no failure.
	 */
	private static final Duration PATIENCE = IDLE.multipliedBy(5);

	// ---- idle connections

	@Test
	void idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send(rawRequest("GET", "/")).read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.header("connection")).as("kept alive").isNull();
			// The next request proves the connection was kept open, not closed with the
			// answer.
			assertThat(wire.send(rawRequest("GET", "/")).read().status()).isEqualTo(200);
			RawHttp.Received rest = wire.readUntilClose(PATIENCE);
			assertThat(rest.ended()).as("closed by the server: %s", rest).isTrue();
			// The read timeout, shorter, would have answered 408: it is for requests
			// being read, not idle ones.
			assertThat(rest.text()).as("sent before closing an idle connection").isEmpty();
		}
	}

	@Test
	void connectionThatNeverSendsAByteIsClosed() throws IOException {
		try (RawHttp wire = connect()) {
			RawHttp.Received received = wire.readUntilClose(PATIENCE);
			assertThat(received.ended()).as("closed by the server: %s", received).isTrue();
			assertNothingOr408(received, "headers");
		}
	}

	// ---- slow clients

	@Test
	void headersSentTooSlowlyAreCutOffAfterTheReadTimeout() throws IOException {
		try (RawHttp wire = connect()) {
			// One byte every 300 ms, never finishing: no single read waits long, the
			// whole does. The connection is never idle, so only the read timeout can
			// end it.
			wire.send("GET / HTTP/1.1\r\nhost: localhost\r\nx-slow: ")
				.drip("a".getBytes(StandardCharsets.US_ASCII), READ.dividedBy(3));
			RawHttp.Received received = wire.readUntilClose(PATIENCE);
			// The server answers and sends its FIN, then keeps reading and discarding
			// (lingering close): bytes still arriving cannot turn the close into a reset
			// that would lose the 408.
			assertThat(received.end()).as("connection ended: %s", received).isEqualTo(RawHttp.End.EOF);
			List<RawResponse> responses = received.responses();
			assertThat(responses).as("answers before the connection ended: %s", received).hasSize(1);
			assertTimedOut(responses.get(0), 408,
					"The request headers did not arrive within " + READ.toMillis() + " ms");
		}
	}

	@Test
	void bodySentTooSlowlyIsCutOffAfterTheReadTimeout() throws IOException {
		try (RawHttp wire = connect()) {
			// Content-length 100, then 10 bytes, then nothing.
			wire.send(rawRequest("POST", "/json", "content-type: application/json", "content-length: 100")
					+ "{\"name\":\"a");
			RawHttp.Received received = wire.readUntilClose(PATIENCE);
			assertThat(received.ended()).as("connection ended: %s", received).isTrue();
			List<RawResponse> responses = received.responses();
			assertThat(responses).as("answers before the connection ended: %s", received).hasSize(1);
			assertTimedOut(responses.get(0), 408, "The request body did not arrive within " + READ.toMillis() + " ms");
		}
	}

	@Test
	void eachPipelinedRequestIsGivenTheReadTimeoutFromItsOwnStart() throws Exception {
		// Four requests in five parts, each cut in the middle of a body and sent 40% of
		// the read timeout after the one before: every head and body arrives in time
		// (with 60% to spare), the four together do not (60% late), and no read ends
		// between two requests.
		List<String> names = List.of("first", "second", "third", "fourth");
		StringBuilder pipelined = new StringBuilder();
		List<Integer> cuts = new ArrayList<>();
		for (String name : names) {
			pipelined.append(jsonPost(name));
			cuts.add(pipelined.length() - payload(name).length() / 2);
		}
		try (RawHttp wire = connect()) {
			int from = 0;
			for (int cut : cuts) {
				wire.send(pipelined.substring(from, cut));
				// The slowness is the point: a slow but steady client.
				Thread.sleep(READ.multipliedBy(2).dividedBy(5).toMillis());
				from = cut;
			}
			wire.send(pipelined.substring(from));
			for (String name : names) {
				RawResponse response = wire.read();
				assertThat(response.status()).as("%s: %s", name, response).isEqualTo(200);
				assertThat(response.bodyString()).isEqualTo(payload(name));
			}
		}
	}

	// ---- slow handlers

	@Test
	void handlerThatNeverFinishesIsServiceUnavailableAfterTheRequestTimeout() throws IOException {
		try (RawHttp wire = connect(PATIENCE)) {
			RawResponse response = wire.send(rawRequest("GET", "/test/never")).read();
			assertTimedOut(response, 503, "No answer within the request timeout of " + REQUEST.toMillis() + " ms");
			assertClosedOrUsable(wire, response);
		}
	}

	@Test
	void streamWhoseFirstItemNeverComesIsServiceUnavailableAfterTheRequestTimeout() throws IOException {
		for (String path : List.of("/test/never-stream", "/test/never-stream-in-response")) {
			try (RawHttp wire = connect(PATIENCE)) {
				RawResponse response = wire.send(rawRequest("GET", path)).read();
				assertTimedOut(response, 503, "No answer within the request timeout of " + REQUEST.toMillis() + " ms");
				assertClosedOrUsable(wire, response);
			}
		}
	}

	@Test
	void streamThatHasBegunMayOutliveTheRequestTimeout() throws IOException {
		try (RawHttp wire = connect(PATIENCE)) {
			RawResponse response = wire.send(rawRequest("GET", "/test/late-second-item")).read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo("[\"first\",\"second\"]");
		}
	}

	@Test
	void blockingHandlerThatTakesTooLongIsServiceUnavailableAfterTheRequestTimeout() throws IOException {
		String id = UUID.randomUUID().toString();
		try (RawHttp wire = connect(PATIENCE)) {
			RawResponse response = wire.send(rawRequest("GET", "/test/slow-blocking?id=" + id)).read();
			assertThat(HostileRoutes.blockingStarted).contains(id);
			assertTimedOut(response, 503, "No answer within the request timeout of " + REQUEST.toMillis() + " ms");
			assertClosedOrUsable(wire, response);
		}
	}

	@Test
	void blockingHandlerThatTakesTooLongIsInterrupted() throws Exception {
		String id = UUID.randomUUID().toString();
		try (RawHttp wire = connect(PATIENCE)) {
			wire.send(rawRequest("GET", "/test/slow-blocking?id=" + id));
			// The request timeout's cancel must interrupt the handler's 10 s sleep.
			await().atMost(PATIENCE.dividedBy(2))
				.untilAsserted(
						() -> assertThat(HostileRoutes.blockingInterrupted).as("interrupted handlers").contains(id));
			assertThat(HostileRoutes.blockingStarted).contains(id);
		}
	}

	/**
	 * Asserts that nothing was sent before the connection ended, or one 408 problem about
	 * the {@code part}.
	 */
	private static void assertNothingOr408(RawHttp.Received received, String part) throws IOException {
		if (received.bytes().length > 0) {
			List<RawResponse> responses = received.responses();
			assertThat(responses).as("answers before the connection ended: %s", received).hasSize(1);
			assertTimedOut(responses.get(0), 408,
					"The request " + part + " did not arrive within " + READ.toMillis() + " ms");
		}
	}

	/**
	 * Asserts a problem with {@code status} whose detail names the timeout that acted.
	 */
	private static void assertTimedOut(RawResponse response, int status, String detail) {
		assertProblem(response, status);
		assertThat(json(response.bodyString()).get("detail").asString()).isEqualTo(detail);
	}

}
