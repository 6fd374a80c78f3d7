package dev.fastro.router.internal;

import java.util.Objects;

/**
 * A registered route.
 *
 * @param method the HTTP method, compared exactly (case-sensitive)
 * @param pattern the pattern as the user wrote it
 * @param target what the route leads to, typically a handler
 * @param <T> the target type
 */
public record Route<T>(String method, String pattern, T target) {

	/** Rejects null components. */
	public Route {
		Objects.requireNonNull(method, "method");
		Objects.requireNonNull(pattern, "pattern");
		Objects.requireNonNull(target, "target");
	}
}
