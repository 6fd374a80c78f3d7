package dev.fastro.server.internal;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.NetUtil;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ForwardedHeaders} and {@link TrustedProxies} on headers and proxy lists made of
 * the pieces proxies and attackers write, and any other characters a header value may
 * hold: a proxy list is taken or refused with an {@link IllegalArgumentException}, and
 * trusts the addresses it lists; the headers refuse a request with a 400 naming one of
 * them, or name a client, scheme, host and port that are each well-formed; and reading
 * the origin never throws, whatever the headers.
 */
class ForwardedHeadersFuzzTest {

	private static final List<String> HEADERS = List.of("forwarded", "x-forwarded-for", "x-forwarded-proto",
			"x-forwarded-host", "x-forwarded-port");

	private static final List<String> PIECES = List.of("for=", "proto=", "host=", "by=", "For=", "1.2.3.4", "10.0.0.5",
			"[2001:db8::1]", "2001:db8::1", "::1", "::ffff:10.0.0.1", "fe80::1%eth0", "fe80::1%1", "_hidden", "unknown",
			":80", ":0", ":65535", ":99999", ":_port", ":", "\"", ";", ",", " ", "\t", "\\", "http", "HTTPS", "ws",
			"a.example", "[", "]", "%", "=", "/", "/8", "/33", "8443", "");

	private static final List<InetSocketAddress> PEERS = List.of(new InetSocketAddress("127.0.0.1", 5000),
			new InetSocketAddress("10.1.2.3", 80), new InetSocketAddress("::1", 1),
			new InetSocketAddress("203.0.113.9", 443));

	/** Host headers a request that passed {@link RequestChecks} may have. */
	private static final List<String> HOSTS = List.of("a.example", "a.example:8080", "[::1]:443", "127.0.0.1", "");

	@FuzzTest
	void namesAWellFormedOriginOrRefusesNamingTheHeader(FuzzedDataProvider data) {
		TrustedProxies trusted = trustedProxies(data);
		if (trusted == null) {
			return;
		}
		InetSocketAddress peer = data.pickValue(PEERS);
		String scheme = data.consumeBoolean() ? "https" : "http";
		HttpHeaders headers = DefaultHttpHeadersFactory.headersFactory().newHeaders();
		if (data.consumeBoolean()) {
			headers.add("host", data.pickValue(HOSTS));
		}
		int values = data.consumeInt(0, 6);
		for (int i = 0; i < values; i++) {
			// The decoder trims a value of the whitespace around it.
			headers.add(data.pickValue(HEADERS), text(data, 8).trim());
		}
		ForwardedHeaders forwarded = new ForwardedHeaders(trusted);

		RequestChecks.Refusal refusal = ForwardedHeaders.check(headers, peer, trusted);
		ForwardedHeaders.Origin origin = forwarded.origin(headers, peer, scheme);

		assertThat(forwarded.client(headers, peer)).isEqualTo(origin.remoteAddress());
		if (refusal != null) {
			assertThat(refusal.status().code()).isEqualTo(400);
			assertThat(HEADERS).as(refusal.getMessage())
				.anyMatch((header) -> refusal.getMessage().startsWith("Malformed " + header + " header"));
			assertThat(origin.remoteAddress()).isEqualTo(peer);
			return;
		}
		assertThat(origin.scheme()).as("%s", headers).isIn("http", "https");
		assertThat(RequestChecks.isValidHost(origin.host())).as("host '%s' of %s", origin.host(), headers).isTrue();
		assertThat(origin.port()).as("%s", headers).isBetween(0, 65535);
		assertThat(origin.remoteAddress().getHostString()).as("%s", headers)
			.isNotEmpty()
			.doesNotContain(" ", ",", ";", "\"");
	}

	/**
	 * Proxies as an application may list them: a well-formed list, or a list made of
	 * pieces, which is refused or trusts the addresses it lists; {@code null} when it is
	 * refused.
	 */
	private static TrustedProxies trustedProxies(FuzzedDataProvider data) {
		List<String> proxies = new ArrayList<>();
		int entries = data.consumeInt(0, 3);
		for (int i = 0; i < entries; i++) {
			proxies.add(text(data, 3));
		}
		TrustedProxies trusted;
		try {
			trusted = TrustedProxies.of(proxies);
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
		for (String proxy : proxies) {
			InetAddress address = NetUtil.createInetAddressFromIpAddressString(proxy);
			if (address != null) {
				assertThat(trusted.trusts(address)).as("%s trusts %s", proxies, proxy).isTrue();
			}
		}
		return trusted;
	}

	/**
	 * Up to {@code pieces} pieces, each a piece proxies write or a character a header
	 * value may hold (HTAB, visible ASCII and the bytes from 0x80, as the decoder reads
	 * them).
	 */
	private static String text(FuzzedDataProvider data, int pieces) {
		StringBuilder text = new StringBuilder();
		int count = data.consumeInt(1, pieces);
		for (int i = 0; i < count; i++) {
			if (data.consumeBoolean()) {
				text.append(data.pickValue(PIECES));
			}
			else {
				char c = data.consumeChar(' ', '\u00ff');
				text.append((c == 0x7F) ? '\t' : c);
			}
		}
		return text.toString();
	}

}
