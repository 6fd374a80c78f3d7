package dev.fastro.cors;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.fastro.http.Context;
import dev.fastro.http.Handler;
import dev.fastro.http.HttpException;
import dev.fastro.http.Middleware;
import dev.fastro.http.Response;
import dev.fastro.http.internal.Preflight;
import dev.fastro.http.spi.HostHeader;
import io.netty.handler.codec.http.HttpHeaders;

import org.springframework.http.HttpMethod;
import org.springframework.util.StringUtils;
import org.springframework.web.cors.CorsConfiguration;

/**
 * Answers cross-origin requests from a Spring {@link CorsConfiguration}, as Spring's
 * {@code CorsWebFilter} and {@code DefaultCorsProcessor} do: a preflight is answered here
 * (204, where Spring answers 200), an actual request gets its {@code Access-Control-*}
 * headers and goes on, and a request the configuration does not allow is a 403 naming
 * what was refused. Requests without an {@code Origin}, or from the server's own origin,
 * go on untouched but for a {@code Vary} header, since the answer depends on them.
 *
 * <pre>{@code
 * CorsConfiguration cors = new CorsConfiguration();
 * cors.addAllowedOrigin("https://app.example");
 * cors.addAllowedMethod("*");
 *
 * Routes.builder().group("/api", api -> api.use(Cors.of(cors)).get("/users", ...))
 * }</pre>
 *
 * A preflight ({@code OPTIONS} with {@code Access-Control-Request-Method}) reaches the
 * middleware of the route it asks about, so a {@code Cors} given to a group or a route
 * answers the preflights for that group or route; declared as a {@code Middleware} bean,
 * it serves every path. Needs {@code spring-web} on the classpath.
 */
public final class Cors implements Middleware {

	private static final String VARY = "Origin, Access-Control-Request-Method, Access-Control-Request-Headers";

	private final CorsConfiguration configuration;

	private Cors(CorsConfiguration configuration) {
		this.configuration = configuration;
	}

	/**
	 * Cross-origin requests as this configuration allows them. The configuration is
	 * copied: changing it later changes nothing here.
	 * @throws IllegalArgumentException if it allows credentials for every origin, which
	 * browsers refuse
	 */
	public static Cors of(CorsConfiguration configuration) {
		CorsConfiguration copy = copy(Objects.requireNonNull(configuration, "configuration"));
		copy.validateAllowCredentials();
		copy.validateAllowPrivateNetwork();
		return new Cors(copy);
	}

	/**
	 * A copy with lists of its own: Spring's copy constructor shares the original's, so
	 * an origin added to it later would be allowed here too. Each setter makes a new
	 * list.
	 */
	private static CorsConfiguration copy(CorsConfiguration configuration) {
		CorsConfiguration copy = new CorsConfiguration();
		copy.setAllowedOrigins(configuration.getAllowedOrigins());
		copy.setAllowedOriginPatterns(configuration.getAllowedOriginPatterns());
		copy.setAllowedMethods(configuration.getAllowedMethods());
		copy.setAllowedHeaders(configuration.getAllowedHeaders());
		copy.setExposedHeaders(configuration.getExposedHeaders());
		copy.setAllowCredentials(configuration.getAllowCredentials());
		copy.setAllowPrivateNetwork(configuration.getAllowPrivateNetwork());
		copy.setMaxAge(configuration.getMaxAge());
		return copy;
	}

