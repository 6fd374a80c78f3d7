package dev.fastro.docs.configuration;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import dev.fastro.autoconfigure.LocalFastroPort;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A customizer of configuration.md, on a running server: it sees each connection as it
 * opens.
 */
@SpringBootTest(properties = "fastro.server.port=0")
class ConnectionCountingTest {

	@LocalFastroPort
	int port;

	@Autowired
	MeterRegistry meters;

	@Test
	void countsEachConnection() throws IOException {
		for (int i = 0; i < 2; i++) {
			try (Socket socket = new Socket("localhost", this.port)) {
				socket.getOutputStream()
					.write("GET / HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n"
						.getBytes(StandardCharsets.US_ASCII));
				assertThat(new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII))
					.startsWith("HTTP/1.1 200 OK");
			}
		}
		assertThat(this.meters.counter("app.connections.opened").count()).isEqualTo(2);
	}

}
