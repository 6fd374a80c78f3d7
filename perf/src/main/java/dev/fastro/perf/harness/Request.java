package dev.fastro.perf.harness;

import java.util.Arrays;
import java.util.Objects;

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
 */
public record Request(String method, String target, String contentType, byte[] body, RandomIds ids) {

	/**
	 * Checks the parts and takes a private copy of the body.
	 */
	public Request {
		Objects.requireNonNull(method, "method");
		Objects.requireNonNull(target, "target");
		body = body.clone();
	}

	/**
	 * A {@code GET} without a body.
	 * @param target the path and query
	 * @return the request
	 */
	public static Request get(String target) {
		return new Request("GET", target, null, new byte[0], null);
	}

	/**
	 * A {@code GET} of a path whose id wrk draws anew for every request.
	 * @param ids the path and how its ids are drawn
	 * @return the request; its target is the path of id 1
	 */
	public static Request get(RandomIds ids) {
		return new Request("GET", ids.pathPrefix() + "1", null, new byte[0], ids);
	}

	/**
	 * A {@code POST} with a body.
	 * @param target the path and query
	 * @param contentType the body's content type
	 * @param body the body
	 * @return the request
	 */
	public static Request post(String target, String contentType, byte[] body) {
		return new Request("POST", target, contentType, body, null);
	}

	@Override
	public byte[] body() {
		return this.body.clone();
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof Request that && this.method.equals(that.method) && this.target.equals(that.target)
				&& Objects.equals(this.contentType, that.contentType) && Arrays.equals(this.body, that.body)
				&& Objects.equals(this.ids, that.ids);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.method, this.target, this.contentType, Arrays.hashCode(this.body), this.ids);
	}

	@Override
	public String toString() {
		return this.method + " " + ((this.ids != null) ? this.ids : this.target)
				+ ((this.body.length > 0) ? " (" + this.body.length + " B body)" : "");
	}
}
