package dev.fastro.server.internal;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

import dev.fastro.http.spi.HostHeader;
import dev.fastro.server.internal.RequestChecks.Refusal;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.AsciiString;
import io.netty.util.NetUtil;
import reactor.netty.http.server.ConnectionInfo;

/**
 * The client's address, scheme, host and port as a proxy names them, for
 * {@code fastro.server.forward-headers-strategy=native}: from {@code Forwarded} (RFC
 * 7239) when the request has it, else from {@code X-Forwarded-For}, {@code -Proto},
 * {@code -Host} and {@code -Port}.
 * <p>
 * Only a connection from a {@link TrustedProxies trusted proxy} has its headers read.
 * Each proxy on the way appends the address it received the request from to
 * {@code X-Forwarded-For} (an element to {@code Forwarded}), so the client is the last
 * hop listed that is no trusted proxy: what comes before it, the client itself may have
 * written. With every peer trusted, the first hop listed is the client. The scheme, host
 * and port are those of the same {@code Forwarded} element, or the first of
 * {@code X-Forwarded-Proto}, {@code -Host} and {@code -Port}, which proxies set rather
 * than append to.
 * <p>
 * A malformed value (a host that would be no valid {@code Host} header, a port that is no
 * port, a hop that is no IP address, a scheme other than http and https) refuses the
 * request with a 400 naming the header. The guards call {@link #check} for that before
 * any handler runs ({@link MessageGuard} on HTTP/1.1, {@link Http2StreamChecks} on
 * HTTP/2). Reactor Netty's exchange calls {@link #apply} before them, and would answer an
 * exception with a bare 400, so that leaves a malformed request's connection info as it
 * found it; Fastro's own reads {@link #origin} when a handler first asks.
 * <p>
 * The host keeps the spelling of a {@code Host} header, an IPv6 literal's brackets
 * included, so {@code ctx.host()} reads alike behind a proxy and without one; an IP
 * address is read without a name lookup.
 */
final class ForwardedHeaders implements BiFunction<ConnectionInfo, HttpRequest, ConnectionInfo> {

	// Hashed once: every request from a trusted proxy looks all five up.
	private static final AsciiString FORWARDED = AsciiString.cached("forwarded");

	private static final AsciiString X_FORWARDED_FOR = AsciiString.cached("x-forwarded-for");

	private static final AsciiString X_FORWARDED_PROTO = AsciiString.cached("x-forwarded-proto");

	private static final AsciiString X_FORWARDED_HOST = AsciiString.cached("x-forwarded-host");

	private static final AsciiString X_FORWARDED_PORT = AsciiString.cached("x-forwarded-port");

	private final TrustedProxies trusted;

	ForwardedHeaders(TrustedProxies trusted) {
		this.trusted = trusted;
	}

	/**
	 * Why the forwarded headers of a request from {@code peer} refuse it, or {@code null}
	 * when they do not (or are not read).
	 */
	static Refusal check(HttpHeaders headers, SocketAddress peer, TrustedProxies trusted) {
		try {
			read(headers, peer, trusted);
			return null;
		}
		catch (Refusal refusal) {
			return refusal;
		}
	}

	@Override
	public ConnectionInfo apply(ConnectionInfo info, HttpRequest request) {
		Proxied proxied = readOrNothing(request.headers(), info.getRemoteAddress());
		ConnectionInfo result = info;
		if (proxied.scheme != null) {
			result = result.withScheme(proxied.scheme);
		}
		if (proxied.host != null || proxied.port != -1) {
			String name = (proxied.host != null) ? HostHeader.name(proxied.host) : result.getHostName();
			int port = proxied.port(proxied.host, result.getScheme());
			result = result.withHostAddress(InetSocketAddress.createUnresolved(HostHeader.unbracketed(name), port),
					name, port);
		}
		if (proxied.client != null) {
			result = result.withRemoteAddress(remoteAddress(proxied.client, result.getRemoteAddress()));
		}
		return result;
	}

