package dev.fastro.http.spi;

/**
 * Reads a {@code Host} header as Reactor Netty does, for the transports that read it
 * themselves: the name is what comes before the port, brackets of an IPv6 literal
 * included; without a port, the scheme's default applies.
 */
public final class HostHeader {

	private HostHeader() {
	}

	/**
	 * The host name, without the port.
	 * @param header the header's value, or {@code null} when the request has none
	 * @return the name, {@code localhost} without a header
	 */
	public static String name(String header) {
		if (header == null) {
			return "localhost";
		}
		int colon = portColon(header);
		return (colon != -1) ? header.substring(0, colon) : header;
	}

	/**
	 * The port.
	 * @param header the header's value, or {@code null} when the request has none
	 * @param scheme {@code http} or {@code https}
	 * @return the port the header names, else (also when it is not a number) the scheme's
	 * default
	 */
	public static int port(String header, String scheme) {
		int colon = (header != null) ? portColon(header) : -1;
		int digits = (colon != -1) ? header.length() - colon - 1 : 0;
		if (digits < 1 || digits > 5) {
			return defaultPort(scheme);
		}
		int port = 0;
		for (int i = colon + 1; i < header.length(); i++) {
			char c = header.charAt(i);
			if (c < '0' || c > '9') {
				return defaultPort(scheme);
			}
			port = port * 10 + (c - '0');
		}
		return port;
	}

	/**
	 * The port a client uses for a scheme when it names none.
	 * @param scheme {@code http} or {@code https}
	 * @return 443 for {@code https}, 80 otherwise
	 */
	public static int defaultPort(String scheme) {
		return "https".equalsIgnoreCase(scheme) ? 443 : 80;
	}

	/**
	 * A host name without the brackets of an IPv6 literal.
	 * @param name a host name, as {@link #name} gives it
	 * @return {@code ::1} for {@code [::1]}; any other name as it is
	 */
	public static String unbracketed(String name) {
		return (name.length() > 1 && name.startsWith("[") && name.endsWith("]")) ? name.substring(1, name.length() - 1)
				: name;
	}

	private static int portColon(String header) {
		return (!header.isEmpty() && header.charAt(0) == '[') ? header.indexOf(':', header.indexOf(']'))
				: header.indexOf(':');
	}

}