	@Override
	public Object handle(Context ctx, Handler next) throws Exception {
		HttpHeaders response = ctx.responseHeaders();
		if (!response.containsValue("vary", "Origin", true)) {
			// The answer differs with these headers, so a cache must not serve it to
			// another origin.
			response.add("vary", VARY);
		}
		String origin = ctx.header("origin");
		if (origin == null || sameOrigin(ctx, origin) || response.contains("access-control-allow-origin")) {
			return next.handle(ctx);
		}
		String requestedMethod = Preflight.requestedMethod(ctx);
		boolean preflight = requestedMethod != null;
		String allowedOrigin = this.configuration.checkOrigin(origin);
		if (allowedOrigin == null) {
			throw refused("Cross-origin requests from '" + origin + "' are not allowed");
		}
		String method = preflight ? requestedMethod : ctx.method();
		List<HttpMethod> allowedMethods = this.configuration.checkHttpMethod(HttpMethod.valueOf(method));
		if (allowedMethods == null) {
			throw refused("Cross-origin " + method + " requests are not allowed; allowed: "
					+ listed(this.configuration.getAllowedMethods(), "GET, HEAD"));
		}
		response.set("access-control-allow-origin", allowedOrigin);
		if (preflight) {
			List<String> requestedHeaders = requestedHeaders(ctx);
			List<String> allowedHeaders = this.configuration.checkHeaders(requestedHeaders);
			if (allowedHeaders == null) {
				throw refused("Cross-origin requests may not send the headers " + String.join(", ", requestedHeaders)
						+ "; allowed: " + listed(this.configuration.getAllowedHeaders(), "none"));
			}
			response.set("access-control-allow-methods", StringUtils.collectionToDelimitedString(allowedMethods, ", "));
			if (!allowedHeaders.isEmpty()) {
				response.set("access-control-allow-headers", String.join(", ", allowedHeaders));
			}
			if (this.configuration.getMaxAge() != null) {
				response.set("access-control-max-age", this.configuration.getMaxAge().toString());
			}
			if (Boolean.TRUE.equals(this.configuration.getAllowPrivateNetwork())
					&& "true".equals(ctx.header("access-control-request-private-network"))) {
				response.set("access-control-allow-private-network", "true");
			}
		}
		else if (this.configuration.getExposedHeaders() != null && !this.configuration.getExposedHeaders().isEmpty()) {
			response.set("access-control-expose-headers", String.join(", ", this.configuration.getExposedHeaders()));
		}
		if (Boolean.TRUE.equals(this.configuration.getAllowCredentials())) {
			response.set("access-control-allow-credentials", "true");
		}
		return preflight ? Response.noContent() : next.handle(ctx);
	}

	/**
	 * Whether the origin is the one the request was sent to, which makes it no
	 * cross-origin request at all; an origin that is no URI (such as {@code null}) is
	 * another.
	 */
	private static boolean sameOrigin(Context ctx, String origin) {
		try {
			URI uri = new URI(origin);
			String scheme = uri.getScheme();
			String host = uri.getHost();
			if (scheme == null || host == null || !scheme.equalsIgnoreCase(ctx.scheme())) {
				return false;
			}
			int port = (uri.getPort() != -1) ? uri.getPort() : HostHeader.defaultPort(scheme);
			return port == ctx.port() && sameHost(HostHeader.unbracketed(host), HostHeader.unbracketed(ctx.host()));
		}
		catch (URISyntaxException ex) {
			return false;
		}
	}

	/**
	 * Whether two host names are one: an IPv6 literal has several spellings ({@code ::1}
	 * in one, {@code 0:0:0:0:0:0:0:1} in another), so literals are compared as addresses,
	 * which looks nothing up.
	 */
	private static boolean sameHost(String origin, String request) {
		if (origin.equalsIgnoreCase(request)) {
			return true;
		}
		if (origin.indexOf(':') < 0 || request.indexOf(':') < 0) {
			return false;
		}
		try {
			return InetAddress.getByName(origin).equals(InetAddress.getByName(request));
		}
		catch (UnknownHostException ex) {
			return false;
		}
	}

	/** The header names of {@code Access-Control-Request-Headers}, one list. */
	private static List<String> requestedHeaders(Context ctx) {
		List<String> names = new ArrayList<>();
		for (String value : ctx.headers("access-control-request-headers")) {
			for (String name : value.split(",")) {
				if (!name.isBlank()) {
					names.add(name.trim());
				}
			}
		}
		return names;
	}

	/** Configured values for an error's detail; {@code unset} is Spring's default. */
	private static String listed(List<String> values, String unset) {
		return (values == null || values.isEmpty()) ? unset : String.join(", ", values);
	}

	private static HttpException refused(String detail) {
		return new HttpException(403, detail);
	}

}
