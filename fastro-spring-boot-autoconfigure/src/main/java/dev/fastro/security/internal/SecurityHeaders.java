package dev.fastro.security.internal;

import java.time.Duration;
import java.util.Map;

import dev.fastro.http.Context;
import dev.fastro.http.ResponseHook;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;

/**
 * Writes the headers Spring Security writes by default, with its values, on every answer,
 * error answers included. Spring's own writers need a servlet response or a
 * {@code ServerWebExchange}, so the values are Spring's, made once at start-up: an answer
 * costs a few header checks. As Spring's writers do, it keeps a header already set,
 * leaves the cache headers out of a 304 and of an answer that sets any of them, and sends
 * {@code Strict-Transport-Security} only over HTTPS, since a browser ignores it over
 * HTTP. A response hook, because hooks run once the status and the handler's headers are
 * final, where Spring's {@code HeaderWriterFilter} writes at commit.
 */
public final class SecurityHeaders implements ResponseHook {

	private static final AsciiString NO_STORE = AsciiString.cached("no-cache, no-store, max-age=0, must-revalidate");

	private static final AsciiString NO_CACHE = AsciiString.cached("no-cache");

	private static final AsciiString EXPIRED = AsciiString.cached("0");

	private static final AsciiString STRICT_TRANSPORT_SECURITY = AsciiString.cached("strict-transport-security");

	private static final String HTTPS = "https";

	private final AsciiString[] names;

	private final AsciiString[] values;

	private final boolean cacheControl;

	private final AsciiString strictTransportSecurity;

	/**
	 * @param headers the headers written on every answer that lacks them, by name
	 * @param cacheControl whether answers tell caches not to keep them
	 * @param strictTransportSecurity the value of {@code Strict-Transport-Security}
	 * written on answers over HTTPS, or {@code null} for none
	 */
	public SecurityHeaders(Map<String, String> headers, boolean cacheControl, String strictTransportSecurity) {
		this.names = headers.keySet().stream().map(AsciiString::cached).toArray(AsciiString[]::new);
		this.values = headers.values().stream().map(AsciiString::cached).toArray(AsciiString[]::new);
		this.cacheControl = cacheControl;
		this.strictTransportSecurity = (strictTransportSecurity != null) ? AsciiString.cached(strictTransportSecurity)
				: null;
	}

	/**
	 * The value of {@code Strict-Transport-Security}, spelled as Spring's
	 * {@code HstsHeaderWriter} spells it.
	 */
	public static String strictTransportSecurity(Duration maxAge, boolean includeSubDomains, boolean preload) {
		return "max-age=" + maxAge.toSeconds() + (includeSubDomains ? " ; includeSubDomains" : "")
				+ (preload ? " ; preload" : "");
	}

	@Override
	public void onResponse(Context ctx) {
		HttpHeaders headers = ctx.responseHeaders();
		for (int i = 0; i < this.names.length; i++) {
			if (!headers.contains(this.names[i])) {
				headers.set(this.names[i], this.values[i]);
			}
		}
		if (this.cacheControl && ctx.status() != 304 && !headers.contains(HttpHeaderNames.CACHE_CONTROL)
				&& !headers.contains(HttpHeaderNames.PRAGMA) && !headers.contains(HttpHeaderNames.EXPIRES)) {
			headers.set(HttpHeaderNames.CACHE_CONTROL, NO_STORE);
			headers.set(HttpHeaderNames.PRAGMA, NO_CACHE);
			headers.set(HttpHeaderNames.EXPIRES, EXPIRED);
		}
		if (this.strictTransportSecurity != null && HTTPS.equals(ctx.scheme())
				&& !headers.contains(STRICT_TRANSPORT_SECURITY)) {
			headers.set(STRICT_TRANSPORT_SECURITY, this.strictTransportSecurity);
		}
	}

	@Override
	public String toString() {
		return "SecurityHeaders";
	}

}
