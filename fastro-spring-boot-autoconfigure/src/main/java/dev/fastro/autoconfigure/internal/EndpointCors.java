package dev.fastro.autoconfigure.internal;

import java.util.List;

import dev.fastro.cors.Cors;
import dev.fastro.http.Middleware;

import org.springframework.boot.actuate.autoconfigure.endpoint.web.CorsEndpointProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * The CORS of Actuator's endpoints, from Spring Boot's own
 * {@code management.endpoints.web.cors.*} keys, as its WebFlux and MVC actuators take
 * them. They are bound only once an origin is allowed: {@link CorsEndpointProperties}
 * cannot even be bound without {@code spring-web}, which an application that allows none
 * does not need.
 */
public final class EndpointCors {

	private static final String PREFIX = "management.endpoints.web.cors";

	private EndpointCors() {
	}

	/**
	 * The middleware that answers cross-origin requests to the endpoints: none when no
	 * origin is allowed, as in Spring Boot.
	 * @param environment the application's environment
	 * @param classLoader the application's class loader
	 * @throws InvalidConfigurationPropertyValueException if origins are allowed but
	 * {@code spring-web} is missing, or credentials are allowed for every origin
	 */
	public static Middleware[] of(Environment environment, ClassLoader classLoader) {
		Binder binder = Binder.get(environment);
		String key = PREFIX + ".allowed-origins";
		List<String> origins = binder.bind(key, Bindable.listOf(String.class)).orElse(List.of());
		if (origins.isEmpty()) {
			key = PREFIX + ".allowed-origin-patterns";
			origins = binder.bind(key, Bindable.listOf(String.class)).orElse(List.of());
		}
		if (origins.isEmpty()) {
			return new Middleware[0];
		}
		if (!ClassUtils.isPresent("org.springframework.web.cors.CorsConfiguration", classLoader)) {
			throw new InvalidConfigurationPropertyValueException(key, String.join(",", origins),
					"Answering cross-origin requests needs Spring's CorsConfiguration: add org.springframework:spring-web.");
		}
		CorsEndpointProperties properties = binder.bind(PREFIX, CorsEndpointProperties.class).get();
		try {
			return new Middleware[] { Cors.of(properties.toCorsConfiguration()) };
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidConfigurationPropertyValueException(PREFIX + ".allow-credentials",
					properties.getAllowCredentials(), ex.getMessage());
		}
	}

}
