package dev.fastro.docs.handlers;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fastro.http.Context;
import dev.fastro.http.Routes;

/** Handlers of the Handlers page that read the request, one per aspect of it. */
final class RequestReading {

	private RequestReading() {
	}

	static Routes routes() {
		return Routes.builder()
			.get("/orders/{id}/lines/{n}", RequestReading::orderLine)
			.get("/search", RequestReading::search)
			.get("/greeting", RequestReading::greeting)
			.get("/whoami/{*rest}", RequestReading::whoAmI)
			.build();
	}

	// tag::params[]
	/** GET /orders/{id}/lines/{n} */
	static String orderLine(Context ctx) {
		// "x" in place of a number is a 400 naming the parameter
		long order = ctx.paramLong("id");
		int line = ctx.paramInt("n");
		// {id=7, n=2}: every parameter, decoded, in pattern order
		Map<String, String> all = ctx.params();
		return "Line " + line + " of order " + order + " " + all;
	}
	// end::params[]

	// tag::queries[]
	/** GET /search?q=green+tea&tag=organic&tag=loose&page=2 */
	static Map<String, Object> search(Context ctx) {
		// "green tea" ('+' is a space); null when absent
		String q = ctx.query("q");
		// [organic, loose]; empty when absent
		List<String> tags = ctx.queries("tag");
		// optional here; "two" is a 400 naming the parameter
		long page = (ctx.query("page") != null) ? ctx.queryLong("page") : 1;
		// every parameter with its values, in order
		Map<String, List<String>> all = ctx.queryMap();
		return Map.of("q", q, "tags", tags, "page", page, "parameters", all.size());
	}
	// end::queries[]

	// tag::headers[]
	/** GET /greeting */
	static String greeting(Context ctx) {
		// the first value, null when absent; names are case-insensitive
		String language = ctx.header("Accept-Language");
		// every value, empty when absent
		List<String> via = ctx.headers("via");
		// null when absent
		String theme = ctx.cookie("theme");
		String hello = (language != null && language.startsWith("fr")) ? "Bonjour" : "Hello";
		String look = (theme != null) ? theme : "light";
		return hello + ", in the " + look + " theme, through " + via.size() + " proxies";
	}
	// end::headers[]

	// tag::client[]
	/** GET /whoami/{*rest} */
	static Map<String, Object> whoAmI(Context ctx) {
		Map<String, Object> me = new LinkedHashMap<>();
		// the connection's peer, or the client a trusted proxy names
		me.put("client", ctx.remoteAddress().getAddress().getHostAddress());
		// the scheme, host and port the client addressed
		me.put("origin", ctx.scheme() + "://" + ctx.host() + ":" + ctx.port());
		// GET, upper case
		me.put("method", ctx.method());
		// still percent-encoded, without the query string
		me.put("path", ctx.path());
		// path and query, as sent
		me.put("uri", ctx.uri());
		// the pattern of the route: /whoami/{*rest}
		me.put("route", ctx.routePattern());
		return me;
	}
	// end::client[]

}
