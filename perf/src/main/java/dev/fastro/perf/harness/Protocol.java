package dev.fastro.perf.harness;

import java.util.Arrays;
import java.util.Locale;

/**
 * How the load reaches a server: the protocols experiment measures the scenarios over
 * each of them, every other experiment over cleartext HTTP/1.1. HTTP/1.1 is driven by
 * wrk, HTTP/2 by {@code h2load} (Debian's {@code nghttp2-client}).
 */
public enum Protocol {

	/** Cleartext HTTP/1.1, as every other experiment measures. */
	H1("h1", "HTTP/1.1", false, false),

	/** HTTP/2 in cleartext, by prior knowledge. */
	H2C("h2c", "h2c (prior knowledge)", false, true),

	/** HTTP/1.1 over TLS. */
	TLS("tls", "HTTP/1.1 over TLS", true, false),

	/** HTTP/2 over TLS, chosen through ALPN. */
	H2("h2", "h2 (TLS, ALPN)", true, true);

	private final String id;

	private final String title;

	private final boolean secure;

	private final boolean http2;

	Protocol(String id, String title, boolean secure, boolean http2) {
		this.id = id;
		this.title = title;
		this.secure = secure;
		this.http2 = http2;
	}

	/**
	 * The protocol's name on the command line, in the CSV and as the servers'
	 * {@code --transport} argument.
	 * @return the id, such as {@code h2c}
	 */
	public String id() {
		return this.id;
	}

	/**
	 * The protocol's name in the report.
	 * @return the title
	 */
	public String title() {
		return this.title;
	}

	/**
	 * Whether the connection is TLS.
	 * @return {@code true} for {@link #TLS} and {@link #H2}
	 */
	public boolean secure() {
		return this.secure;
	}

	/**
	 * Whether the requests go as HTTP/2 streams, which {@code h2load} sends.
	 * @return {@code true} for {@link #H2C} and {@link #H2}
	 */
	public boolean http2() {
		return this.http2;
	}

	/**
	 * The URI scheme of the server's address.
	 * @return {@code https} or {@code http}
	 */
	public String scheme() {
		return this.secure ? "https" : "http";
	}

	/**
	 * Finds a protocol by its id.
	 * @param id the id, such as {@code tls}
	 * @return the protocol
	 * @throws IllegalArgumentException if there is none
	 */
	public static Protocol fromId(String id) {
		String wanted = id.toLowerCase(Locale.ROOT);
		return Arrays.stream(values())
			.filter(protocol -> protocol.id.equals(wanted))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("unknown protocol '" + id + "', expected one of "
					+ Arrays.stream(values()).map(Protocol::id).toList()));
	}

}
