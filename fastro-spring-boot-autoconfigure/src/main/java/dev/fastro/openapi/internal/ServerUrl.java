package dev.fastro.openapi.internal;

import dev.fastro.http.Context;

/**
 * The URL of the server as a request addressed it, for the document's {@code servers}:
 * the scheme, host and port of {@link Context}, which apply a trusted proxy's forwarded
 * headers when {@code fastro.server.forward-headers-strategy=native}, followed by the
 * path prefix the proxy serves the application under ({@code X-Forwarded-Prefix}).
 * <p>
 * Fastro's server reads no prefix, so this reads it only where the server applied the
 * proxy's other headers: when the request names a scheme or an authority its connection
 * does not have. A client that is no trusted proxy has its forwarded headers ignored, and
 * so its prefix too.
 */
public final class ServerUrl {

	private static final String X_FORWARDED_PREFIX = "x-forwarded-prefix";

	private final boolean forwardedHeaders;

	private final String connectionScheme;

	/**
	 * @param forwardedHeaders whether the server applies forwarded headers
	 * @param connectionScheme the scheme of the server's connections, {@code http} or
	 * {@code https}
	 */
	public ServerUrl(boolean forwardedHeaders, String connectionScheme) {
		this.forwardedHeaders = forwardedHeaders;
		this.connectionScheme = connectionScheme;
	}

	/** The URL of the server {@code ctx} addressed, without a trailing slash. */
	public String of(Context ctx) {
		String scheme = ctx.scheme();
		int port = ctx.port();
		boolean defaultPort = (port == 80 && scheme.equals("http")) || (port == 443 && scheme.equals("https"));
		String authority = defaultPort ? ctx.host() : ctx.host() + ":" + port;
		String url = scheme + "://" + authority;
		if (!this.forwardedHeaders || (scheme.equals(this.connectionScheme)
				&& authority.equalsIgnoreCase(ctx.requestHeaders().get("host")))) {
			return url;
		}
		String prefix = ctx.requestHeaders().get(X_FORWARDED_PREFIX);
		if (prefix == null || !prefix.startsWith("/") || prefix.contains("//")) {
			return url;
		}
		return url + (prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix);
	}

}