	/**
	 * The client, scheme, host and port of a request that Fastro's own exchange serves,
	 * as its forwarded headers name them, or as its connection and {@code Host} header do
	 * where they name nothing.
	 * @param headers the request's headers
	 * @param peer the address the connection comes from
	 * @param scheme the connection's scheme
	 */
	Origin origin(HttpHeaders headers, InetSocketAddress peer, String scheme) {
		Proxied proxied = readOrNothing(headers, peer);
		String proto = (proxied.scheme != null) ? proxied.scheme : scheme;
		String host = (proxied.host != null) ? proxied.host : headers.get(HttpHeaderNames.HOST);
		int port = proxied.port(host, proto);
		return new Origin(remoteAddress(proxied.client, peer), proto, HostHeader.name(host), port);
	}

	/**
	 * The client a request's forwarded headers name, as {@link #origin} names it, for the
	 * access log.
	 * @param headers the request's headers
	 * @param peer the address the connection comes from
	 */
	InetSocketAddress client(HttpHeaders headers, InetSocketAddress peer) {
		return remoteAddress(readOrNothing(headers, peer).client, peer);
	}

	/**
	 * What the forwarded headers name, or nothing when they are malformed: the guards
	 * refuse such a request before any handler asks (see {@link #check}), and the
	 * exchange must not fail before them.
	 */
	private Proxied readOrNothing(HttpHeaders headers, SocketAddress peer) {
		try {
			return read(headers, peer, this.trusted);
		}
		catch (Refusal refusal) {
			return new Proxied();
		}
	}

	/**
	 * The client's address: the hop named, with the connection's port unless it names
	 * one.
	 */
	private static InetSocketAddress remoteAddress(Hop client, InetSocketAddress socket) {
		if (client == null) {
			return socket;
		}
		int port = (client.port != -1) ? client.port : (socket != null) ? socket.getPort() : 0;
		return (client.address != null) ? new InetSocketAddress(client.address, port)
				: InetSocketAddress.createUnresolved(client.name, port);
	}

	private static Proxied read(HttpHeaders headers, SocketAddress peer, TrustedProxies trusted) {
		if (!trusted.trusts(peer)) {
			return new Proxied();
		}
		String forwarded = allLines(headers, FORWARDED);
		if (forwarded != null) {
			return readForwarded(forwarded, new Client<>(trusted));
		}
		Proxied proxied = new Proxied();
		String value = allLines(headers, X_FORWARDED_FOR);
		if (value != null) {
			Client<Hop> client = new Client<>(trusted);
			int start = 0;
			int comma;
			do {
				comma = value.indexOf(',', start);
				Hop hop = hop("x-forwarded-for", value,
						value.substring(start, (comma != -1) ? comma : value.length()).trim());
				client.listed(hop, hop);
				start = comma + 1;
			}
			while (comma != -1);
			proxied.client = client.named();
		}
		value = headers.get(X_FORWARDED_PROTO);
		if (value != null) {
			proxied.scheme("x-forwarded-proto", value, firstElement(value));
		}
		value = headers.get(X_FORWARDED_HOST);
		if (value != null) {
			proxied.host("x-forwarded-host", value, firstElement(value));
		}
		value = headers.get(X_FORWARDED_PORT);
		if (value != null) {
			String port = firstElement(value);
			if (!RequestChecks.isPort(port, 0, port.length())) {
				throw malformed("x-forwarded-port", value, "'" + port + "' is no port number");
			}
			proxied.port = Integer.parseInt(port);
		}
		return proxied;
	}

	/**
	 * Every line of a header whose elements each hop appends, as one value, the lines
	 * joined by commas as RFC 9110 (5.3) has them read: a proxy may append a line of its
	 * own rather than add to the last (HAProxy's {@code option forwardfor} does), and
	 * reading the first line alone would take the client's own as the whole list.
	 */
	private static String allLines(HttpHeaders headers, AsciiString name) {
		List<String> lines = headers.getAll(name);
		return switch (lines.size()) {
			case 0 -> null;
			case 1 -> lines.get(0);
			default -> String.join(", ", lines);
		};
	}

