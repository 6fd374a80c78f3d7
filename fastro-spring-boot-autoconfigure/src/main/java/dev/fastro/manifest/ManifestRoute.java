package dev.fastro.manifest;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One route in a {@link RouteManifest}: what a client of the route depends on.
 *
 * @param method the HTTP method
 * @param pattern the path pattern, as declared
 * @param path the path parameters, in path order
 * @param query the query parameters declared
 * @param headers the request headers declared
 * @param body the body the route accepts, or {@code null} for none declared
 * @param answers the answers declared, by status code
 */
public record ManifestRoute(String method, String pattern, List<PathParameter> path, List<Parameter> query,
		List<Parameter> headers, Content body, SortedMap<String, Content> answers) {

	public ManifestRoute {
		Objects.requireNonNull(method, "method");
		Objects.requireNonNull(pattern, "pattern");
		path = (path != null) ? List.copyOf(path) : List.of();
		query = (query != null) ? List.copyOf(query) : List.of();
		headers = (headers != null) ? List.copyOf(headers) : List.of();
		answers = Collections.unmodifiableSortedMap((answers != null) ? new TreeMap<>(answers) : new TreeMap<>());
	}

	@Override
	public String toString() {
		return this.method + " " + this.pattern;
	}

	/**
	 * A parameter of the route's path.
	 *
	 * @param name its name
	 * @param regex the regex its values match, or {@code null} for any value
	 * @param type its JSON type
	 */
	public record PathParameter(String name, String regex, String type) {
	}

	/**
	 * A query parameter or a request header.
	 *
	 * @param name its name; a header's in lower case, as header names are
	 * case-insensitive
	 * @param type its JSON type
	 * @param required whether the route refuses a request without it
	 */
	public record Parameter(String name, String type, boolean required) {
	}

	/**
	 * A body the route accepts or answers.
	 *
	 * @param mediaType its media type, or {@code null} for an answer without a body
	 * @param shape its shape, or {@code null} when it is not JSON
	 */
	public record Content(String mediaType, Shape shape) {
	}

}
