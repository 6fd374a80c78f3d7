package dev.fastro.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

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
		if (status < 100 || status > 599) {
			throw new IllegalArgumentException("HTTP status must be between 100 and 599, not " + status);
		}
		this.status = status;
		this.headers = headers;
		this.body = body;
	}

	public static Response status(int status) {
		return new Response(status, List.of(), null);
	}

	public static Response ok(Object body) {
		return status(200).body(body);
	}

	public static Response created(String location, Object body) {
		return status(201).header("location", location).body(body);
	}

	public static Response noContent() {
		return status(204);
	}

	public Response header(String name, String value) {
		List<Map.Entry<String, String>> more = new ArrayList<>(this.headers);
		more.add(Map.entry(name, value));
		return new Response(this.status, Collections.unmodifiableList(more), this.body);
	}

	public Response contentType(String contentType) {
		return header("content-type", contentType);
	}

	public Response body(Object body) {
		return new Response(this.status, this.headers, body);
	}

	public int status() {
		return this.status;
	}

	public List<Map.Entry<String, String>> headers() {
		return this.headers;
	}

	public Object body() {
		return this.body;
	}

	@Override
	public String toString() {
		return "Response[" + this.status + ", headers=" + this.headers + "]";
	}

}
