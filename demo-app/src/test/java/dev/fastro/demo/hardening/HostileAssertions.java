package dev.fastro.demo.hardening;

import java.io.IOException;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import tools.jackson.databind.JsonNode;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.PROBLEM_JSON;
import static dev.fastro.test.TestHttp.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The assertions shared by the hardening tests, over {@link RawHttp} connections. */
final class HostileAssertions {

	/** The answer every case is followed by, on a new connection. */
	static final String HELLO = "Hello world!";

	private HostileAssertions() {
	}

	/** The reason phrase the server writes for a status, and the title of its problem. */
	static String reason(int status) {
		return HttpResponseStatus.valueOf(status).reasonPhrase();
	}

	/**
	 * Asserts an {@code application/problem+json} answer: the exact status, a
	 * content-length matching the body, and a body
	 * {@code {"type":"about:blank","title":<reason phrase>,"status":N,...}}.
	 */
	static void assertProblem(RawResponse response, int status) {
		assertDated(response);
		assertThat(response.status()).as("status of '%s', body %s", response.statusLine(), response.bodyString())
			.isEqualTo(status);
		assertThat(response.header("content-type")).as("content-type of %s", response.statusLine())
			.isEqualTo(PROBLEM_JSON);
		assertThat(response.header("content-length")).as("content-length")
			.isEqualTo(String.valueOf(response.body().length));
		JsonNode problem = json(response.bodyString());
		assertThat(problem.isObject()).as("problem %s", response.bodyString()).isTrue();
		assertThat(problem.get("type").asString()).as("type in %s", response.bodyString()).isEqualTo("about:blank");
		assertThat(problem.get("title").asString()).as("title in %s", response.bodyString()).isEqualTo(reason(status));
		assertThat(problem.get("status").asInt()).as("status in %s", response.bodyString()).isEqualTo(status);
	}

	/**
	 * Asserts that the response carries the {@code Date} an origin server with a clock
	 * must send (RFC 9110, 6.6.1).
	 */
	static void assertDated(RawResponse response) {
		String date = response.header("date");
		assertThat(date).as("date header of %s", response.statusLine()).isNotNull();
		ZonedDateTime sent = ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME);
		assertThat(sent.getZone()).as("zone of %s", date).isEqualTo(ZoneOffset.UTC);
		assertThat(Duration.between(sent, ZonedDateTime.now(ZoneOffset.UTC)).abs())
			.as("date %s against this machine's clock", date)
			.isLessThan(Duration.ofMinutes(5));
	}

	/**
	 * Asserts that the server says it closes, and closes, without sending anything more.
	 */
	static void assertClosedAfter(RawHttp wire, RawResponse response) throws IOException {
		assertThat(response.header("connection")).as("connection header of %s", response.statusLine())
			.isEqualToIgnoringCase("close");
		assertThat(wire.closedWithin(Duration.ofSeconds(2))).as("closed by the server after %s", response.statusLine())
			.isTrue();
	}

	/**
	 * Asserts that the connection is left in a sound state after {@code response}:
	 * closed, as the response announced, or still carrying requests, the next one
	 * answered as if the connection were new.
	 */
	static void assertClosedOrUsable(RawHttp wire, RawResponse response) throws IOException {
		if ("close".equalsIgnoreCase(response.header("connection"))) {
			assertThat(wire.closedWithin(Duration.ofSeconds(2)))
				.as("closed by the server after %s with connection: close", response.statusLine())
				.isTrue();
			return;
		}
		RawResponse next;
		try {
			next = wire.send(rawRequest("GET", "/")).read();
		}
		catch (IOException ex) {
			throw new AssertionError("The connection was kept open after " + response.statusLine()
					+ " (no connection: close), but the next request on it failed: " + ex, ex);
		}
		assertThat(next.status()).as("next request on the connection kept open after %s", response.statusLine())
			.isEqualTo(200);
		assertThat(next.bodyString()).isEqualTo(HELLO);
	}

	/**
	 * Waits until the server has closed every connection, so that their buffers are
	 * unreachable and the leak detection run after a test class (or a test) sees that
	 * class's leaks, not a later one's.
	 */
	static void awaitConnectionsClosed(ConnectionWatch connections) {
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(connections.openConnections()).as("connections still open").isZero());
	}

	/** Asserts that a normal request on a new connection is answered normally. */
	static void assertServing(Connector connector) throws IOException {
		try (RawHttp wire = connector.connect()) {
			RawResponse response = wire.send(rawRequest("GET", "/")).read();
			assertThat(response.status()).as("GET / on a new connection").isEqualTo(200);
			assertDated(response);
			assertThat(response.header("content-type")).isEqualTo("text/plain; charset=utf-8");
			assertThat(response.bodyString()).isEqualTo(HELLO);
		}
	}

	/** Opens a new connection to the server under test, in clear text or over TLS. */
	@FunctionalInterface
	interface Connector {

		RawHttp connect() throws IOException;

	}

}
