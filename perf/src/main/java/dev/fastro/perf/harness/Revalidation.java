package dev.fastro.perf.harness;

import java.util.List;
import java.util.Map;

/**
 * The 304 revalidation of a static file: a {@code GET} with the validator the server gave
 * on a first {@code GET}. Each server makes its own validators, so a revalidation probe
 * is planned with a stand-in header and {@link #resolve(Probe, Map)} makes it concrete
 * per server before it is verified: {@code If-None-Match} with the {@code ETag}, or,
 * without one, {@code If-Modified-Since} with the {@code Last-Modified}; a server that
 * gives neither cannot be revalidated, and the case is not applicable to it.
 */
final class Revalidation {

	/**
	 * The stand-in header of a planned revalidation, naming nothing a server sees: its
	 * value is the file's path.
	 */
	static final String PLANNED = "x-perf-revalidate";

	private static final String ETAG = "etag";

	private static final String LAST_MODIFIED = "last-modified";

	private Revalidation() {
	}

	/**
	 * The revalidation of a file's {@code GET}, to be resolved per server.
	 * @param fetch the file's plain {@code GET}
	 * @return the planned probe, expecting 304 without a body
	 */
	static Probe of(Probe fetch) {
		return new Probe(fetch.request().withHeader(PLANNED, fetch.request().target()),
				new ExpectedResponse(304, null, new byte[0], Map.of()));
	}

	/**
	 * The report's label of a file's revalidation.
	 * @param fileLabel the file's label, such as {@code 1 KiB}
	 * @return the label
	 */
	static String label(String fileLabel) {
		return fileLabel + ", 304";
	}

	/**
	 * Whether a probe is a planned revalidation, not yet resolved for a server.
	 * @param probe the probe
	 * @return {@code true} if it carries the stand-in header
	 */
	static boolean planned(Probe probe) {
		return probe.request().headers().containsKey(PLANNED);
	}

	/**
	 * The plain {@code GET} whose answer gives a planned revalidation its validator.
	 * @param planned the planned revalidation
	 * @return the request without the stand-in header
	 */
	static Request fetch(Probe planned) {
		Request request = planned.request();
		return Request.get(request.headers().get(PLANNED));
	}

	/**
	 * A planned revalidation made concrete for one server.
	 * @param planned the planned revalidation
	 * @param firstAnswer the headers of the server's answer to {@link #fetch(Probe)},
	 * names in lower case
	 * @return the probe with {@code If-None-Match} or {@code If-Modified-Since}, or
	 * {@code null} when the answer had neither validator
	 */
	static Probe resolve(Probe planned, Map<String, List<String>> firstAnswer) {
		Request fetch = fetch(planned);
		String etag = first(firstAnswer, ETAG);
		if (etag != null) {
			return new Probe(fetch.withHeader("if-none-match", etag), planned.expected());
		}
		String lastModified = first(firstAnswer, LAST_MODIFIED);
		if (lastModified != null) {
			return new Probe(fetch.withHeader("if-modified-since", lastModified), planned.expected());
		}
		return null;
	}

	private static String first(Map<String, List<String>> headers, String name) {
		List<String> values = headers.getOrDefault(name, List.of());
		return values.isEmpty() ? null : values.get(0);
	}

}
