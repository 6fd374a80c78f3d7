package dev.fastro.perf.harness;

import java.nio.charset.StandardCharsets;

/**
 * The Lua script of a wrk run: the request's method, body and content type (wrk sends a
 * plain {@code GET} otherwise), and a {@code done()} hook that prints the exact counts
 * and the 95th percentile as one {@link WrkOutput#MARKER} line. It has no
 * {@code response()} callback, which would slow wrk down.
 */
public final class WrkScript {

	private WrkScript() {
	}

	/**
	 * Writes the script for a request.
	 * @param request the request wrk sends on every connection
	 * @return the Lua source
	 */
	public static String forRequest(Request request) {
		StringBuilder lua = new StringBuilder();
		lua.append("wrk.method = ").append(quote(request.method())).append('\n');
		if (request.body().length > 0) {
			lua.append("wrk.body = ").append(quote(new String(request.body(), StandardCharsets.UTF_8))).append('\n');
		}
		if (request.contentType() != null) {
			lua.append("wrk.headers[\"Content-Type\"] = ").append(quote(request.contentType())).append('\n');
		}
		lua.append("done = function(summary, latency, requests)\n")
			.append("  local e = summary.errors\n")
			.append("  io.write(string.format(\"")
			.append(WrkOutput.MARKER)
			.append(" requests=%d duration_us=%d latency_mean_us=%.2f latency_p95_us=%d")
			.append(" errors_connect=%d errors_read=%d errors_write=%d errors_timeout=%d errors_status=%d\\n\",\n")
			.append("    summary.requests, summary.duration, latency.mean, latency:percentile(95),\n")
			.append("    e.connect, e.read, e.write, e.timeout, e.status))\n")
			.append("end\n");
		return lua.toString();
	}

	/**
	 * A Lua long string, which needs no escaping; the level is chosen so the text cannot
	 * close it.
	 */
	private static String quote(String text) {
		String level = "=";
		while (text.contains("]" + level + "]")) {
			level += "=";
		}
		return "[" + level + "[" + text + "]" + level + "]";
	}

}
