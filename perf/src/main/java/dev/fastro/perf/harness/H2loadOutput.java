package dev.fastro.perf.harness;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the summary {@code h2load} prints at the end of a run into the harness's
 * {@link WrkResult}, so its runs are counted, judged and reported as wrk's are:
 *
 * <pre>
 * finished in 10.00s, 41236.50 req/s, 1.69MB/s
 * requests: 412365 total, 412465 started, 412365 done, 412365 succeeded, 0 failed, 0 errored, 0 timeout
 * status codes: 412365 2xx, 0 3xx, 0 4xx, 0 5xx
 * traffic: 16.91MB (17729695) total, 1.18MB (1237095) headers (space savings 95.45%), 4.72MB (4948380) data
 *                      min         max         mean         sd        +/- sd
 * time for request:      312us     12.41ms      2.39ms       498us    80.91%
 * </pre>
 *
 * The requests are those {@code done}; the run is invalid, as a wrk run is, when any of
 * them failed (RST_STREAM, a lost connection, a timeout) or was answered with anything
 * but 2xx ({@code h2load} counts 3xx as success; the harness does not). {@code h2load}
 * gives no percentiles, so the 95th is unknown (-1). The duration is the one
 * {@code finished in} states, to the hundredth of its unit.
 */
public final class H2loadOutput {

	private static final Pattern FINISHED = Pattern.compile("^finished in ([0-9.]+)(us|ms|s),", Pattern.MULTILINE);

	private static final Pattern REQUESTS = Pattern.compile("^requests: (\\d+) total, (\\d+) started, (\\d+) done, "
			+ "(\\d+) succeeded, (\\d+) failed, (\\d+) errored, (\\d+) timeout", Pattern.MULTILINE);

	private static final Pattern STATUS = Pattern
		.compile("^status codes: (\\d+) 2xx, (\\d+) 3xx, (\\d+) 4xx, (\\d+) 5xx", Pattern.MULTILINE);

	private static final Pattern TRAFFIC = Pattern.compile("^traffic: \\S+ \\((\\d+)\\) total", Pattern.MULTILINE);

	private static final Pattern REQUEST_TIME = Pattern
		.compile("^time for request:\\s+(\\S+)\\s+(\\S+)\\s+([0-9.]+)(us|ms|s)\\s", Pattern.MULTILINE);

	private static final Pattern PROTOCOL = Pattern.compile("^Application protocol: (\\S+)", Pattern.MULTILINE);

	private H2loadOutput() {
	}

	/**
	 * Parses {@code h2load}'s output.
	 * @param output everything it printed
	 * @return the result
	 * @throws IllegalArgumentException if the summary is missing or incomplete
	 */
	public static WrkResult parse(String output) {
		Matcher finished = find(FINISHED, output, "finished in");
		Matcher requests = find(REQUESTS, output, "requests:");
		Matcher status = find(STATUS, output, "status codes:");
		Matcher traffic = find(TRAFFIC, output, "traffic:");
		long done = Long.parseLong(requests.group(3));
		long errored = Long.parseLong(requests.group(6));
		long timeouts = Long.parseLong(requests.group(7));
		long non2xx = Long.parseLong(status.group(2)) + Long.parseLong(status.group(3))
				+ Long.parseLong(status.group(4));
		Matcher requestTime = REQUEST_TIME.matcher(output);
		double latencyMean = requestTime.find() ? micros(requestTime.group(3), requestTime.group(4)) : Double.NaN;
		// errored counts the requests lost below HTTP (reset streams, lost connections),
		// timeouts among them.
		return new WrkResult(done, Math.round(micros(finished.group(1), finished.group(2))), latencyMean, -1, 0,
				Math.max(errored - timeouts, 0), 0, timeouts, non2xx, Long.parseLong(traffic.group(1)));
	}

	/**
	 * The protocol {@code h2load} spoke: {@code h2c} in cleartext, over TLS what ALPN
	 * chose ({@code h2}, or {@code http/1.1} if the server did not offer HTTP/2).
	 * @param output everything it printed
	 * @return the protocol, or {@code null} if it never connected
	 */
	public static String applicationProtocol(String output) {
		Matcher protocol = PROTOCOL.matcher(output);
		return protocol.find() ? protocol.group(1) : null;
	}

	private static Matcher find(Pattern pattern, String output, String what) {
		Matcher matcher = pattern.matcher(output);
		if (!matcher.find()) {
			throw new IllegalArgumentException("no '" + what + "' line in h2load output:\n" + output);
		}
		return matcher;
	}

	private static double micros(String value, String unit) {
		double number = Double.parseDouble(value);
		return switch (unit.toLowerCase(Locale.ROOT)) {
			case "s" -> number * 1_000_000;
			case "ms" -> number * 1_000;
			default -> number;
		};
	}

}