	/**
	 * Reads the elements of a {@code Forwarded} header, separated by {@code ,}: each
	 * {@code name=value} pairs separated by {@code ;}, each value a quoted string or
	 * unquoted. RFC 7239 would have a value with a {@code :} quoted, as in
	 * {@code for="192.0.2.43:4711"}; proxies are often configured to write it unquoted,
	 * and it is read either way. Of the parameters, {@code for}, {@code proto} and
	 * {@code host} are read, each at most once an element; {@code by} and extensions are
	 * skipped.
	 * @return the element that names the client
	 */
	private static Proxied readForwarded(String header, Client<Proxied> client) {
		Proxied element = new Proxied();
		int length = header.length();
		int i = 0;
		while (true) {
			i = skipSpace(header, i);
			if (i == length) {
				client.listed(element, element.client);
				return client.named();
			}
			if (header.charAt(i) == ',' || header.charAt(i) == ';') {
				if (header.charAt(i) == ',') {
					client.listed(element, element.client);
					element = new Proxied();
				}
				i++;
				continue;
			}
			int nameStart = i;
			while (i < length && isTokenChar(header.charAt(i))) {
				i++;
			}
			if (i == nameStart || i == length || header.charAt(i) != '=') {
				throw malformed("forwarded", header, "expected name=value pairs separated by ';'");
			}
			String name = header.substring(nameStart, i).toLowerCase(Locale.ROOT);
			StringBuilder value = new StringBuilder();
			i++;
			if (i < length && header.charAt(i) == '"') {
				for (i++; i < length && header.charAt(i) != '"'; i++) {
					if (header.charAt(i) == '\\' && i + 1 < length) {
						i++;
					}
					value.append(header.charAt(i));
				}
				if (i == length) {
					throw malformed("forwarded", header, "a quoted string is not closed");
				}
				i++;
			}
			else {
				for (; i < length && isUnquotedChar(header.charAt(i)); i++) {
					value.append(header.charAt(i));
				}
			}
			i = skipSpace(header, i);
			if (value.isEmpty()) {
				throw malformed("forwarded", header, "the value of " + name + " is empty");
			}
			if (i < length && header.charAt(i) != ';' && header.charAt(i) != ',') {
				throw malformed("forwarded", header, "expected ';' or ',' after the value of " + name);
			}
			switch (name) {
				case "for" -> element.client("forwarded", header, value.toString());
				case "proto" -> element.scheme("forwarded", header, value.toString());
				case "host" -> element.host("forwarded", header, value.toString());
				default -> {
					// "by" (the proxy itself) and extensions name nothing Fastro reads.
				}
			}
		}
	}

	/**
	 * A hop as RFC 7239 (6) has it: an IPv4 address, a bracketed IPv6 literal,
	 * {@code unknown} or an obfuscated name, and an optional port, itself a number or
	 * obfuscated; or an IPv6 literal without brackets or port, as {@code X-Forwarded-For}
	 * has it.
	 */
	private static Hop hop(String header, String value, String node) {
		String name;
		int portColon;
		boolean bracketed = node.startsWith("[");
		if (bracketed) {
			int close = node.indexOf(']');
			name = (close != -1) ? node.substring(1, close) : "";
			portColon = (close != -1 && close + 1 < node.length()) ? close + 1 : -1;
			if (portColon != -1 && node.charAt(portColon) != ':') {
				throw malformed(header, value, "'" + node + "' is no IP address");
			}
		}
		else if (node.indexOf(':') != node.lastIndexOf(':') && NetUtil.isValidIpV6Address(node)) {
			// Two colons at least, which no IPv4 address or name with a port has.
			name = node;
			portColon = -1;
		}
		else {
			portColon = node.indexOf(':');
			name = (portColon != -1) ? node.substring(0, portColon) : node;
		}
		// Null for a name, and for an IPv6 literal whose zone is named (fe80::1%eth0),
		// which only a lookup of the interface could read.
		InetAddress address = NetUtil.createInetAddressFromIpAddressString(name);
		if (address == null && (bracketed || !(name.equalsIgnoreCase("unknown") || isObfuscated(name)))) {
			throw malformed(header, value, "'" + node + "' is no IP address");
		}
		int port = -1;
		if (portColon != -1) {
			if (RequestChecks.isPort(node, portColon + 1, node.length())) {
				port = Integer.parseInt(node, portColon + 1, node.length(), 10);
			}
			else if (!isObfuscated(node.substring(portColon + 1))) {
				throw malformed(header, value, "'" + node + "' names no port number");
			}
		}
		return new Hop(name, address, port);
	}

