package dev.fastro.demo.hardening;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static dev.fastro.demo.hardening.HostileAssertions.assertProblem;
import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A client may send its requests and then shut its side of the connection down (a FIN)
 * before it reads the answers: that is legal HTTP/1.1, and the answers must come whole,
 * whether they are written at once, later, from a blocking thread or streamed. The server
 * closes the connection once they are.
 * <p>
 * Over TLS ({@link TlsExchangeTest}) the client shuts its side down with a close_notify,
 * then the FIN. TLS 1.3 makes the close_notify a half-close too: it ends what the client
 * sends and leaves the server's side open (RFC 8446, 6.1), so the same answers are due.
 */
class HalfCloseTest extends HostileClientTest {

	@ParameterizedTest
	@ValueSource(strings = { "/users", "/async/greeting/x", "/reports/slow" })
	void clientThatHalfClosesAfterItsRequestReadsTheWholeAnswer(String target) throws IOException {
		// A streamed (Flux), a delayed (Mono) and a blocking answer; once, each was cut
		// short or lost.
		String expected;
		try (RawHttp wire = connect()) {
			expected = wire.send(rawRequest("GET", target)).read().bodyString();
		}
		for (int i = 0; i < 200; i++) {
			try (RawHttp wire = connect()) {
				RawHttp.Received received = wire.send(rawRequest("GET", target))
					.shutdownOutput()
					.readUntilClose(Duration.ofSeconds(10));
				assertThat(received.end()).as("round %d: %s", i, received).isEqualTo(RawHttp.End.EOF);
				List<RawResponse> responses = received.responses();
				assertThat(responses).as("round %d: %s", i, received).hasSize(1);
				assertThat(responses.get(0).status()).isEqualTo(200);
				assertThat(responses.get(0).bodyString()).isEqualTo(expected);
			}
		}
	}

	@Test
	void pipelinedRequestsBeforeTheFinAreAllAnsweredInOrder() throws IOException {
		try (RawHttp wire = connect()) {
			RawHttp.Received received = wire
				.send(rawRequest("GET", "/async/greeting/first") + rawRequest("GET", "/users/1")
						+ rawRequest("GET", "/reports/slow") + rawRequest("GET", "/user/4"))
				.shutdownOutput()
				.readUntilClose(Duration.ofSeconds(10));
			assertThat(received.end()).as("%s", received).isEqualTo(RawHttp.End.EOF);
			List<RawResponse> responses = received.responses();
			assertThat(responses).extracting(RawResponse::status).containsExactly(200, 200, 200, 200);
			assertThat(responses.get(0).bodyString()).isEqualTo("Hello, first!");
			assertThat(responses.get(3).bodyString()).isEqualTo("User 4");
		}
	}

	@Test
	void finBeforeTheBodyIsCompleteIsBadRequest() throws IOException {
		try (RawHttp wire = connect()) {
			RawHttp.Received received = wire
				.send(rawRequest("POST", "/json", "content-type: application/json", "content-length: 100")
						+ "{\"name\":")
				.shutdownOutput()
				.readUntilClose(Duration.ofSeconds(10));
			assertThat(received.end()).as("%s", received).isEqualTo(RawHttp.End.EOF);
			RawResponse response = received.responses().get(0);
			assertProblem(response, 400);
			assertThat(response.bodyString()).contains("before the request body was complete");
		}
	}

}
