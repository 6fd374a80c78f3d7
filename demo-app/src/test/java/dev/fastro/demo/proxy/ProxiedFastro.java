package dev.fastro.demo.proxy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import dev.fastro.test.TestCertificates;

/**
 * One Fastro instance that trusts the forwarded headers of 127.0.0.2 alone and logs every
 * request it answers (to an {@link AccessLogRecorder}), with nginx and HAProxy in front
 * of it, each started on first use (so that a machine without one skips only the tests
 * that need it) and listening on three ports: plain HTTP without forwarded headers, and
 * TLS with the client named by {@code X-Forwarded-*} or by {@code Forwarded}.
 */
final class ProxiedFastro implements AutoCloseable {

	/** The address the proxies connect to Fastro from, which Fastro trusts. */
	static final String PROXY_ADDRESS = "127.0.0.2";

	private final Path directory;

	private final FastroInstance fastro;

	private final TestCertificates.Identity identity;

	private final AccessLogRecorder accessLog;

	private final Map<ProxyKind, FrontedProxy> proxies = new EnumMap<>(ProxyKind.class);

	private ProxiedFastro(Path directory, FastroInstance fastro, TestCertificates.Identity identity) {
		this.directory = directory;
		this.fastro = fastro;
		this.identity = identity;
		this.accessLog = AccessLogRecorder.attach();
	}

	/** Starts Fastro in {@code directory}; the proxies start when first asked for. */
	static ProxiedFastro start(Path directory) {
		FastroInstance fastro = new FastroInstance("fastro", 0, "fastro.server.forward-headers-strategy=native",
				"fastro.server.trusted-proxies=" + PROXY_ADDRESS, "fastro.server.access-log.enabled=true",
				"fastro.server.shutdown-timeout=1s")
			.start();
		return new ProxiedFastro(directory, fastro, TestCertificates.create(directory, "proxy"));
	}

	FastroInstance fastro() {
		return this.fastro;
	}

	/** Every request Fastro answered, as its access log has it. */
	AccessLogRecorder accessLog() {
		return this.accessLog;
	}

	/** The certificate the proxies serve TLS with, for clients to trust. */
	TestCertificates.Identity identity() {
		return this.identity;
	}

	/** The proxy of this kind in front of Fastro, started now if it is not yet. */
	FrontedProxy proxy(ProxyKind kind) {
		return this.proxies.computeIfAbsent(kind, this::startProxy);
	}

	private FrontedProxy startProxy(ProxyKind kind) {
		Path home = this.directory.resolve(kind.name().toLowerCase());
		Path certificate = home.resolve("proxy.crt");
		Path privateKey = home.resolve("proxy.key");
		Path certificateAndKey = home.resolve("proxy.pem");
		int plain = FreePort.next();
		int xForwarded = FreePort.next();
		int forwarded = FreePort.next();
		try {
			Files.createDirectories(home);
			this.identity.writePem(certificate, privateKey);
			Files.writeString(certificateAndKey, Files.readString(certificate) + Files.readString(privateKey));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		ProxyProcess process = kind.start(home,
				Map.of("fastroPort", this.fastro.port(), "plainPort", plain, "xForwardedPort", xForwarded,
						"forwardedPort", forwarded, "certificate", certificate, "privateKey", privateKey,
						"certificateAndKey", certificateAndKey),
				plain, xForwarded, forwarded);
		return new FrontedProxy(kind, process, plain, xForwarded, forwarded);
	}

	@Override
	public void close() throws InterruptedException {
		for (FrontedProxy proxy : this.proxies.values()) {
			proxy.process().close();
		}
		this.fastro.close();
		this.accessLog.detach();
	}

	/**
	 * A proxy in front of Fastro.
	 *
	 * @param kind nginx or HAProxy
	 * @param process the running proxy
	 * @param plainPort its plain HTTP port, where it sends no forwarded headers
	 * @param xForwardedPort its TLS port, where it names the client with
	 * {@code X-Forwarded-*}
	 * @param forwardedPort its TLS port, where it names the client with {@code Forwarded}
	 */
	record FrontedProxy(ProxyKind kind, ProxyProcess process, int plainPort, int xForwardedPort, int forwardedPort) {

		/** The requests the proxy has logged so far. */
		List<ProxiedRequest> requests() {
			return this.kind.requests(this.process);
		}

		@Override
		public String toString() {
			return this.kind.name().toLowerCase();
		}

	}

}
