package dev.fastro.perf.harness;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One request the harness sends, both to verify a server and, through wrk, to measure it.
 *
 * @param method the HTTP method
 * @param target the path and query, such as {@code /query?name=fastro}
 * @param contentType the request's content type, or {@code null} when it has no body
 * @param body the request body, empty for none
 * @param ids for a path that ends in an id drawn anew for every request, how it is drawn;
 * {@code null} for a fixed target. The target is then the path of the first id, and
 * stands for the others where one request is needed.
 * @param headers further request headers, such as {@code accept-encoding} (names in lower
 * case)
 */
public record Request(String method, String target, String contentType, byte[] body, RandomIds ids,
		Map<String, String> headers) {

	/** The longest header value {@link #toString()} shows whole. */
	private static final int LONGEST_SHOWN = 24;

	/**
	 * Checks the parts and takes private copies of the body and headers.
	 */
	public Request {
		Objects.requireNonNull(method, "method");
		Objects.requireNonNull(target, "target");
		body = body.clone();
		headers = Map.copyOf(headers);
	}

	/**
	 * A {@code GET} without a body.
	 * @param target the path and query
	 * @return the request
	 */
	public static Request get(String target) {
		return new Request("GET", target, null, new byte[0], null, Map.of());
	}

	/**
	 * A {@code GET} of a path whose id wrk draws anew for every request.
	 * @param ids the path and how its ids are drawn
	 * @return the request; its target is the path of id 1
	 */
	public static Request get(RandomIds ids) {
		return new Request("GET", ids.pathPrefix() + "1", null, new byte[0], ids, Map.of());
	}

	/**
	 * A {@code POST} with a body.
	 * @param target the path and query
	 * @param contentType the body's content type
	 * @param body the body
	 * @return the request
	 */
	public static Request post(String target, String contentType, byte[] body) {
		return new Request("POST", target, contentType, body, null, Map.of());
	}

	/**
	 * This request with one more header.
	 * @param name the header's name, lower case
	 * @param value its value
	 * @return the request
	 */
	public Request withHeader(String name, String value) {
		Map<String, String> more = new TreeMap<>(this.headers);
		more.put(name, value);
		return new Request(this.method, this.target, this.contentType, this.body, this.ids, more);
	}

	/**
	 * This request without a header.
	 * @param name the header's name, lower case
	 * @return the request
	 */
	public Request withoutHeader(String name) {
		Map<String, String> fewer = new TreeMap<>(this.headers);
		fewer.remove(name);
		return new Request(this.method, this.target, this.contentType, this.body, this.ids, fewer);
	}

	@Override
	public byte[] body() {
		return this.body.clone();
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof Request that && this.method.equals(that.method) && this.target.equals(that.target)
				&& Objects.equals(this.contentType, that.contentType) && Arrays.equals(this.body, that.body)
				&& Objects.equals(this.ids, that.ids) && this.headers.equals(that.headers);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.method, this.target, this.contentType, Arrays.hashCode(this.body), this.ids,
				this.headers);
	}

	@Override
	public String toString() {
		return this.method + " " + ((this.ids != null) ? this.ids : this.target)
				+ ((this.body.length > 0) ? " (" + this.body.length + " B body)" : "")
				+ (this.headers.isEmpty() ? "" : " " + shortened(this.headers));
	}

	/**
	 * The headers with each long value cut, so that a bearer token does not fill a line
	 * of the progress or the report.
	 */
	private static Map<String, String> shortened(Map<String, String> headers) {
		Map<String, String> shown = new TreeMap<>();
		headers.forEach((name, value) -> shown.put(name,
				(value.length() > LONGEST_SHOWN) ? value.substring(0, LONGEST_SHOWN) + "..." : value));
		return shown;
	}
}
