package dev.fastro.demo.proxy;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One request as a proxy logged it, in the format both templates give their log:
 * {@code upstream=<where it was sent> status=<what the proxy answered> uri=<target>},
 * HAProxy's with {@code retries=<count>} before the target.
 *
 * @param upstream where the proxy sent the request: {@code -} (nginx) or {@code <NOSRV>}
 * (HAProxy) for nowhere; nginx lists every server it tried, separated by commas
 * @param status the status the proxy answered with
 * @param retries how often HAProxy tried to connect again
 * @param uri the request's target, as the proxy read it
 */
record ProxiedRequest(String upstream, int status, int retries, String uri) {

	private static final Pattern LINE = Pattern
		.compile("upstream=(.*?) status=(-?\\d+)(?: retries=\\+?(-?\\d+))? uri=(.*)");

	private static final Pattern ID = Pattern.compile("[?&]id=([^&\\s]*)");

	/** The request a log line describes, or {@code null} for another kind of line. */
	static ProxiedRequest parse(String line) {
		Matcher matcher = LINE.matcher(line);
		if (!matcher.matches()) {
			return null;
		}
		int retries = (matcher.group(3) != null) ? Math.max(0, Integer.parseInt(matcher.group(3))) : 0;
		return new ProxiedRequest(matcher.group(1), Integer.parseInt(matcher.group(2)), retries, matcher.group(4));
	}

	/** Whether the proxy sent the request on to Fastro. */
	boolean forwarded() {
		return !this.upstream.isEmpty() && !this.upstream.equals("-") && !this.upstream.equals("<NOSRV>");
	}

	/**
	 * How often the proxy sent the request to Fastro, or tried to: once, unless a
	 * connection failed under it.
	 */
	int attempts() {
		return forwarded() ? this.upstream.split(",").length + this.retries : 0;
	}

	/** The request's {@code id} query parameter, {@code "null"} without one. */
	String id() {
		return idIn(this.uri);
	}

	/**
	 * The {@code id} query parameter in a target or request line, {@code "null"} if none.
	 */
	static String idIn(String target) {
		Matcher matcher = ID.matcher(target);
		return matcher.find() ? matcher.group(1) : "null";
	}

}
