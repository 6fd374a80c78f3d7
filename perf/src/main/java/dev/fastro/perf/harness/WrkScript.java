package dev.fastro.perf.harness;

import java.nio.charset.StandardCharsets;

/**
 * The Lua script of a wrk run: the request's method, body and content type (wrk sends a plain
 * {@code GET} otherwise), and a {@code done()} hook that prints the exact counts and the 95th
 * percentile as one {@link WrkOutput#MARKER} line. It has no {@code response()} callback, which
 * would slow wrk down.
 *
 * <p>Pipelined, as TechEmpower's plaintext test does it: {@code init} builds one string of
 * {@link #PIPELINE_DEPTH} copies of the request with {@code wrk.format()} (which adds the
 * {@code Host} header, and {@code Content-Length} when there is a body), and {@code request}
 * returns it, so each write carries that many requests. wrk counts the requests of the first
 * {@code request()} result and waits for as many responses before the next write, so its request
 * count stays exact; its latency is then that of a whole batch.
 */
public final class WrkScript {

	/** Requests per write when pipelined: TechEmpower's plaintext depth. */
	public static final int PIPELINE_DEPTH = 16;

	private WrkScript() {
	}

	/**
	 * Writes the script for a request sent one at a time.
	 * @param request the request wrk sends on every connection
	 * @return the Lua source
	 */
	public static String forRequest(Request request) {
		return forRequest(request, 1);
	}

	/**
	 * Writes the script for a load.
	 * @param load the request and how many go out per write
	 * @return the Lua source
	 */
	public static String forLoad(Load load) {
		return forRequest(load.request(), load.pipeline());
	}

	/**
	 * Writes the script for a request.
	 * @param request the request wrk sends on every connection
	 * @param pipeline how many copies go out per write: 1, or more to pipeline them
	 * @return the Lua source
	 */
	public static String forRequest(Request request, int pipeline) {
		StringBuilder lua = new StringBuilder();
		lua.append("wrk.method = ").append(quote(request.method())).append('\n');
		if (request.body().length > 0) {
			lua.append("wrk.body = ").append(quote(new String(request.body(), StandardCharsets.UTF_8))).append('\n');
		}
		if (request.contentType() != null) {
			lua.append("wrk.headers[\"Content-Type\"] = ").append(quote(request.contentType())).append('\n');
		}
		if (pipeline > 1) {
			lua.append("local depth = ").append(pipeline).append('\n')
				.append("local batch\n")
				.append("init = function(args)\n")
				.append("  local copies = {}\n")
				.append("  for i = 1, depth do copies[i] = wrk.format() end\n")
				.append("  batch = table.concat(copies)\n")
				.append("end\n")
				.append("request = function()\n")
				.append("  return batch\n")
				.append("end\n");
		}
		lua.append("done = function(summary, latency, requests)\n")
			.append("  local e = summary.errors\n")
			.append("  io.write(string.format(\"").append(WrkOutput.MARKER)
			.append(" requests=%d duration_us=%d latency_mean_us=%.2f latency_p95_us=%d")
			.append(" errors_connect=%d errors_read=%d errors_write=%d errors_timeout=%d errors_status=%d\\n\",\n")
			.append("    summary.requests, summary.duration, latency.mean, latency:percentile(95),\n")
			.append("    e.connect, e.read, e.write, e.timeout, e.status))\n")
			.append("end\n");
		return lua.toString();
	}

	/** A Lua long string, which needs no escaping; the level is chosen so the text cannot close it. */
	private static String quote(String text) {
		String level = "=";
		while (text.contains("]" + level + "]")) {
			level += "=";
		}
		return "[" + level + "[" + text + "]" + level + "]";
	}
}
