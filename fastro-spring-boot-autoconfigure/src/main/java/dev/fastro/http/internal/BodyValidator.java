package dev.fastro.http.internal;

import dev.fastro.http.InvalidBodyException;

/**
 * Validates request bodies once they are read. The {@link JsonCodec} has one only when
 * the application has a validator, a choice made at start-up, so that an application
 * without one pays nothing per request.
 */
public interface BodyValidator {

	/**
	 * Validates {@code body} in {@code groups}, the default group when there are none.
	 * @throws InvalidBodyException listing every broken constraint
	 */
	void validate(Object body, Class<?>... groups);

}
