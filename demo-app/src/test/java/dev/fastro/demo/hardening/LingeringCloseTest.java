package dev.fastro.demo.hardening;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.Test;

import static dev.fastro.demo.hardening.HostileAssertions.assertProblem;
import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A simple client writes its whole request before it reads anything. When the server
 * answers early and closes, as it does a body over the limit, it must keep reading and
 * discarding what the client still sends (lingering close): closing with unread bytes
 * makes the kernel send a reset, and the client could fail on its write and never read
 * the answer.
 */
class LingeringCloseTest extends HostileClientTest {

	private static final int BODY_BYTES = 20 * 1024 * 1024;

	@Test
	void clientWritingAWholeOversizedBodyBeforeReadingReadsThe413() throws IOException {
		byte[] body = new byte[BODY_BYTES];
		try (RawHttp wire = connect()) {
			wire.send(rawRequest("POST", "/json", "content-type: application/json", "content-length: " + BODY_BYTES));
			wire.send(body);
			RawResponse response = wire.read();
			assertProblem(response, 413);
			assertThat(response.header("connection")).isEqualToIgnoringCase("close");
		}
	}

	@Test
	void clientWritingAWholeOversizedChunkedBodyBeforeReadingReadsThe413() throws IOException {
		byte[] chunk = ("10000\r\n" + "x".repeat(0x10000) + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
		try (RawHttp wire = connect()) {
			wire.send(rawRequest("POST", "/json", "content-type: application/json", "transfer-encoding: chunked"));
			for (int sent = 0; sent < BODY_BYTES; sent += 0x10000) {
				wire.send(chunk);
			}
			wire.send("0\r\n\r\n");
			RawResponse response = wire.read();
			assertProblem(response, 413);
			assertThat(response.header("connection")).isEqualToIgnoringCase("close");
		}
	}

}
