package dev.fastro.demo.hardening;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.annotation.Autowired;

import static dev.fastro.demo.hardening.HostileAssertions.assertClosedOrUsable;
import static dev.fastro.demo.hardening.HostileAssertions.assertProblem;
import static dev.fastro.demo.hardening.HostileAssertions.assertServing;
import static dev.fastro.demo.hardening.HostileAssertions.awaitConnectionsClosed;
import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.notNullValue;

/**
 * Faults on the application's side of the wire: a handler that writes an invalid header,
 * clients that leave mid-request. The server answers once, leaks nothing, cancels what
 * nobody waits for, and goes on.
 */
class AppFaultsTest extends HostileClientTest {

	/**
	 * Leaks found when a leak-checking test started: earlier tests' leaks, reported after
	 * the class.
	 */
	private static final List<String> earlierLeaks = new CopyOnWriteArrayList<>();

	@AfterAll
	static void reportEarlierLeaks(@Autowired ConnectionWatch connections) {
		awaitConnectionsClosed(connections);
		if (!earlierLeaks.isEmpty()) {
			throw new AssertionError(earlierLeaks.size() + " Netty buffer leak(s) before a leak-checking test:\n"
					+ String.join("\n\n", earlierLeaks));
		}
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource({ "/test/crlf, x-bad, b", "/test/bad-name, x bad, x" })
	void headerThatIsNoHeaderIsOneInternalServerError(String path, String name, String injected) throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send(rawRequest("GET", path)).read();
			// Exactly one response: no invalid or injected header line, no second
			// response after it.
			assertProblem(response, 500);
			assertThat(response.headerNames()).doesNotContain(name, injected);
			assertThat(response.bodyString()).doesNotContain("should not be sent");
			assertClosedOrUsable(wire, response);
		}
	}

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource({ "204, text", "204, json-stream", "204, json-stream-later", "204, input-stream", "205, text",
			"205, json-stream", "205, json-stream-later", "205, input-stream", "304, text", "304, json-stream",
			"304, json-stream-later", "304, input-stream" })
	void statusWithoutContentIsSentWithoutTheBodyTheHandlerGave(int status, String kind) throws Exception {
		String id = UUID.randomUUID().toString();
		startLeakCheck();
		try (RawHttp wire = connect()) {
			wire.send(rawRequest("GET", "/test/body/" + status + "/" + kind + "?id=" + id) + rawRequest("GET", "/"));
			RawResponse response = wire.read();
			assertThat(response.status()).isEqualTo(status);
			assertThat(response.header("transfer-encoding")).isNull();
			assertThat(response.header("content-length")).isEqualTo((status == 205) ? "0" : null);
			// The next answer follows the head at once: no byte of a body in between.
			assertAnsweredNext(wire, kind, id);
		}
		assertNoLeaks();
	}

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource({ "GET, text", "GET, json-stream", "GET, json-stream-later", "GET, input-stream", "HEAD, text",
			"HEAD, json-stream", "HEAD, json-stream-later", "HEAD, input-stream", "HEAD, endless-stream" })
	void answerOfEveryKindLeavesTheConnectionUsable(String method, String kind) throws Exception {
		String id = UUID.randomUUID().toString();
		startLeakCheck();
		try (RawHttp wire = connect()) {
			wire.send(rawRequest(method, "/test/body/200/" + kind + "?id=" + id) + rawRequest("GET", "/"));
			RawResponse response = method.equals("HEAD") ? wire.readToHead() : wire.read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.header("connection")).isNull();
			if (method.equals("GET")) {
				assertThat(response.bodyString()).contains("body");
			}
			assertAnsweredNext(wire, kind, id);
		}
		assertNoLeaks();
	}

	/**
	 * The request pipelined after the one under test is answered next, and the
	 * {@code InputStream} the handler gave, if it gave one, is closed.
	 */
	private static void assertAnsweredNext(RawHttp wire, String kind, String id) throws IOException {
		RawResponse next = wire.read();
		assertThat(next.status()).isEqualTo(200);
		assertThat(next.bodyString()).isEqualTo(HostileAssertions.HELLO);
		if (kind.equals("input-stream")) {
			await().untilAsserted(() -> assertThat(HostileRoutes.bodyStreamsClosed).contains(id));
		}
	}

	@Test
	void clientLeavingMidStreamCancelsTheStream() throws Exception {
		String id = UUID.randomUUID().toString();
		startLeakCheck();
		try (RawHttp wire = connect()) {
			wire.send(rawRequest("GET", "/test/body/200/endless-stream?id=" + id));
			assertThat(wire.readToHead().status()).isEqualTo(200);
		}
		await().untilAsserted(() -> assertThat(HostileRoutes.endlessStreamsCancelled).contains(id));
		assertNoLeaks();
	}

	@Test
	void clientLeavingMidBodyLeaksNothing() throws Exception {
		startLeakCheck();
		for (int i = 0; i < 20; i++) {
			try (RawHttp wire = connect()) {
				wire.send(rawRequest("POST", "/json", "content-type: application/json", "content-length: 100")
						+ "{\"name\":\"half a bo");
			}
			try (RawHttp wire = connect()) {
				wire.send(rawRequest("POST", "/json", "content-type: application/json", "transfer-encoding: chunked")
						+ "8\r\n{\"name\":\r\n6\r\n\"half");
			}
		}
		assertServing(this::connect);
		assertNoLeaks();
	}

	@Test
	void clientLeavingRightAfterAWholeRequestLeaksNothing() throws Exception {
		startLeakCheck();
		// The request is complete, but the client is gone (FIN, then close) before the
		// answer is written;
		// the answer would be a 200, or a 400 from the JSON reader.
		for (int i = 0; i < 80; i++) {
			String body = new String[] { "{\"name\":\"n\",\"email\":\"e\"}", "{\"name\":", "null", "[1]" }[i % 4];
			try (RawHttp wire = connect()) {
				wire.send(rawRequest("POST", "/json", "content-type: application/json",
						"content-length: " + body.length()) + body);
				wire.shutdownOutput();
			}
			try (RawHttp wire = connect()) {
				wire.send(rawRequest("POST", "/json", "content-type: application/json", "transfer-encoding: chunked")
						+ Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n");
				wire.shutdownOutput();
			}
		}
		assertServing(this::connect);
		assertNoLeaks();
	}

	@Test
	void malformedChunkAfterAGoodOneLeaksNothing() throws Exception {
		startLeakCheck();
		// Found by RandomRequestsPropertyTest: the 400 is right, but buffers of the
		// request were not released.
		for (int i = 0; i < 40; i++) {
			String chunks = (i % 2 == 0) ? "2\r\n{}\r\nzz\r\n" : "2\r\n{}XX\r\n0\r\n\r\n";
			for (String path : new String[] { "/json", "/test/count" }) {
				try (RawHttp wire = connect()) {
					RawResponse response = wire
						.send(rawRequest("POST", path, "content-type: application/json", "transfer-encoding: chunked")
								+ chunks)
						.read();
					assertProblem(response, 400);
					assertThat(wire.closedWithin(Duration.ofSeconds(2))).isTrue();
				}
			}
		}
		assertServing(this::connect);
		assertNoLeaks();
	}

	@Test
	void clientResettingWhileTheHandlerIsPendingCancelsIt() throws Exception {
		HostileRoutes.pendingSubscribedOn.set(null);
		HostileRoutes.pendingCancelledOn.set(null);
		Thread subscribedOn;
		try (RawHttp wire = connect()) {
			wire.send(rawRequest("GET", "/test/pending"));
			subscribedOn = await().atMost(Duration.ofSeconds(10))
				.untilAtomic(HostileRoutes.pendingSubscribedOn, notNullValue());
			assertThat(HostileRoutes.pendingCancelledOn.get()).as("cancelled while the client waits").isNull();
			// A reset, not a FIN: a FIN only says that no more requests come (see
			// HalfCloseTest), and the client may still read the answer; a reset says
			// that nobody will.
			wire.reset();
		}
		Thread cancelledOn = await().atMost(Duration.ofSeconds(10))
			.untilAtomic(HostileRoutes.pendingCancelledOn, notNullValue());
		// The request timeout cancels too, from its timer on Reactor's parallel
		// scheduler; the client
		// leaving cancels on the connection's event loop, the thread that subscribed.
		assertThat(cancelledOn).as("thread that cancelled, not the request timeout's").isSameAs(subscribedOn);
	}

	/**
	 * Leaks of earlier test classes may show late, once their connections are closed: set
	 * them apart.
	 */
	@BeforeAll
	static void setEarlierLeaksApart(@Autowired ConnectionWatch connections) {
		awaitConnectionsClosed(connections);
		earlierLeaks.addAll(NettyLeakDetection.collectLeaks());
	}

	/**
	 * Starts a test that checks for leaks itself: leaks found now are earlier tests',
	 * reported after the class.
	 */
	private static void startLeakCheck() {
		earlierLeaks.addAll(NettyLeakDetection.collectLeaks());
	}

	/**
	 * Asserts that no buffer leaked since {@link #startLeakCheck()}, once the server
	 * closed the connections.
	 */
	private void assertNoLeaks() {
		awaitConnectionsClosed(this.connections);
		assertThat(NettyLeakDetection.collectLeaks()).as("Netty buffer leaks").isEmpty();
	}

}