	private static boolean isObfuscated(String name) {
		if (name.length() < 2 || name.charAt(0) != '_') {
			return false;
		}
		for (int i = 1; i < name.length(); i++) {
			char c = name.charAt(i);
			boolean alphanumeric = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
			if (!alphanumeric && c != '.' && c != '_' && c != '-') {
				return false;
			}
		}
		return true;
	}

	private static boolean isUnquotedChar(char c) {
		return c > ' ' && c < 0x7F && c != ';' && c != ',' && c != '"';
	}

	private static String firstElement(String value) {
		int comma = value.indexOf(',');
		return ((comma != -1) ? value.substring(0, comma) : value).trim();
	}

	private static int skipSpace(String value, int from) {
		int i = from;
		while (i < value.length() && (value.charAt(i) == ' ' || value.charAt(i) == '\t')) {
			i++;
		}
		return i;
	}

	private static boolean isTokenChar(char c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
				|| (c < 128 && "!#$%&'*+-.^_`|~".indexOf(c) != -1);
	}

	private static Refusal malformed(String header, String value, String why) {
		return new Refusal(HttpResponseStatus.BAD_REQUEST, "Malformed " + header + " header '" + value + "': " + why);
	}

	/**
	 * The client of the hops a header lists, nearest the client first: the last that is
	 * no trusted proxy (what comes before it, the client itself may have written), else
	 * the first.
	 *
	 * @param <T> what names a hop: a hop, or a {@code Forwarded} element
	 */
	private static final class Client<T> {

		private final TrustedProxies trusted;

		private T first;

		private T untrusted;

		Client(TrustedProxies trusted) {
			this.trusted = trusted;
		}

		/**
		 * Takes the next hop listed.
		 * @param listed what names it
		 * @param hop the hop, {@code null} when an element names none
		 */
		void listed(T listed, Hop hop) {
			if (this.first == null) {
				this.first = listed;
			}
			else if (!this.trusted.trusts((hop != null) ? hop.address : null)) {
				this.untrusted = listed;
			}
		}

		T named() {
			return (this.untrusted != null) ? this.untrusted : this.first;
		}

	}

	/**
	 * A hop a header lists.
	 *
	 * @param name an IP address, {@code unknown}, or an obfuscated name such as
	 * {@code _proxy1}
	 * @param address the IP address, {@code null} for a name
	 * @param port its port, -1 when none or obfuscated
	 */
	private record Hop(String name, InetAddress address, int port) {
	}

	/**
	 * A request's client, the scheme and host it addressed, and the port.
	 *
	 * @param remoteAddress the client's address
	 * @param scheme {@code http} or {@code https}
	 * @param host the host as a {@code Host} header spells it, without its port
	 * @param port the port, the scheme's default when none is named
	 */
	record Origin(InetSocketAddress remoteAddress, String scheme, String host, int port) {
	}

	/** What a request's forwarded headers name; each part unset until read. */
	private static final class Proxied {

		String scheme;

		/** As a {@code Host} header spells it, its port included when named. */
		String host;

		int port = -1;

		Hop client;

		/**
		 * The port the client addressed: the one named, else that of {@code host} (as a
		 * {@code Host} header spells it) for {@code scheme}.
		 */
		int port(String host, String scheme) {
			return (this.port != -1) ? this.port : HostHeader.port(host, scheme);
		}

		void scheme(String header, String value, String scheme) {
			if (this.scheme != null) {
				throw malformed(header, value, "an element names proto twice");
			}
			if (!scheme.equalsIgnoreCase("http") && !scheme.equalsIgnoreCase("https")) {
				throw malformed(header, value, "the scheme '" + scheme + "' is neither http nor https");
			}
			this.scheme = scheme.toLowerCase(Locale.ROOT);
		}

		void host(String header, String value, String host) {
			if (this.host != null) {
				throw malformed(header, value, "an element names host twice");
			}
			if (!RequestChecks.isValidHost(host)) {
				throw malformed(header, value, "'" + host + "' is no host[:port]");
			}
			this.host = host;
		}

		void client(String header, String value, String node) {
			if (this.client != null) {
				throw malformed(header, value, "an element names for twice");
			}
			this.client = hop(header, value, node);
		}

	}

}
