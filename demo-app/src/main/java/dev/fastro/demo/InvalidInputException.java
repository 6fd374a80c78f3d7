package dev.fastro.demo;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Thrown when a request body parses but its values are not acceptable; answered 422 by an
 * exception handler.
 */
public class InvalidInputException extends RuntimeException {

	private final Map<String, String> errors;

	public InvalidInputException(Map<String, String> errors) {
		super("Invalid fields: " + errors.keySet());
		this.errors = Collections.unmodifiableMap(new TreeMap<>(errors));
	}

	/** What is wrong with each invalid field, by field name. */
	public Map<String, String> errors() {
		return this.errors;
	}

}
