package dev.fastro.demo.hardening;

import java.nio.file.Path;

import dev.fastro.test.TestCertificates;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The hardening suite again, over TLS, on Fastro's own HTTP/1.1 exchange: the demo app
 * serves {@link HostileApp}'s settings with an SSL bundle of a certificate made for the
 * run by {@code keytool} ({@link TestCertificates}), and the suites' connections
 * ({@link HostileClientTest#connect}) speak TLS 1.3, trusting it. Hostile clients are
 * answered alike in clear text and over TLS.
 * <p>
 * The key store exists only once the run has made it, so its bundle comes from
 * {@link #servedWithTheBundle}, which every nested class inherits with
 * {@link HostileApp}; the nested classes need no annotation of their own.
 */
class TlsExchangeTest {

	/** The name of the SSL bundle the application serves. */
	private static final String BUNDLE = "hostile";

	@TempDir
	static Path keys;

	private static TestCertificates.Identity identity;

	/**
	 * The SSL bundle of the run's certificate, and Fastro serving it: one certificate for
	 * every nested class, and one application context (Spring's context cache) for all
	 * but {@link AnswersBeforeRouting}, whose logging differs.
	 */
	@DynamicPropertySource
	static synchronized void servedWithTheBundle(DynamicPropertyRegistry registry) {
		if (identity == null) {
			identity = TestCertificates.create(keys, BUNDLE);
		}
		for (String property : identity.keyStoreBundle(BUNDLE)) {
			int equals = property.indexOf('=');
			registry.add(property.substring(0, equals), () -> property.substring(equals + 1));
		}
	}

	@Nested
	class AnswersBeforeRouting extends AnswersBeforeRoutingTest {

	}

	@Nested
	class AppFaults extends AppFaultsTest {

	}

	@Nested
	class HalfClose extends HalfCloseTest {

	}

	@Nested
	class Limits extends LimitsTest {

	}

	@Nested
	class LingeringClose extends LingeringCloseTest {

	}

	@Nested
	class ProtocolAbuse extends ProtocolAbuseTest {

	}

	@Nested
	class Timeouts extends TimeoutsTest {

	}

}
