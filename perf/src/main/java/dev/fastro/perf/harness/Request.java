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
 */
public record Request(String method, String target, String contentType, byte[] body) {

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
		return new Request("GET", target, null, new byte[0]);
	}

	/**
	 * A {@code POST} with a body.
	 * @param target the path and query
	 * @param contentType the body's content type
	 * @param body the body
	 * @return the request
	 */
	public static Request post(String target, String contentType, byte[] body) {
		return new Request("POST", target, contentType, body);
	}

	@Override
	public byte[] body() {
		return this.body.clone();
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof Request that && this.method.equals(that.method) && this.target.equals(that.target)
				&& Objects.equals(this.contentType, that.contentType) && Arrays.equals(this.body, that.body);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.method, this.target, this.contentType, Arrays.hashCode(this.body));
	}

	@Override
	public String toString() {
		return this.method + " " + this.target + ((this.body.length > 0) ? " (" + this.body.length + " B body)" : "");
	}
}
