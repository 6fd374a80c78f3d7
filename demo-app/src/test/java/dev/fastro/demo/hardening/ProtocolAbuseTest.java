package dev.fastro.demo.hardening;

import java.io.IOException;
import java.time.Duration;

import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static dev.fastro.demo.hardening.HostileApp.MAX_BODY_BYTES;
import static dev.fastro.demo.hardening.HostileAssertions.HELLO;
import static dev.fastro.demo.hardening.HostileAssertions.assertClosedAfter;
import static dev.fastro.demo.hardening.HostileAssertions.assertClosedOrUsable;
import static dev.fastro.demo.hardening.HostileAssertions.assertProblem;
import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests that break HTTP/1.1: each is refused with an exact 4xx (505 for an unknown
 * major version), never 500 and never handed to a handler ({@code /test/count} counts its
 * calls); the connection is closed where the message boundary can no longer be trusted.
 * Then the well-formed edge cases: pipelining, {@code Expect}, HTTP/1.0,
 * {@code Connection: close}.
 */
class ProtocolAbuseTest extends HostileClientTest {

	private static final String HOST = "host: localhost\r\n";

	private int countBefore;

	@BeforeEach
	void count() {
		this.countBefore = HostileRoutes.counted.get();
	}

	// ---- the request line: the message cannot be trusted, so the connection closes

	@Test
	void garbageRequestLineIsBadRequestAndCloses() throws IOException {
		assertRefusedAndClosed("GARBAGE\r\n\r\n", 400);
	}

	@Test
	void requestLineWithoutTargetIsBadRequestAndCloses() throws IOException {
		assertRefusedAndClosed("GET\r\n\r\n", 400);
	}

	@Test
	void requestLineWithoutVersionIsBadRequestAndCloses() throws IOException {
		assertRefusedAndClosed("GET /test/count\r\n" + HOST + "\r\n", 400);
	}

	@Test
	void unsupportedMajorVersionIsHttpVersionNotSupportedAndCloses() throws IOException {
		// RFC 9110 15.6.6: 505 is the answer to a major version the server does not
		// speak.
		assertRefusedAndClosed("GET /test/count HTTP/9.9\r\n" + HOST + "\r\n", 505);
	}

	@Test
	void malformedVersionIsBadRequestAndCloses() throws IOException {
		assertRefusedAndClosed("GET /test/count HTTP/1.x\r\n" + HOST + "\r\n", 400);
	}

	@Test
	void invalidMethodTokenIsBadRequestAndCloses() throws IOException {
		assertRefusedAndClosed("G@T /test/count HTTP/1.1\r\n" + HOST + "\r\n", 400);
	}

	// ---- headers

	@Test
	void headerLineWithoutColonIsBadRequest() throws IOException {
		assertRefused("GET /test/count HTTP/1.1\r\n" + HOST + "this-line-has-no-colon\r\n\r\n", 400);
	}

	@Test
	void headerLineWithoutColonAndWithSpacesIsBadRequest() throws IOException {
		assertRefused("GET /test/count HTTP/1.1\r\n" + HOST + "no colon here\r\n\r\n", 400);
	}

	@Test
	void obsoleteLineFoldingIsBadRequest() throws IOException {
		assertRefused("GET /test/count HTTP/1.1\r\n" + HOST + "x-folded: first\r\n second\r\n\r\n", 400);
	}

	@Test
	void nulInAHeaderValueIsBadRequest() throws IOException {
		assertRefused("GET /test/count HTTP/1.1\r\n" + HOST + "x-nul: a\u0000b\r\n\r\n", 400);
	}

	@Test
	void bareLineFeedsAreBadRequestAndClose() throws IOException {
		assertRefusedAndClosed("GET /test/count HTTP/1.1\nhost: localhost\n\n", 400);
	}

	// ---- framing: the message boundary is lost, so the connection closes

	@Test
	void contentLengthWithTransferEncodingIsBadRequestAndCloses() throws IOException {
		// The classic request-smuggling shape: the two framings disagree on where the
		// next request starts.
		assertRefusedAndClosed("POST /test/count HTTP/1.1\r\n" + HOST + "content-length: 5\r\n"
				+ "transfer-encoding: chunked\r\n\r\n" + "0\r\n\r\n" + "GET /test/count HTTP/1.1\r\n" + HOST + "\r\n",
				400);
	}

