package dev.fastro.security.internal;

import java.util.Map;

/**
 * Where Actuator's endpoints are served, as Spring Boot's {@code PathMappedEndpoints}
 * names them: the path of each endpoint exposed over HTTP and the path of the page of
 * their links.
 *
 * @param links the path of the links page, or {@code null} when the endpoints are at the
 * root, where Spring Boot's {@code EndpointRequest} matches no links page either
 * @param endpoints the path of each exposed endpoint, by its id in lower case
 */
public record EndpointPaths(String links, Map<String, String> endpoints) {

	/** Where no endpoint is served. */
	public static final EndpointPaths NONE = new EndpointPaths(null, Map.of());

	/** What {@link #endpointOf(String)} answers for the links page. */
	static final String LINKS = "";

	/**
	 * Creates the paths.
	 */
	public EndpointPaths {
		endpoints = Map.copyOf(endpoints);
	}

	/**
	 * The endpoint a path, or a route's pattern, is under: its own path or any path below
	 * it, as {@code EndpointRequest.to(..)} matches {@code path} and {@code path/**}.
	 * @param path the path or route pattern
	 * @return the endpoint's id, {@link #LINKS} for the links page, or {@code null} when
	 * the path is no endpoint's
	 */
	String endpointOf(String path) {
		if (this.links != null && (path.equals(this.links) || path.equals(this.links + "/"))) {
			return LINKS;
		}
		String found = null;
		int foundLength = -1;
		for (Map.Entry<String, String> endpoint : this.endpoints.entrySet()) {
			String root = endpoint.getValue();
			// A path mapping may put one endpoint under another: the longer path is
			// closer.
			if (root.length() > foundLength
					&& (path.equals(root) || (path.startsWith(root) && path.charAt(root.length()) == '/'))) {
				found = endpoint.getKey();
				foundLength = root.length();
			}
		}
		return found;
	}

}
