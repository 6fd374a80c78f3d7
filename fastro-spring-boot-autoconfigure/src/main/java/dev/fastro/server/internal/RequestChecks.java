package dev.fastro.server.internal;

import java.util.Iterator;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

/**
 * The RFC 9112 rules on a decoded request head that Netty's decoder leaves to the server:
 * which versions are served, which bytes a request target may hold, when a body's length
 * is unknowable, and what a {@code Host} must be. A request that breaks one is refused
 * before any handler sees it, and its connection closed.
 */
final class RequestChecks {

	/**
	 * The characters of a registered name (RFC 3986: unreserved, sub-delims, and '%' of
	 * escapes).
	 */
	private static final boolean[] REG_NAME = new boolean[128];

	static {
		for (char c : "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~%!$&'()*+,;=".toCharArray()) {
			REG_NAME[c] = true;
		}
	}

	private RequestChecks() {
	}

	/** Why the request must be refused, or {@code null} when it may be served. */
	static Refusal check(HttpRequest request) {
		HttpVersion version = request.protocolVersion();
		if (version.majorVersion() != 1 || version.minorVersion() > 1) {
			return new Refusal(HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED,
					version.text() + " is not supported; use HTTP/1.1");
		}
		Refusal target = checkTarget(request.method(), request.uri());
		if (target != null) {
			return target;
		}
		HttpHeaders headers = request.headers();
		String transferEncoding = headers.get(HttpHeaderNames.TRANSFER_ENCODING);
		if (transferEncoding != null && !transferEncoding.trim().equalsIgnoreCase("chunked")) {
			// Without chunked alone the body's end is unknowable or its coding
			// unsupported: reading on could let a smuggled request through (RFC 9112,
			// 6.3). A client error, not a 501: the client can always send the body
			// chunked or with a content-length.
			return new Refusal(HttpResponseStatus.BAD_REQUEST, "Transfer-encoding '" + transferEncoding
					+ "' is not supported; send the body chunked or with a content-length");
		}
		return checkHost(headers, version);
	}

	/**
	 * Only visible ASCII may appear in a request target (RFC 9112, 3.2): a control byte,
	 * DEL or a raw byte above 0x7F there is refused before routing, never passed on to a
	 * handler. So is a '#', since a fragment stays with the client (RFC 9110, 4.2.5), a
	 * target that is neither a path ({@code /users}), nor an absolute http or https URI,
	 * nor {@code *} with {@code OPTIONS}: what would reach the router is no path at all,
	 * and a path with a dot segment (see {@link #dotSegment}).
	 */
	static Refusal checkTarget(HttpMethod method, String target) {
		// Only a target with a dot or an escape may have a dot segment.
		boolean dotOrEscape = false;
		for (int i = 0; i < target.length(); i++) {
			char c = target.charAt(i);
			if (c < 0x21 || c > 0x7E) {
				return new Refusal(HttpResponseStatus.BAD_REQUEST, String.format(
						"The request target holds the byte 0x%02X at position %d; only visible ASCII is allowed",
						(int) c, i));
			}
			if (c == '#') {
				return new Refusal(HttpResponseStatus.BAD_REQUEST,
						"The request target holds a '#' at position " + i + "; a fragment is not sent to the server");
			}
			if (c == '.' || c == '%') {
				dotOrEscape = true;
			}
		}
		if (!target.startsWith("/")) {
			if (target.equals("*")) {
				return method.equals(HttpMethod.OPTIONS) ? null : new Refusal(HttpResponseStatus.BAD_REQUEST,
						"The request target '*' is for OPTIONS only (RFC 9112, 3.2.4), not for " + method);
			}
			if (!target.regionMatches(true, 0, "http://", 0, 7) && !target.regionMatches(true, 0, "https://", 0, 8)) {
				return new Refusal(HttpResponseStatus.BAD_REQUEST, "The request target '" + target
						+ "' is neither a path starting with '/' nor an absolute http or https URI");
			}
		}
		int dotSegment = dotOrEscape ? dotSegment(target) : -1;
		if (dotSegment >= 0) {
			return new Refusal(HttpResponseStatus.BAD_REQUEST,
					"The request path holds a dot segment ('.' or '..') at position " + dotSegment
							+ "; send the path with its dot segments removed (RFC 3986, 5.2.4)");
		}
		return null;
	}

