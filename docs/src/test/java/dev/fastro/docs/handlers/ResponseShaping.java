package dev.fastro.docs.handlers;

import java.util.Map;

import dev.fastro.http.Context;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
// tag::cookies[]
import io.netty.handler.codec.http.cookie.CookieHeaderNames.SameSite;
import io.netty.handler.codec.http.cookie.DefaultCookie;
// end::cookies[]

/** Handlers of the Handlers page that shape the response. */
final class ResponseShaping {

	private ResponseShaping() {
	}

	static Routes routes() {
		return Routes.builder()
			.post("/jobs", ResponseShaping::startJob)
			.post("/sessions", ResponseShaping::signIn)
			.get("/reports/{id}", ResponseShaping::report)
			.build();
	}

	// tag::status[]
	/** POST /jobs */
	static Map<String, String> startJob(Context ctx) {
		// from 200 to 599: 1xx are the server's to send
		ctx.status(202)
			// replaces any value the header had; a null value removes it
			.header("location", "/jobs/17")
			.header("cache-control", "no-store");
		// Netty's HttpHeaders, for everything else
		ctx.responseHeaders().add("link", "</jobs>; rel=\"collection\"");
		return Map.of("id", "17", "state", "queued");
	}
	// end::status[]

	// tag::cookies[]

	/** POST /sessions */
	static String signIn(Context ctx) {
		// set-cookie: theme=dark
		ctx.cookie("theme", "dark");
		DefaultCookie session = new DefaultCookie("session", "8f14e45f");
		session.setPath("/");
		session.setMaxAge(3600);
		session.setHttpOnly(true);
		session.setSecure(true);
		session.setSameSite(SameSite.Lax);
		// set-cookie: session=8f14e45f; Max-Age=3600; Expires=...;
		// Path=/; Secure; HTTPOnly; SameSite=Lax
		ctx.cookie(session);
		return "Welcome back";
	}
	// end::cookies[]

	// tag::response[]
	/** GET /reports/{id} */
	static Object report(Context ctx) {
		if (ctx.param("id").equals("2023")) {
			// no body
			return Response.status(301).header("location", "/reports/2024");
		}
		if (ctx.param("id").equals("2025")) {
			return Response.status(202).header("retry-after", "60").body(Map.of("state", "running"));
		}
		// text/csv in place of text/plain
		return Response.ok("year,total\n2024,42\n").contentType("text/csv");
	}
	// end::response[]

}
