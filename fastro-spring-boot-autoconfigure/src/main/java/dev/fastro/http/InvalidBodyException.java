package dev.fastro.http;

import java.util.List;

/**
 * A request body that was read but breaks the constraints of its class, as Jakarta Bean
 * Validation reports them. Answered 400 {@code application/problem+json} with the detail
 * {@code Invalid request content.} (as Spring's own answer to an invalid request body)
 * and an {@code errors} member listing every invalid field:
 *
 * <pre>{@code
 * {"type":"about:blank","title":"Bad Request","status":400,"detail":"Invalid request content.",
 *  "instance":"/users","errors":[{"field":"email","pointer":"#/email",
 *  "message":"must be a well-formed email address","rejectedValue":"nope"}]}
 * }</pre>
 *
 * Declare an {@link ExceptionHandler} for it to answer otherwise.
 */
public class InvalidBodyException extends HttpException {

	private final List<FieldError> errors;

	/**
	 * Creates the exception for the given invalid fields.
	 * @param errors every invalid field, in the order they are answered
	 */
	public InvalidBodyException(List<FieldError> errors) {
		super(400, "Invalid request content.");
		this.errors = List.copyOf(errors);
	}

	/**
	 * Every invalid field.
	 * @return the invalid fields, in the order they are answered
	 */
	public List<FieldError> errors() {
		return this.errors;
	}

	@Override
	public Problem toProblem(Context ctx) {
		return super.toProblem(ctx).with("errors", this.errors);
	}

	/**
	 * One broken constraint, its place named as the JSON body names it (after the
	 * application's naming strategy and {@code @JsonProperty}). Written with the
	 * application's {@code JsonMapper}, whose naming strategy renames these members too.
	 *
	 * @param field the property path of the invalid value, such as {@code address.city}
	 * or {@code items[0].sku}; empty for a constraint on the whole object
	 * @param pointer the same place as a JSON Pointer fragment (RFC 6901), such as
	 * {@code #/items/0/sku}, as RFC 9457 suggests
	 * @param message what is wrong, as the constraint's message says
	 * @param rejectedValue the invalid value when it is a plain scalar (text, number,
	 * boolean or enum constant), else {@code null}, so that no object is echoed back
	 */
	public record FieldError(String field, String pointer, String message, Object rejectedValue) {
	}

}
