package dev.fastro.demo.hardening;

import java.io.IOException;

import dev.fastro.autoconfigure.LocalFastroPort;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;

import static dev.fastro.demo.hardening.HostileAssertions.assertServing;
import static dev.fastro.demo.hardening.HostileAssertions.awaitLeaksSettled;

/**
 * What every hostile-client test shares: the demo app with small limits, and after each case the
 * proof that the server still serves a normal request.
 */
@HostileApp
abstract class HostileClientTest {

	@LocalFastroPort
	int port;

	@AfterEach
	void stillServing() throws IOException {
		assertServing(this.port);
	}

	/** Lets the leak detection after the class see this class's leaks, not the next one's. */
	@AfterAll
	static void settle() throws InterruptedException {
		awaitLeaksSettled();
	}

}
