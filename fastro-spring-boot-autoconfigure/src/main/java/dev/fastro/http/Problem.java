package dev.fastro.http;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * An RFC 9457 problem detail, written as {@code application/problem+json}. Return one
 * from a handler or an exception handler to answer with it.
 *
 * @param type a URI naming the kind of problem; {@code about:blank} when the status says
 * it all
 * @param title the short, human-readable summary of the kind of problem
 * @param status the HTTP status code
 * @param detail what went wrong in this occurrence, or {@code null}
 * @param instance the request path the problem occurred on, or {@code null}
 * @param extensions further members of the problem object, written after the standard
 * ones
 */
public record Problem(String type, String title, int status, String detail, String instance,
		Map<String, Object> extensions) {

	public Problem {
		extensions = (extensions != null) ? Collections.unmodifiableMap(new LinkedHashMap<>(extensions)) : Map.of();
	}

	/** A problem of type {@code about:blank} titled with the status's reason phrase. */
	public static Problem of(int status, String detail, String instance) {
		return new Problem("about:blank", HttpResponseStatus.valueOf(status).reasonPhrase(), status, detail, instance,
				null);
	}

	/**
	 * The members as written, in RFC order, absent ones left out, whatever a mapper's
	 * inclusion settings.
	 */
	public Map<String, Object> members() {
		Map<String, Object> members = new LinkedHashMap<>();
		members.put("type", this.type);
		members.put("title", this.title);
		members.put("status", this.status);
		if (this.detail != null) {
			members.put("detail", this.detail);
		}
		if (this.instance != null) {
			members.put("instance", this.instance);
		}
		members.putAll(this.extensions);
		return members;
	}

	/** This problem with one more extension member, such as a list of invalid fields. */
	public Problem with(String name, Object value) {
		Map<String, Object> more = new LinkedHashMap<>(this.extensions);
		more.put(name, value);
		return new Problem(this.type, this.title, this.status, this.detail, this.instance, more);
	}

}
