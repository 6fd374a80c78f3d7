package dev.fastro.demo.hardening;

import java.io.IOException;
import java.time.Duration;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;

import static dev.fastro.demo.hardening.HostileAssertions.assertServing;
import static dev.fastro.demo.hardening.HostileAssertions.awaitConnectionsClosed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every hostile-client test shares: the demo app with small limits, connections to
 * it, and after each case the proof that the server still serves a normal request.
 */
@HostileApp
abstract class HostileClientTest {

	@LocalFastroPort
	int port;

	@Autowired
	FastroServer server;

	/** Set by {@link ReactorNettyExchangeTest}, which runs the cases there. */
	@Value("${hostile.reactor-netty-exchange:false}")
	boolean onReactorNettysExchange;

	@BeforeEach
	void onTheExchangeMeant() {
		assertThat(this.server.servesHttp1Exchanges()).as("Fastro serves the HTTP/1.1 exchanges")
			.isEqualTo(!this.onReactorNettysExchange);
	}

	@AfterEach
	void stillServing() throws IOException {
		assertServing(this::connect);
	}

	/**
	 * Lets the leak detection after the class see this class's leaks, not the next one's.
	 */
	@AfterAll
	static void settle(@Autowired FastroServer server) {
		awaitConnectionsClosed(server);
	}

	/**
	 * A new connection to the application, whose reads wait {@link RawHttp#READ_TIMEOUT}
	 * for a byte.
	 */
	RawHttp connect() throws IOException {
		return connect(RawHttp.READ_TIMEOUT);
	}

	/** A new connection to the application. */
	RawHttp connect(Duration readTimeout) throws IOException {
		return new RawHttp(this.port, readTimeout);
	}

}
