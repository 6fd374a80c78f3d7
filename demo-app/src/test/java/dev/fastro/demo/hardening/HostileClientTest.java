package dev.fastro.demo.hardening;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;

import javax.net.ssl.SSLContext;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.test.RawHttp;
import dev.fastro.test.TestCertificates;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;

import static dev.fastro.demo.hardening.HostileAssertions.assertServing;
import static dev.fastro.demo.hardening.HostileAssertions.awaitConnectionsClosed;
import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every hostile-client test shares: the demo app with small limits, connections to
 * it in clear text or over TLS, and after each case the proof that the server still
 * serves a normal request.
 */
@HostileApp
abstract class HostileClientTest {

	@LocalFastroPort
	int port;

	@Autowired
	ConnectionWatch connections;

	/** Set by {@link ReactorNettyExchangeTest}, which runs the cases there. */
	@Value("${hostile.reactor-netty-exchange:false}")
	boolean onReactorNettysExchange;

	/**
	 * The SSL bundle the application serves TLS with, set by {@link TlsExchangeTest};
	 * empty in clear text.
	 */
	@Value("${fastro.server.ssl.bundle:}")
	String tlsBundle;

	@Autowired
	SslBundles sslBundles;

	private SSLContext tls;

	/**
	 * Also proves, once a request has been served, that the cases ran on the exchange
	 * meant.
	 */
	@AfterEach
	void stillServing() throws IOException {
		assertServing(this::connect);
		assertThat(this.connections.reactorNettyReceivedRequests()).as("Reactor Netty's exchange served requests")
			.isEqualTo(this.onReactorNettysExchange);
	}

	/**
	 * Over TLS, the port speaks TLS only: a request in clear text is answered by the end
	 * of the connection, and never by HTTP. So every case of the class went through TLS,
	 * since its connections were answered.
	 */
	@BeforeAll
	static void onTheTransportMeant(@LocalFastroPort int port, @Value("${fastro.server.ssl.bundle:}") String tlsBundle)
			throws IOException {
		if (tlsBundle.isEmpty()) {
			return;
		}
		try (RawHttp cleartext = new RawHttp(port)) {
			RawHttp.Received received = cleartext.send(rawRequest("GET", "/")).readUntilClose(Duration.ofSeconds(10));
			assertThat(received.ended()).as("cleartext request to the TLS port: %s", received).isTrue();
			assertThat(received.text()).as("answer to a cleartext request on the TLS port").doesNotContain("HTTP/");
		}
	}

	/**
	 * Lets the leak detection after the class see this class's leaks, not the next one's.
	 */
	@AfterAll
	static void settle(@Autowired ConnectionWatch connections) {
		awaitConnectionsClosed(connections);
	}

	/**
	 * A new connection to the application, whose reads wait {@link RawHttp#READ_TIMEOUT}
	 * for a byte.
	 */
	RawHttp connect() throws IOException {
		return connect(RawHttp.READ_TIMEOUT);
	}

	/**
	 * A new connection to the application: in clear text, or over TLS 1.3 when it serves
	 * TLS, trusting the certificate of its SSL bundle.
	 */
	RawHttp connect(Duration readTimeout) throws IOException {
		if (this.tlsBundle.isEmpty()) {
			return new RawHttp(this.port, readTimeout);
		}
		if (this.tls == null) {
			this.tls = trusting(this.sslBundles.getBundle(this.tlsBundle));
		}
		RawHttp wire = RawHttp.overTls(this.tls, this.port, readTimeout);
		assertThat(wire.tlsSession().getProtocol()).as("TLS protocol").isEqualTo("TLSv1.3");
		return wire;
	}

	/** A client TLS context trusting the certificate of the bundle's key. */
	private static SSLContext trusting(SslBundle bundle) {
		try {
			KeyStore keys = bundle.getStores().getKeyStore();
			String alias = (bundle.getKey().getAlias() != null) ? bundle.getKey().getAlias()
					: keys.aliases().nextElement();
			return TestCertificates.clientContext(null, (X509Certificate) keys.getCertificate(alias));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
