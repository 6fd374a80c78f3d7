package dev.fastro.demo.proxy;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tests of a Fastro instance behind nginx and HAProxy: one {@link ProxiedFastro} for
 * each test class, started before its tests and stopped after them.
 */
abstract class BehindProxies {

	@TempDir
	static Path directory;

	static ProxiedFastro proxied;

	@BeforeAll
	static void startProxiedFastro() {
		proxied = ProxiedFastro.start(directory);
	}

	@AfterAll
	static void stopProxiedFastro() throws InterruptedException {
		// Null when it failed to start, which is the error to report.
		if (proxied != null) {
			proxied.close();
		}
	}

}
