package dev.fastro.http.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import dev.fastro.http.InvalidBodyException;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.Validator;

/**
 * A {@link BodyValidator} over Jakarta Bean Validation. A body whose class carries no
 * constraint is not validated at all: which classes do is learnt once per class.
 */
public final class JakartaBodyValidator implements BodyValidator {

	private static final Comparator<InvalidBodyException.FieldError> ORDER = Comparator
		.comparing(InvalidBodyException.FieldError::field)
		.thenComparing(InvalidBodyException.FieldError::message);

	private final Validator validator;

	private final ClassValue<Boolean> constrained = new ClassValue<>() {

		@Override
		protected Boolean computeValue(Class<?> type) {
			return JakartaBodyValidator.this.validator.getConstraintsForClass(type).isBeanConstrained();
		}

	};

	public JakartaBodyValidator(Validator validator) {
		this.validator = validator;
	}

	@Override
	public void validate(Object body, Class<?>... groups) {
		if (!this.constrained.get(body.getClass())) {
			return;
		}
		Set<ConstraintViolation<Object>> violations = this.validator.validate(body, groups);
		if (violations.isEmpty()) {
			return;
		}
		List<InvalidBodyException.FieldError> errors = new ArrayList<>(violations.size());
		for (ConstraintViolation<Object> violation : violations) {
			errors.add(fieldError(violation));
		}
		// A validator reports violations in no particular order; answers are
		// deterministic.
		errors.sort(ORDER);
		throw new InvalidBodyException(errors);
	}

	private static InvalidBodyException.FieldError fieldError(ConstraintViolation<Object> violation) {
		StringBuilder field = new StringBuilder();
		StringBuilder pointer = new StringBuilder("#");
		for (Path.Node node : violation.getPropertyPath()) {
			Object position = (node.getIndex() != null) ? node.getIndex() : node.getKey();
			if (position != null) {
				field.append('[').append(position).append(']');
				pointer.append('/').append(escape(position.toString()));
			}
			// A container element's name, such as <list element>, is no JSON member.
			if (node.getName() != null && node.getKind() != ElementKind.CONTAINER_ELEMENT) {
				field.append(field.isEmpty() ? "" : ".").append(node.getName());
				pointer.append('/').append(escape(node.getName()));
			}
		}
		return new InvalidBodyException.FieldError(field.toString(), pointer.toString(), violation.getMessage(),
				scalar(violation.getInvalidValue()));
	}

	/** Escapes a JSON Pointer reference token (RFC 6901). */
	private static String escape(String token) {
		return token.replace("~", "~0").replace("/", "~1");
	}

	private static Object scalar(Object value) {
		return (value instanceof CharSequence || value instanceof Number || value instanceof Boolean
				|| value instanceof Enum<?>) ? value : null;
	}

}
