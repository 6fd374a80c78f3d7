package dev.fastro.http;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import dev.fastro.http.internal.EntityTags;
import dev.fastro.http.internal.FinalStatus;
import dev.fastro.http.internal.HttpDates;

/**
 * A result with a chosen status and headers. Its body is written like any handler result:
 * a {@code String} as text, an object as JSON, and so on.
 *
 * <pre>{@code
 * return Response.status(201).header("location", "/users/" + user.id()).body(user);
 * }</pre>
 *
 * An answer with an {@link #etag(String) entity tag} or a {@link #lastModified(Instant)
 * last modification} is conditional (RFC 9110, 13): to a {@code GET} or {@code HEAD}
 * whose {@code If-None-Match} or {@code If-Modified-Since} says the client's copy is
 * current, a 2xx response is answered {@code 304 Not Modified} instead, with its headers
 * and without its body; to one whose {@code If-Match} or {@code If-Unmodified-Since}
 * fails, {@code 412 Precondition Failed}, as {@code application/problem+json}. The body
 * is dropped unwritten: a {@code Publisher} is never subscribed to, an
 * {@code InputStream} is closed unread. To spare computing the body, or for a method that
 * changes the resource, check first with
 * {@link Context#checkNotModified(String, Instant)}. Only validators given to
 * {@code etag} and {@code lastModified} make an answer conditional, not headers of those
 * names added with {@link #header}.
 * <p>
 * Immutable: each method returns a new response.
 */
public final class Response {

	private final int status;

	private final List<Map.Entry<String, String>> headers;

	private final Object body;

	private final String etag;

	private final Instant lastModified;

	private Response(int status, List<Map.Entry<String, String>> headers, Object body, String etag,
			Instant lastModified) {
		this.status = FinalStatus.check(status);
		this.headers = headers;
		this.body = body;
		this.etag = etag;
		this.lastModified = lastModified;
	}

	/** A response with this status, from 200 to 599, and no body yet. */
	public static Response status(int status) {
		return new Response(status, List.of(), null, null, null);
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
		return new Response(this.status, Collections.unmodifiableList(more), this.body, this.etag, this.lastModified);
	}

	/**
	 * Sets the {@code etag} header, the entity tag of the body's representation,
	 * replacing any given before; a {@code null} tag adds nothing. The answer is then
	 * conditional (see above). A tag is strong, {@code "abc"}, or weak, {@code W/"abc"};
	 * an unquoted {@code abc} is quoted.
	 * @param etag the entity tag, such as a version or a hash of the content
	 * @return the response with it
	 * @throws IllegalArgumentException for an empty or malformed tag: a quote, a space or
	 * a control character inside the tag, or a quote missing around it
	 */
	public Response etag(String etag) {
		if (etag == null) {
			return this;
		}
		String tag = EntityTags.of(etag);
		return validator("etag", tag, tag, this.lastModified);
	}

	/**
	 * Sets the {@code last-modified} header, when the body's representation last changed,
	 * replacing any given before; a {@code null} instant adds nothing. It is sent as an
	 * HTTP date, to the second, and an instant later than now is sent as now (RFC 9110,
	 * 8.8.2.1). The answer is then conditional (see above).
	 * @param lastModified when the representation last changed
	 * @return the response with it
	 * @throws IllegalArgumentException for an instant before the year 0000, which an HTTP
	 * date cannot hold
	 */
	public Response lastModified(Instant lastModified) {
		if (lastModified == null) {
			return this;
		}
		Instant now = Instant.now();
		Instant modified = (lastModified.isAfter(now) ? now : lastModified).truncatedTo(ChronoUnit.SECONDS);
		return validator("last-modified", HttpDates.format(modified), this.etag, modified);
	}

	/** This response with a validator's header in place of any of that name before. */
	private Response validator(String name, String value, String etag, Instant lastModified) {
		List<Map.Entry<String, String>> more = new ArrayList<>(this.headers.size() + 1);
		for (Map.Entry<String, String> header : this.headers) {
			if (!header.getKey().equalsIgnoreCase(name)) {
				more.add(header);
			}
		}
		more.add(Map.entry(name, value));
		return new Response(this.status, Collections.unmodifiableList(more), this.body, etag, lastModified);
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
		return new Response(this.status, this.headers, body, this.etag, this.lastModified);
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

	/**
	 * The entity tag given to {@link #etag(String)}, quoted, or {@code null} for none.
	 * @return the entity tag, such as {@code "abc"} or {@code W/"abc"}
	 */
	public String etag() {
		return this.etag;
	}

	/**
	 * The last modification given to {@link #lastModified(Instant)}, to the second and no
	 * later than when it was given, or {@code null} for none.
	 * @return the instant of the last modification
	 */
	public Instant lastModified() {
		return this.lastModified;
	}

	@Override
	public String toString() {
		return "Response[" + this.status + ", headers=" + this.headers + "]";
	}

}