	@Test
	void twoDifferentContentLengthsAreBadRequestAndClose() throws IOException {
		assertRefusedAndClosed(
				"POST /test/count HTTP/1.1\r\n" + HOST + "content-length: 3\r\ncontent-length: 4\r\n\r\n" + "abcd",
				400);
	}

	@Test
	void contentLengthListOfDifferentValuesIsBadRequestAndCloses() throws IOException {
		assertRefusedAndClosed("POST /test/count HTTP/1.1\r\n" + HOST + "content-length: 3, 4\r\n\r\n" + "abcd", 400);
	}

	@Test
	void transferEncodingNotEndingInChunkedIsBadRequestAndCloses() throws IOException {
		// RFC 9112 6.3: without chunked last, a request's length cannot be determined;
		// 400 and close.
		assertRefusedAndClosed(
				"POST /test/count HTTP/1.1\r\n" + HOST + "transfer-encoding: chunked, identity\r\n\r\n" + "0\r\n\r\n",
				400);
	}

	@ParameterizedTest
	@ValueSource(strings = { "xchunked", "gzip, chunked", "chunked, gzip" })
	void transferEncodingOtherThanChunkedIsBadRequestAndCloses(String transferEncoding) throws IOException {
		// Chunked is not the only coding, so RFC 9112 6.3 again: 400 and close. Read as
		// no body, the "0" chunk would be taken for the start of the next request.
		assertRefusedAndClosed(
				"POST /test/count HTTP/1.1\r\n" + HOST + "transfer-encoding: " + transferEncoding + "\r\n\r\n0\r\n\r\n",
				400);
	}

	@Test
	void malformedChunkSizeIsBadRequestAndCloses() throws IOException {
		assertRefusedAndClosed("POST /test/count HTTP/1.1\r\n" + HOST + "transfer-encoding: chunked\r\n\r\n" + "zz\r\n",
				400);
	}

	@Test
	void malformedChunkSizeAfterAChunkIsBadRequestAndCloses() throws IOException {
		assertRefusedAndClosed(
				"POST /test/count HTTP/1.1\r\n" + HOST + "transfer-encoding: chunked\r\n\r\n" + "2\r\n{}\r\nzz\r\n",
				400);
	}

	@ParameterizedTest
	@ValueSource(strings = { "\t2", " 2", "\u000b2", "\u000c2", "\u001c2", "\r\n2", "+2", "0x2", "2 ", "2\t", "2\u000c",
			"2\u0000", "2\r", "2 x", "2 2", "2;a\u0000b", "2;a\u001fb", "2;a\rb", "2 ;a=\u007f" })
	void chunkSizeLineWithWhitespaceOrOddBytesIsBadRequestAndCloses(String chunkSizeLine) throws IOException {
		// RFC 9112 7.1: chunk-size = 1*HEXDIG, then extensions only after ";", then CRLF.
		// Netty skips the whitespace before a size, so "\t2" once framed a body that was
		// never refused, and the connection stayed open after the client's FIN.
		assertRefusedAndClosed("POST /test/count HTTP/1.1\r\n" + HOST + "transfer-encoding: chunked\r\n\r\n"
				+ chunkSizeLine + "\r\n{}\r\n0\r\n\r\n", 400);
	}

	@ParameterizedTest
	@ValueSource(strings = { "\t0", " 0", "0 ", "0\t", "0;a\u0000b" })
	void lastChunkLineWithWhitespaceOrOddBytesIsBadRequestAndCloses(String lastChunkLine) throws IOException {
		assertRefusedAndClosed("POST /test/count HTTP/1.1\r\n" + HOST + "transfer-encoding: chunked\r\n\r\n"
				+ "2\r\n{}\r\n" + lastChunkLine + "\r\n\r\n", 400);
	}

