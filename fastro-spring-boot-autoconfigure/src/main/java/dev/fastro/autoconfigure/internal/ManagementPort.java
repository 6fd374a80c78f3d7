package dev.fastro.autoconfigure.internal;

import dev.fastro.autoconfigure.FastroProperties;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Where Actuator's endpoints are served, from {@code management.server.port} and
 * {@code fastro.server.port}, as Spring Boot decides it against {@code server.port}.
 */
public enum ManagementPort {

	/** On a negative {@code management.server.port}: not over HTTP at all. */
	DISABLED,

	/**
	 * Without {@code management.server.port}, or on Fastro's own port: by Fastro's
	 * server.
	 */
	SAME,

	/** On another port, or 0 for a free one: by a second Fastro server. */
	DIFFERENT;

	/** Where the endpoints of the application with {@code environment} are served. */
	public static ManagementPort of(Environment environment) {
		Binder binder = Binder.get(environment);
		Integer management = binder.bind("management.server.port", Integer.class).orElse(null);
		if (management == null) {
			return SAME;
		}
		if (management < 0) {
			return DISABLED;
		}
		int fastro = binder.bind("fastro.server.port", Integer.class)
			.orElseGet(() -> new FastroProperties.Server().getPort());
		return (management != 0 && management == fastro) ? SAME : DIFFERENT;
	}

}
