package dev.fastro.demo.hardening;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The timeouts: idle connections (idle-timeout: 2s), clients that send too slowly (read-timeout: 1s),
 * and handlers that take too long (request-timeout: 1s).
 */
class TimeoutsTest extends HostileClientTest {

	/** What the server may take beyond a timeout to act on it. */
	private static final Duration MARGIN = Duration.ofMillis(1500);

	/**
	 * The same for the read timeout: less than the idle timeout minus the read timeout, so that only the
	 * read timeout can end a slow request in time, not the idle timeout.
	 */
	private static final Duration READ_MARGIN = Duration.ofMillis(700);

	private static final Duration IDLE = Duration.ofMillis(IDLE_TIMEOUT_MILLIS);

	private static final Duration READ = Duration.ofMillis(READ_TIMEOUT_MILLIS);

	private static final Duration REQUEST = Duration.ofMillis(REQUEST_TIMEOUT_MILLIS);

	// ---- idle connections

	@Test
	void idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() throws IOException {
		try (RawHttp wire = new RawHttp(this.port)) {
			RawResponse response = wire.send(rawRequest("GET", "/")).read();
			assertThat(response.status()).isEqualTo(200);
			RawHttp.Received rest = wire.readUntilClose(IDLE.plus(MARGIN).plusSeconds(1));
			assertThat(rest.ended()).as("closed by the server, after %s", rest.elapsed()).isTrue();
			assertThat(rest.text()).as("sent before closing an idle connection").isEmpty();
			// Not before the idle timeout (the read timeout, shorter, is for requests being read, not idle ones).
			assertThat(rest.elapsed()).isBetween(IDLE.minusMillis(300), IDLE.plus(MARGIN));
		}
	}

	@Test
	void connectionThatNeverSendsAByteIsClosed() throws IOException {
		try (RawHttp wire = new RawHttp(this.port)) {
			RawHttp.Received received = wire.readUntilClose(IDLE.plus(MARGIN).plusSeconds(1));
			assertThat(received.ended()).as("closed by the server, after %s", received.elapsed()).isTrue();
			assertThat(received.elapsed()).isLessThanOrEqualTo(IDLE.plus(MARGIN));
			assertNothingOr408(received);
		}
	}

	// ---- slow clients

	@Test
	void headersSentTooSlowlyAreCutOffAfterTheReadTimeout() throws IOException {
		try (RawHttp wire = new RawHttp(this.port)) {
			// One byte every 300 ms, never finishing: no single read waits long, the whole does.
			wire.send("GET / HTTP/1.1\r\nhost: localhost\r\nx-slow: ")
				.drip("a".getBytes(StandardCharsets.US_ASCII), Duration.ofMillis(300));
			RawHttp.Received received = wire.readUntilClose(IDLE.plus(MARGIN));
			assertThat(received.ended()).as("connection ended, after %s", received.elapsed()).isTrue();
			assertThat(received.elapsed()).isLessThanOrEqualTo(READ.plus(READ_MARGIN));
			assertNothingOr408(received);
		}
	}

	@Test
	void bodySentTooSlowlyIsCutOffAfterTheReadTimeout() throws IOException {
		try (RawHttp wire = new RawHttp(this.port)) {
			// Content-length 100, then 10 bytes, then nothing.
			wire.send(rawRequest("POST", "/json", "content-type: application/json", "content-length: 100")
					+ "{\"name\":\"a");
			RawHttp.Received received = wire.readUntilClose(IDLE.plus(MARGIN));
			assertThat(received.ended()).as("connection ended, after %s", received.elapsed()).isTrue();
			assertThat(received.elapsed()).isLessThanOrEqualTo(READ.plus(READ_MARGIN));
			assertNothingOr408(received);
		}
	}

	// ---- slow handlers

	@Test
	void handlerThatNeverFinishesIsServiceUnavailableAfterTheRequestTimeout() throws IOException {
		try (RawHttp wire = new RawHttp(this.port, REQUEST.plus(MARGIN).plusSeconds(2))) {
			long start = System.nanoTime();
			RawResponse response = wire.send(rawRequest("GET", "/test/never")).read();
			Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
			assertProblem(response, 503);
			assertThat(elapsed).isBetween(REQUEST.minusMillis(100), REQUEST.plus(MARGIN));
			assertClosedOrUsable(wire, response);
		}
	}

	@Test
	void blockingHandlerThatTakesTooLongIsServiceUnavailableAfterTheRequestTimeout() throws IOException {
		String id = UUID.randomUUID().toString();
		try (RawHttp wire = new RawHttp(this.port, REQUEST.plus(MARGIN).plusSeconds(2))) {
			long start = System.nanoTime();
			RawResponse response = wire.send(rawRequest("GET", "/test/slow-blocking?id=" + id)).read();
			Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
			assertThat(HostileRoutes.blockingStarted).contains(id);
			assertProblem(response, 503);
			assertThat(elapsed).isBetween(REQUEST.minusMillis(100), REQUEST.plus(MARGIN));
			assertClosedOrUsable(wire, response);
		}
	}

	@Test
	void blockingHandlerThatTakesTooLongIsInterrupted() throws Exception {
		String id = UUID.randomUUID().toString();
		long start = System.nanoTime();
		try (RawHttp wire = new RawHttp(this.port, REQUEST.plus(MARGIN).plusSeconds(2))) {
			wire.send(rawRequest("GET", "/test/slow-blocking?id=" + id));
			while (!HostileRoutes.blockingInterrupted.contains(id)
					&& System.nanoTime() - start < REQUEST.plusSeconds(1).toNanos()) {
				Thread.sleep(20);
			}
			assertThat(HostileRoutes.blockingStarted).contains(id);
			assertThat(HostileRoutes.blockingInterrupted).as("the sleeping handler was interrupted within %s", REQUEST.plusSeconds(1))
				.contains(id);
		}
	}

	/** Asserts that nothing was sent before the connection ended, or one 408 problem. */
	private static void assertNothingOr408(RawHttp.Received received) throws IOException {
		if (received.bytes().length > 0) {
			List<RawResponse> responses = received.responses();
			assertThat(responses).as("answers before the connection ended: %s", received.text()).hasSize(1);
			assertProblem(responses.get(0), 408);
		}
	}

}