	/**
	 * Where the target's path has a dot segment, or -1. A client removes dot segments
	 * before it sends a path (RFC 3986, 5.2.4): one that arrives would reach the router
	 * as it stands, where {@code /files/{*path}} took {@code /files/../../etc/passwd} as
	 * the path {@code ../../etc/passwd}, and a handler resolving it against a directory
	 * escaped that directory. Escapes count as what they stand for, as a parameter's
	 * value is decoded: {@code %2E} is a dot and {@code %2F} a slash, so
	 * {@code %2e%2e%2f} is no way round. Refusing is safer than removing them: a path a
	 * proxy in front has checked is never routed as another one.
	 */
	static int dotSegment(String target) {
		int start = target.startsWith("/") ? 0 : target.indexOf('/', target.indexOf("//") + 2);
		if (start < 0) {
			return -1;
		}
		int query = target.indexOf('?', start);
		int end = (query >= 0) ? query : target.length();
		int i = start;
		while (i < end) {
			int separator = separatorLength(target, i, end);
			if (separator == 0) {
				i++;
				continue;
			}
			int segment = i + separator;
			int dots = 0;
			int j = segment;
			while (j < end && dots <= 2) {
				if (target.charAt(j) == '.') {
					j++;
				}
				else if (isEscape(target, j, end, 'E')) {
					j += 3;
				}
				else {
					break;
				}
				dots++;
			}
			if ((dots == 1 || dots == 2) && (j == end || separatorLength(target, j, end) > 0)) {
				return segment;
			}
			i = segment;
		}
		return -1;
	}

	/** 1 for a '/' at {@code i}, 3 for its escape {@code %2F}, else 0. */
	private static int separatorLength(String target, int i, int end) {
		return (target.charAt(i) == '/') ? 1 : isEscape(target, i, end, 'F') ? 3 : 0;
	}

	/** Whether {@code %2} and {@code hex} (either case) stand at {@code i}. */
	private static boolean isEscape(String target, int i, int end, char hex) {
		return i + 2 < end && target.charAt(i) == '%' && target.charAt(i + 1) == '2'
				&& Character.toUpperCase(target.charAt(i + 2)) == hex;
	}

	private static Refusal checkHost(HttpHeaders headers, HttpVersion version) {
		Iterator<String> hosts = headers.valueStringIterator(HttpHeaderNames.HOST);
		if (!hosts.hasNext()) {
			return (version.minorVersion() == 0) ? null
					: new Refusal(HttpResponseStatus.BAD_REQUEST, "An HTTP/1.1 request needs a host header");
		}
		String host = hosts.next();
		if (hosts.hasNext()) {
			return new Refusal(HttpResponseStatus.BAD_REQUEST, "A request may carry only one host header");
		}
		return isValidHost(host) ? null
				: new Refusal(HttpResponseStatus.BAD_REQUEST, "Malformed host header '" + host + "'");
	}

	/**
	 * Why an HTTP/2 request's authority refuses it, or {@code null} when it is a valid
	 * host, as the {@code Host} of an HTTP/1.1 request must be. Netty hands it on as the
	 * {@code host} header; a request without one is served as HTTP/1.0's are.
	 */
	static Refusal checkAuthority(HttpHeaders headers) {
		String host = headers.get(HttpHeaderNames.HOST);
		return (host == null || isValidHost(host)) ? null
				: new Refusal(HttpResponseStatus.BAD_REQUEST, "Malformed authority '" + host + "'");
	}

	/**
	 * {@code host [":" port]}, host a registered name, IPv4 address or bracketed IPv6
	 * literal (RFC 3986), port at most 65535.
	 */
	static boolean isValidHost(String host) {
		int length = host.length();
		int i = 0;
		if (length > 0 && host.charAt(0) == '[') {
			int close = host.indexOf(']');
			if (close < 2) {
				return false;
			}
			for (i = 1; i < close; i++) {
				char c = host.charAt(i);
				if (!isHexDigit(c) && c != ':' && c != '.') {
					return false;
				}
			}
			i = close + 1;
		}
		else {
			for (; i < length && host.charAt(i) != ':'; i++) {
				if (!isRegNameChar(host.charAt(i))) {
					return false;
				}
			}
		}
		return i == length || (host.charAt(i) == ':' && isPort(host, i + 1, length));
	}

	/**
	 * Whether the characters from {@code start} to {@code end} are a port number: one to
	 * five digits, at most 65535.
	 */
	static boolean isPort(String value, int start, int end) {
		if (end - start < 1 || end - start > 5) {
			return false;
		}
		int port = 0;
		for (int i = start; i < end; i++) {
			char c = value.charAt(i);
			if (c < '0' || c > '9') {
				return false;
			}
			port = port * 10 + (c - '0');
		}
		return port <= 65535;
	}

	private static boolean isHexDigit(char c) {
		return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
	}

	private static boolean isRegNameChar(char c) {
		return c < 128 && REG_NAME[c];
	}

	/** A refused request: the status to answer and why. */
	static final class Refusal extends IllegalArgumentException {

		private final HttpResponseStatus status;

		Refusal(HttpResponseStatus status, String detail) {
			super(detail, null);
			this.status = status;
		}

		HttpResponseStatus status() {
			return this.status;
		}

	}

}
