package dev.fastro.perf.harness;

import java.nio.charset.StandardCharsets;

/**
 * The Lua script of a wrk run: the request's method, body, content type and further
 * headers (wrk sends a plain {@code GET} otherwise), and a {@code done()} hook that
 * prints the exact counts, the bytes read and the 95th percentile as one
 * {@link WrkOutput#MARKER} line. It has no {@code response()} callback, which would slow
 * wrk down.
 *
 * <p>
 * Pipelined, as TechEmpower's plaintext test does it: {@code init} builds one string of
 * {@link #PIPELINE_DEPTH} copies of the request with {@code wrk.format()} (which adds the
 * {@code Host} header, and {@code Content-Length} when there is a body), and
 * {@code request} returns it, so each write carries that many requests. wrk counts the
 * requests of the first {@code request()} result and waits for as many responses before
 * the next write, so its request count stays exact; its latency is then that of a whole
 * batch.
 *
 * <p>
 * A request with {@link RandomIds} gets a {@code request()} that draws an id for each
 * request (each of a pipelined batch), seeded so a run can be repeated.
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
		return forRequest(request, 1, 1);
	}

	/**
	 * Writes the script for a load.
	 * @param load the request and how many go out per write
	 * @param seed the seed of the random ids, if the request has them
	 * @return the Lua source
	 */
	public static String forLoad(Load load, long seed) {
		return forRequest(load.request(), load.pipeline(), seed);
	}

	/**
	 * Writes the script for a request.
	 * @param request the request wrk sends on every connection
	 * @param pipeline how many go out per write: 1, or more to pipeline them
	 * @param seed the seed of the random ids, if the request has them
	 * @return the Lua source
	 */
	public static String forRequest(Request request, int pipeline, long seed) {
		StringBuilder lua = new StringBuilder();
		lua.append("wrk.method = ").append(quote(request.method())).append('\n');
		if (request.body().length > 0) {
			lua.append("wrk.body = ").append(quote(new String(request.body(), StandardCharsets.UTF_8))).append('\n');
		}
		if (request.contentType() != null) {
			lua.append("wrk.headers[\"Content-Type\"] = ").append(quote(request.contentType())).append('\n');
		}
		request.headers()
			// A header name is a token (no quotes, no brackets); a long string right
			// after "[" would open "[[", a long string of its own.
			.forEach((name, value) -> lua.append("wrk.headers[\"")
				.append(name)
				.append("\"] = ")
				.append(quote(value))
				.append('\n'));
		if (request.ids() != null) {
			randomIds(lua, request.ids(), pipeline, seed);
		}
		else if (pipeline > 1) {
			lua.append("local depth = ")
				.append(pipeline)
				.append('\n')
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
			.append("  io.write(string.format(\"")
			.append(WrkOutput.MARKER)
			.append(" requests=%d duration_us=%d latency_mean_us=%.2f latency_p95_us=%d")
			.append(" errors_connect=%d errors_read=%d errors_write=%d errors_timeout=%d errors_status=%d")
			.append(" bytes=%d\\n\",\n")
			.append("    summary.requests, summary.duration, latency.mean, latency:percentile(95),\n")
			.append("    e.connect, e.read, e.write, e.timeout, e.status, summary.bytes))\n")
			.append("end\n");
		return lua.toString();
	}

	/**
	 * A {@code request()} that draws an id for every request, and builds the requests
	 * from the head and tail of {@code wrk.format()}'s request around the id. Uniform ids
	 * come from {@code math.random(count)}; Zipf ids (s = 1) by exact inverse-CDF
	 * sampling: {@code init} tabulates the harmonic sums
	 * {@code H(k) = 1 + 1/2 + ... + 1/k} for every id once, and each draw binary-searches
	 * the first {@code k} with {@code H(k) >= u * H(count)}, {@code u} uniform in [0, 1),
	 * so id {@code k} comes with probability {@code (1/k) / H(count)}.
	 */
	private static void randomIds(StringBuilder lua, RandomIds ids, int pipeline, long seed) {
		boolean zipf = ids.distribution() == RandomIds.Distribution.ZIPF;
		lua.append("local count = ")
			.append(ids.count())
			.append('\n')
			.append("local depth = ")
			.append(pipeline)
			.append('\n')
			.append("local head, tail, cumulative, total\n")
			.append("init = function(args)\n")
			.append("  math.randomseed(")
			.append(seed)
			.append(")\n")
			.append("  local template = wrk.format(nil, ")
			.append(quote(ids.pathPrefix()))
			.append(")\n")
			.append("  local at = string.find(template, \" HTTP/1.1\\r\\n\", 1, true)\n")
			.append("  head = string.sub(template, 1, at - 1)\n")
			.append("  tail = string.sub(template, at)\n");
		if (zipf) {
			lua.append("  cumulative = {}\n")
				.append("  local sum = 0\n")
				.append("  for k = 1, count do\n")
				.append("    sum = sum + 1 / k\n")
				.append("    cumulative[k] = sum\n")
				.append("  end\n")
				.append("  total = sum\n");
		}
		lua.append("end\n");
		if (zipf) {
			lua.append("local function id()\n")
				.append("  local u = math.random() * total\n")
				.append("  local lo, hi = 1, count\n")
				.append("  while lo < hi do\n")
				.append("    local mid = math.floor((lo + hi) / 2)\n")
				.append("    if cumulative[mid] < u then lo = mid + 1 else hi = mid end\n")
				.append("  end\n")
				.append("  return lo\n")
				.append("end\n");
		}
		else {
			lua.append("local function id()\n").append("  return math.random(count)\n").append("end\n");
		}
		if (pipeline > 1) {
			lua.append("request = function()\n")
				.append("  local batch = {}\n")
				.append("  for i = 1, depth do batch[i] = head .. id() .. tail end\n")
				.append("  return table.concat(batch)\n")
				.append("end\n");
		}
		else {
			lua.append("request = function()\n").append("  return head .. id() .. tail\n").append("end\n");
		}
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
