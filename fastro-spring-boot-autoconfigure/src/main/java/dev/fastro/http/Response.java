package dev.fastro.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import dev.fastro.http.internal.FinalStatus;

/**
 * A result with a chosen status and headers. Its body is written like any handler result:
 * a {@code String} as text, an object as JSON, and so on.
 *
 * <pre>{@code
 * return Response.status(201).header("location", "/users/" + user.id()).body(user);
 * }</pre>
 *
 * Immutable: each method returns a new response.
 */
public final class Response {

	private final int status;

	private final List<Map.Entry<String, String>> headers;

	private final Object body;

	private Response(int status, List<Map.Entry<String, String>> headers, Object body) {
		this.status = FinalStatus.check(status);
		this.headers = headers;
		this.body = body;
	}

	/** A response with this status, from 200 to 599, and no body yet. */
	public static Response status(int status) {
		return new Response(status, List.of(), null);
	}

	/** A {@code 200 OK} with this body. */
	public static Response ok(Object body) {
		return status(200).body(body);
	}

	/** A {@code 201 Created} whose {@code location} header names the new resource. */
	public static Response created(String location, Object body) {
		return status(201).header("location", location).body(body);
	}

	/** A {@code 204 No Content}. */
	public static Response noContent() {
		return status(204);
	}

	/**
	 * Adds a header; a name added twice is sent twice, except {@code content-type}, whose
	 * last value replaces the others, and a {@code null} value adds nothing, as a servlet
	 * response's {@code addHeader} does. A name or value that HTTP does not allow, such
	 * as one with a CR or LF in it, is never sent: writing the response fails with an
	 * {@code IllegalArgumentException}, answered as a handler's exception is.
	 */
	public Response header(String name, String value) {
		if (value == null) {
			return this;
		}
		List<Map.Entry<String, String>> more = new ArrayList<>(this.headers);
		more.add(Map.entry(name, value));
		return new Response(this.status, Collections.unmodifiableList(more), this.body);
	}

	/**
	 * Sets the {@code content-type}, in place of the one Fastro would choose for the
	 * body.
	 */
	public Response contentType(String contentType) {
		return header("content-type", contentType);
	}

	/**
	 * Sets the body, written as a {@link Handler}'s result is. No body with a status of
	 * 200 is answered as 204.
	 */
	public Response body(Object body) {
		return new Response(this.status, this.headers, body);
	}

	/** The HTTP status. */
	public int status() {
		return this.status;
	}

	/** The headers added, in order. */
	public List<Map.Entry<String, String>> headers() {
		return this.headers;
	}

	/** The body, or {@code null} for none. */
	public Object body() {
		return this.body;
	}

	@Override
	public String toString() {
		return "Response[" + this.status + ", headers=" + this.headers + "]";
	}

}
