package dev.fastro.http.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.exc.ValueInstantiationException;

/**
 * Why a body's JSON does not fit the type it is read as, in the client's terms: the kinds
 * of JSON value expected and sent ("expected an integer, got a string"), never Jackson's
 * message, which names the server's classes and settings.
 */
final class JsonMismatch {

	private static final Set<Class<?>> INTEGERS = Set.of(byte.class, short.class, int.class, long.class, Byte.class,
			Short.class, Integer.class, Long.class, BigInteger.class);

	private static final Set<Class<?>> NUMBERS = Set.of(float.class, double.class, Float.class, Double.class,
			BigDecimal.class, Number.class);

	// A value sent back is cut to this many characters: the detail names it, not echoes
	// it.
	private static final int SHOWN = 40;

	private JsonMismatch() {
	}

	/**
	 * Says why the JSON does not fit.
	 * @param ex what Jackson threw while binding the JSON
	 * @return the reason, such as {@code "x" is not an integer}
	 */
	static String reason(JacksonException ex) {
		if (ex instanceof InvalidFormatException invalid) {
			return shown(invalid.getValue()) + " is not " + expected(invalid.getTargetType());
		}
		if (ex instanceof UnrecognizedPropertyException) {
			return "unknown field";
		}
		if (ex instanceof ValueInstantiationException) {
			// An IllegalArgumentException is how a record's constructor refuses a value;
			// any other failure is the application's, not the client's to read.
			return (ex.getCause() instanceof IllegalArgumentException refused && refused.getMessage() != null)
					? refused.getMessage() : "its value was refused";
		}
		if (ex.getOriginalMessage().startsWith("Trailing token")) {
			// Jackson tells this case by its message alone; its type and token are those
			// of any mismatch.
			return "more JSON follows the value";
		}
		if (ex instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
			String sent = sent(mismatch.getCurrentToken());
			return (sent != null) ? "expected " + expected(mismatch.getTargetType()) + ", got " + sent
					: "missing, expected " + expected(mismatch.getTargetType());
		}
		return "invalid value";
	}

	private static String expected(Class<?> type) {
		if (type == boolean.class || type == Boolean.class) {
			return "true or false";
		}
		if (INTEGERS.contains(type)) {
			return "an integer";
		}
		if (NUMBERS.contains(type)) {
			return "a number";
		}
		if (CharSequence.class.isAssignableFrom(type) || type == char.class || type == Character.class) {
			return "a string";
		}
		if (type.isEnum()) {
			return "one of " + Arrays.stream(type.getEnumConstants())
				.map((constant) -> ((Enum<?>) constant).name())
				.collect(Collectors.joining(", "));
		}
		if (type.isArray() || Collection.class.isAssignableFrom(type)) {
			return "an array";
		}
		if (Map.class.isAssignableFrom(type) || type.isRecord()) {
			return "an object";
		}
		return "a valid " + type.getSimpleName();
	}

	/** The kind of value the client sent, or {@code null} when it sent none. */
	private static String sent(JsonToken token) {
		if (token == null) {
			return null;
		}
		return switch (token) {
			case START_OBJECT -> "an object";
			case START_ARRAY -> "an array";
			case VALUE_STRING -> "a string";
			case VALUE_NUMBER_INT -> "an integer";
			case VALUE_NUMBER_FLOAT -> "a number";
			case VALUE_TRUE -> "true";
			case VALUE_FALSE -> "false";
			case VALUE_NULL -> "null";
			default -> null;
		};
	}

	private static String shown(Object value) {
		if (!(value instanceof CharSequence text)) {
			return String.valueOf(value);
		}
		return '"' + ((text.length() > SHOWN) ? text.subSequence(0, SHOWN) + "..." : text.toString()) + '"';
	}

}
