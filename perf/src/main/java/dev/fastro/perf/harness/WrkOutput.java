package dev.fastro.perf.harness;

import java.util.HashMap;
import java.util.Map;

/**
 * Reads the line the harness's Lua {@code done()} hook (see {@link WrkScript}) appends to
 * wrk's output:
 *
 * <pre>
 * FASTRO_WRK requests=812345 duration_us=10001234 latency_mean_us=1210.55 latency_p95_us=1802 errors_connect=0 ... bytes=97481400
 * </pre>
 *
 * The hook, rather than wrk's human-readable summary, is the source: it gives exact
 * counts and microseconds instead of rounded "1.21ms" and "81.23k".
 */
public final class WrkOutput {

	/** The first word of the hook's line. */
	public static final String MARKER = "FASTRO_WRK";

	private WrkOutput() {
	}

	/**
	 * Parses wrk's output.
	 * @param output everything wrk printed
	 * @return the result
	 * @throws IllegalArgumentException if the hook's line is missing or incomplete
	 */
	public static WrkResult parse(String output) {
		String line = output.lines()
			.filter(candidate -> candidate.startsWith(MARKER + " "))
			.reduce((first, second) -> second)
			.orElseThrow(() -> new IllegalArgumentException("no " + MARKER + " line in wrk output:\n" + output));
		Map<String, String> fields = new HashMap<>();
		for (String pair : line.substring(MARKER.length()).trim().split("\\s+")) {
			int eq = pair.indexOf('=');
			if (eq <= 0) {
				throw new IllegalArgumentException("malformed field '" + pair + "' in: " + line);
			}
			fields.put(pair.substring(0, eq), pair.substring(eq + 1));
		}
		return new WrkResult(longField(fields, "requests", line), longField(fields, "duration_us", line),
				Double.parseDouble(field(fields, "latency_mean_us", line)), longField(fields, "latency_p95_us", line),
				longField(fields, "errors_connect", line), longField(fields, "errors_read", line),
				longField(fields, "errors_write", line), longField(fields, "errors_timeout", line),
				longField(fields, "errors_status", line), longField(fields, "bytes", line));
	}

	private static long longField(Map<String, String> fields, String name, String line) {
		return Long.parseLong(field(fields, name, line));
	}

	private static String field(Map<String, String> fields, String name, String line) {
		String value = fields.get(name);
		if (value == null) {
			throw new IllegalArgumentException("no " + name + " in: " + line);
		}
		return value;
	}

}
