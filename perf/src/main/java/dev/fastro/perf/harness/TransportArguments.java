package dev.fastro.perf.harness;

import java.util.ArrayList;
import java.util.List;

/**
 * The arguments that give a server the transport of its {@link ServerSpec}: the native
 * server's own {@code --transport}, {@code --certificate}, {@code --private-key} and
 * {@code --compress}, and for Fastro its own properties: {@code fastro.server.http2},
 * {@code fastro.server.ssl.bundle} with a PEM SSL bundle, and
 * {@code fastro.server.compression}. Both read the same certificate and key.
 */
final class TransportArguments {

	/** The name of Fastro's SSL bundle. */
	static final String BUNDLE = "perf";

	private TransportArguments() {
	}

	/**
	 * The arguments for a server.
	 * @param spec the server, its protocol and whether it compresses
	 * @param certificate the run's TLS identity, {@code null} when no server is secure
	 * @return the arguments, none for cleartext HTTP/1.1 without compression
	 * @throws IllegalArgumentException for a server that has no such transport
	 */
	static List<String> of(ServerSpec spec, PerfCertificate certificate) {
		Protocol protocol = spec.protocol();
		if (protocol == Protocol.H1 && !spec.compression()) {
			return List.of();
		}
		if (protocol.secure() && certificate == null) {
			throw new IllegalArgumentException(
					spec.label() + " over " + protocol.id() + " needs the run's certificate");
		}
		List<String> args = new ArrayList<>();
		switch (spec.kind()) {
			case NATIVE -> {
				if (protocol != Protocol.H1) {
					args.add("--transport=" + protocol.id());
				}
				if (protocol.secure()) {
					args.add("--certificate=" + certificate.certificate());
					args.add("--private-key=" + certificate.privateKey());
				}
				if (spec.compression()) {
					args.add("--compress=true");
				}
			}
			case FASTRO -> {
				if (protocol.http2()) {
					args.add("--fastro.server.http2.enabled=true");
				}
				if (protocol.secure()) {
					args.add(
							"--spring.ssl.bundle.pem." + BUNDLE + ".keystore.certificate=" + certificate.certificate());
					args.add("--spring.ssl.bundle.pem." + BUNDLE + ".keystore.private-key=" + certificate.privateKey());
					args.add("--fastro.server.ssl.bundle=" + BUNDLE);
				}
				if (spec.compression()) {
					args.add("--fastro.server.compression.enabled=true");
				}
			}
			default -> throw new IllegalArgumentException(spec.label() + " has no " + protocol.id()
					+ (spec.compression() ? " with compression" : "") + " transport in this harness");
		}
		return args;
	}

}