	@ParameterizedTest
	@ValueSource(strings = { "2;ext", "2;ext=1", "2 ;ext=\"a b\"", "2\t;ext", "002" })
	void chunkSizeLineWithExtensionsIsAccepted(String chunkSizeLine) throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire
				.send("POST /test/count HTTP/1.1\r\n" + HOST + "transfer-encoding: chunked\r\n\r\n" + chunkSizeLine
						+ "\r\n{}\r\n0\r\n\r\n")
				.read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo("counted");
			assertClosedOrUsable(wire, response);
		}
	}

	@Test
	void chunkDataNotEndedByCrLfIsBadRequestAndCloses() throws IOException {
		assertRefusedAndClosed("POST /test/count HTTP/1.1\r\n" + HOST + "transfer-encoding: chunked\r\n\r\n"
				+ "2\r\n{}XX\r\n0\r\n\r\n", 400);
	}

	@Test
	void malformedChunkOfARequestAskingToUpgradeIsBadRequestAndCloses() throws IOException {
		// Found by RandomRequestsPropertyTest: a request asking to upgrade, with
		// a body. Its body must be received before it is answered: answered first,
		// with 200, the connection stayed open after the failed body.
		assertRefusedAndClosed("GET /test/count HTTP/1.1\r\n" + HOST + "upgrade: something\r\n"
				+ "transfer-encoding: chunked\r\n\r\n" + "2\r\n{}XX\r\n0\r\n\r\n", 400);
	}

	// ---- Host (RFC 9112 3.2: 400 for none, or more than one, on HTTP/1.1)

	@Test
	void http11WithoutHostIsBadRequest() throws IOException {
		assertRefused("GET /test/count HTTP/1.1\r\n\r\n", 400);
	}

	@Test
	void twoHostHeadersAreBadRequest() throws IOException {
		assertRefused("GET /test/count HTTP/1.1\r\n" + HOST + "host: other.example\r\n\r\n", 400);
	}

	@ParameterizedTest
	@ValueSource(strings = { "locaauthorization:", "localhost:abc", "local host", "[::1", "localhost:99999" })
	void malformedHostIsBadRequest(String host) throws IOException {
		// Found by RandomRequestsPropertyTest: refused, but with an empty body instead of
		// a problem.
		assertRefused("GET /test/count HTTP/1.1\r\nhost: " + host + "\r\n\r\n", 400);
	}

	// ---- the request target, well framed: 400 from the router or the query decoder

	@ParameterizedTest
	@ValueSource(strings = { "/user/%zz", "/%zz", "/user/%", "/user/%C0%AF", "/user/%FF", "/query?name=%C0%AF",
			"/query?name=%FF", "/query?name=%zz" })
	void undecodableTargetIsBadRequest(String target) throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send(rawRequest("GET", target)).read();
			assertProblem(response, 400);
			assertClosedOrUsable(wire, response);
		}
	}

	@ParameterizedTest
	@ValueSource(ints = { 0x00, 0x01, 0x1F, 0x7F, 0x80, 0xFF })
	void byteOutsideVisibleAsciiInTheTargetIsBadRequestAndCloses(int octet) throws IOException {
		// RFC 9112 3.2: only visible ASCII in a request target; GET /user/1<NUL>2 once
		// answered "User 1\u00002".
		assertRefusedAndClosed("GET /test/count" + (char) octet + "2 HTTP/1.1\r\n" + HOST + "\r\n", 400);
	}

	@ParameterizedTest
	@ValueSource(strings = { "/test/count#top", "test/count", "localhost:8080", "ftp://localhost/test/count" })
	void targetThatIsNoPathIsBadRequestAndCloses(String target) throws IOException {
		// A fragment is never sent, and only a path, an absolute http(s) URI or '*' names
		// what to route: "GET test/count" once reached the router as the path
		// "test/count".
		assertRefusedAndClosed("GET " + target + " HTTP/1.1\r\n" + HOST + "\r\n", 400);
	}

	@Test
	void asteriskTargetIsForOptionsOnly() throws IOException {
		// RFC 9112 3.2.4: "GET *" once reached the router as the path "*", a 404.
		assertRefusedAndClosed("GET * HTTP/1.1\r\n" + HOST + "\r\n", 400);
	}

	@Test
	void optionsAsteriskAnswersWithTheServersMethods() throws IOException {
		// RFC 9110 9.3.7: OPTIONS * asks about the server; it was a 404.
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send(rawRequest("OPTIONS", "*")).read();
			assertThat(response.status()).as(response.bodyString()).isEqualTo(204);
			assertThat(response.header("allow")).isEqualTo("GET, HEAD, OPTIONS, POST");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "/test/count/../../etc/passwd", "/test/count/./x", "/test/count/x/..",
			"/test/count/%2e%2E/x", "/test/count/.%2e", "/test/count/..%2Fx", "/test/count/a%2f.%2fb",
			"http://localhost/test/count/../x" })
	void dotSegmentIsBadRequestAndCloses(String target) throws IOException {
		// A client removes dot segments (RFC 3986, 5.2.4); the catch-all
		// /test/count/{*rest} once took "../../etc/passwd" as its value.
		assertRefusedAndClosed("GET " + target + " HTTP/1.1\r\n" + HOST + "\r\n", 400);
	}

	@ParameterizedTest
	@ValueSource(
			strings = { "/test/count/.../x", "/test/count/.x/x..", "/test/count/%2e%2e%2e", "/test/count/x?to=../y" })
	void dotsThatAreNoDotSegmentAreRouted(String target) throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send(rawRequest("GET", target)).read();
			assertThat(response.status()).as(response.bodyString()).isEqualTo(200);
			assertThat(response.bodyString()).startsWith("counted ");
		}
	}

	@Test
	void absoluteFormTargetIsRoutedByItsPath() throws IOException {
		try (RawHttp wire = connect()) {
			assertThat(wire.send(rawRequest("GET", "http://localhost/user/7?x=1")).read().bodyString())
				.isEqualTo("User 7");
		}
	}

	@Test
	void percentEncodedNulInAParameterIsDecoded() throws IOException {
		// Escaped, a NUL is data: a handler that builds file names must refuse it itself
		// (README).
		try (RawHttp wire = connect()) {
			assertThat(wire.send(rawRequest("GET", "/user/1%002")).read().bodyString()).isEqualTo("User 1\u00002");
		}
	}

	// ---- well-formed edge cases

	@Test
	void pipelinedRequestsAreAnsweredInOrder() throws IOException {
		try (RawHttp wire = connect()) {
			// The first is answered later (a 5 ms delay) than the others could be.
			wire.send(rawRequest("GET", "/async/greeting/first") + rawRequest("GET", "/user/2")
					+ rawRequest("GET", "/query?name=third"));
			assertThat(wire.read().bodyString()).isEqualTo("Hello, first!");
			assertThat(wire.read().bodyString()).isEqualTo("User 2");
			assertThat(wire.read().bodyString()).isEqualTo("Hello third");
		}
	}

	@Test
	void pipelinedRequestsWithBodiesEachGetTheirOwn() throws IOException {
		// The bodies are received whole before their requests reach the handlers: each
		// waits for its handler behind a slower answer, in one read or byte by byte.
		String pipelined = rawRequest("GET", "/async/greeting/first") + jsonPost("first") + rawRequest("GET", "/user/2")
				+ jsonPost("second") + jsonPost("third");
		for (boolean byteByByte : new boolean[] { false, true }) {
			try (RawHttp wire = connect()) {
				if (byteByByte) {
					wire.sendByteByByte(pipelined);
				}
				else {
					wire.send(pipelined);
				}
				assertThat(wire.read().bodyString()).isEqualTo("Hello, first!");
				assertThat(wire.read().bodyString()).isEqualTo(payload("first"));
				assertThat(wire.read().bodyString()).isEqualTo("User 2");
				assertThat(wire.read().bodyString()).isEqualTo(payload("second"));
				assertThat(wire.read().bodyString()).isEqualTo(payload("third"));
			}
		}
	}

	@Test
	void manyPipelinedRequestsAreAllAnsweredInOrder() throws IOException {
		// More requests than may wait at once: the server stops reading until they drain.
		StringBuilder pipelined = new StringBuilder();
		for (int i = 0; i < 100; i++) {
			pipelined.append((i % 3 == 0) ? jsonPost("n" + i) : rawRequest("GET", "/user/" + i));
		}
		try (RawHttp wire = connect()) {
			wire.send(pipelined.toString());
			for (int i = 0; i < 100; i++) {
				assertThat(wire.read().bodyString()).isEqualTo((i % 3 == 0) ? payload("n" + i) : "User " + i);
			}
		}
	}

	/** A pipelinable JSON POST to {@code /json}, which echoes {@link #payload}. */
	static String jsonPost(String name) {
		String body = payload(name);
		return rawRequest("POST", "/json", "content-type: application/json", "content-length: " + body.length()) + body;
	}

	static String payload(String name) {
		return "{\"name\":\"" + name + "\",\"email\":\"" + name + "@fastro.dev\"}";
	}

	@Test
	void expectContinueIsAnsweredContinueWhenTheBodyWillBeAccepted() throws IOException {
		String body = "{\"name\":\"fastro\",\"email\":\"hello@fastro.dev\"}";
		try (RawHttp wire = connect()) {
			RawResponse interim = wire
				.send(rawRequest("POST", "/json", "content-type: application/json", "content-length: " + body.length(),
						"expect: 100-continue"))
				.read();
			assertThat(interim.statusLine()).isEqualTo("HTTP/1.1 100 Continue");
			RawResponse response = wire.send(body).read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo(body);
			assertClosedOrUsable(wire, response);
		}
	}

	@Test
	void expectContinueWithTooLargeABodyIsRefusedWithoutContinue() throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire
				.send(rawRequest("POST", "/json", "content-type: application/json",
						"content-length: " + (MAX_BODY_BYTES + 1), "expect: 100-continue"))
				.read();
			assertProblem(response, 413);
			assertClosedAfter(wire, response);
		}
	}

	@Test
	void unknownExpectationIsExpectationFailed() throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send(rawRequest("GET", "/test/count", "expect: something")).read();
			assertProblem(response, 417);
			assertClosedOrUsable(wire, response);
		}
		assertNoHandlerCalled();
	}

	@Test
	void http10WithoutKeepAliveIsAnsweredAndClosed() throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send("GET / HTTP/1.0\r\n\r\n").readToHttp10();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo(HELLO);
			assertThat(wire.closedWithin(Duration.ofSeconds(2))).as("closed after the HTTP/1.0 answer").isTrue();
		}
	}

	@Test
	void connectionCloseIsAnsweredAndClosed() throws IOException {
		try (RawHttp wire = connect()) {
			RawResponse response = wire.send(rawRequest("GET", "/", "connection: close")).read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo(HELLO);
			assertThat(wire.closedWithin(Duration.ofSeconds(2))).as("closed after connection: close").isTrue();
		}
	}

	/**
	 * Sends {@code request} alone, pipelined behind a valid request, and one byte per
	 * write; asserts each time one problem with {@code status}, no handler call, and the
	 * connection closed.
	 */
	private void assertRefusedAndClosed(String request, int status) throws IOException {
		assertRefused(request, status, HostileAssertions::assertClosedAfter);
	}

	/** As {@link #assertRefusedAndClosed}, but the connection may instead stay usable. */
	private void assertRefused(String request, int status) throws IOException {
		assertRefused(request, status, HostileAssertions::assertClosedOrUsable);
	}

	private void assertRefused(String request, int status, ConnectionCheck afterwards) throws IOException {
		for (Sending sending : Sending.values()) {
			try (RawHttp wire = connect()) {
				RawResponse response = sending.send(wire, request);
				assertProblem(response, status);
				afterwards.check(wire, response);
			}
			assertNoHandlerCalled();
		}
	}

	/** What the connection must do after the refusal. */
	@FunctionalInterface
	private interface ConnectionCheck {

		void check(RawHttp wire, RawResponse response) throws IOException;

	}

	/**
	 * The ways a hostile request is sent: the server's checks must hold for every request
	 * on a connection, however its bytes are split across reads.
	 */
	private enum Sending {

		ALONE {
			@Override
			RawResponse send(RawHttp wire, String request) throws IOException {
				return wire.send(request).read();
			}
		},

		PIPELINED_BEHIND_A_VALID_REQUEST {
			@Override
			RawResponse send(RawHttp wire, String request) throws IOException {
				wire.send(rawRequest("GET", "/") + request);
				RawResponse first = wire.read();
				assertThat(first.status()).as("the valid request before the hostile one").isEqualTo(200);
				assertThat(first.bodyString()).isEqualTo(HELLO);
				return wire.read();
			}
		},

		BYTE_BY_BYTE {
			@Override
			RawResponse send(RawHttp wire, String request) throws IOException {
				return wire.sendByteByByte(request).read();
			}
		};

		abstract RawResponse send(RawHttp wire, String request) throws IOException;

	}

	/**
	 * Asserts that {@code /test/count} was not called. Called once the server closed the
	 * connection or answered the next request on it: a handler reached by the request
	 * would have been called by then, since the server reads a connection's requests in
	 * order, on its one event loop.
	 */
	private void assertNoHandlerCalled() {
		assertThat(HostileRoutes.counted.get()).as("calls of the handler").isEqualTo(this.countBefore);
	}

}
