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
import tools.jackson.databind.JavaType;
import tools.jackson.databind.introspect.BeanPropertyDefinition;
import tools.jackson.databind.json.JsonMapper;

/**
 * A {@link BodyValidator} over Jakarta Bean Validation. A body whose class carries no
 * constraint is not validated at all: which classes do is learnt once per class. Invalid
 * fields are named as the JSON body names them.
 */
public final class JakartaBodyValidator implements BodyValidator {

	private static final Comparator<InvalidBodyException.FieldError> ORDER = Comparator
		.comparing(InvalidBodyException.FieldError::field)
		.thenComparing(InvalidBodyException.FieldError::message);

	private final Validator validator;

	private final JsonPropertyNames names;

	private final ClassValue<Boolean> constrained = new ClassValue<>() {

		@Override
		protected Boolean computeValue(Class<?> type) {
			return JakartaBodyValidator.this.validator.getConstraintsForClass(type).isBeanConstrained();
		}

	};

	/**
	 * A validator naming invalid fields as {@code mapper}, which reads the bodies, names
	 * them.
	 */
	public JakartaBodyValidator(Validator validator, JsonMapper mapper) {
		this.validator = validator;
		this.names = new JsonPropertyNames(mapper);
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
			errors.add(fieldError(violation, this.names));
		}
		// A validator reports violations in no particular order; answers are
		// deterministic.
		errors.sort(ORDER);
		throw new InvalidBodyException(errors);
	}

	/**
	 * The invalid value's place, walked along its property path and the declared types
	 * below the body's class. The last property is looked up on the bean that holds it,
	 * so that a subtype's property is named too. A name Jackson does not know, or one
	 * below it, stays as Java names it.
	 */
	private static InvalidBodyException.FieldError fieldError(ConstraintViolation<Object> violation,
			JsonPropertyNames names) {
		List<Path.Node> nodes = new ArrayList<>();
		violation.getPropertyPath().forEach(nodes::add);
		int leafProperty = leafPropertyIndex(nodes);
		StringBuilder field = new StringBuilder();
		StringBuilder pointer = new StringBuilder("#");
		JavaType type = names.type(violation.getRootBeanClass());
		for (int i = 0; i < nodes.size(); i++) {
			Path.Node node = nodes.get(i);
			if (node.isInIterable() && type != null) {
				type = type.getContentType();
			}
			Object position = (node.getIndex() != null) ? node.getIndex() : node.getKey();
			if (position != null) {
				field.append('[').append(position).append(']');
				pointer.append('/').append(escape(position.toString()));
			}
			if (node.getKind() == ElementKind.PROPERTY) {
				if (i == leafProperty) {
					type = names.type(violation.getLeafBean().getClass());
				}
				BeanPropertyDefinition property = (type != null) ? names.property(type, node.getName()) : null;
				String name = (property != null) ? property.getName() : node.getName();
				type = (property != null) ? property.getPrimaryType() : null;
				field.append(field.isEmpty() ? "" : ".").append(name);
				pointer.append('/').append(escape(name));
			}
		}
		return new InvalidBodyException.FieldError(field.toString(), pointer.toString(), violation.getMessage(),
				scalar(violation.getInvalidValue()));
	}

	/**
	 * The index of the property the violation's leaf bean holds: the last one, unless the
	 * constraint is on a bean (the path then ends in the bean's node and the leaf bean is
	 * that property's value); -1 when no property is held by the leaf bean.
	 */
	private static int leafPropertyIndex(List<Path.Node> nodes) {
		if (nodes.isEmpty() || nodes.get(nodes.size() - 1).getKind() == ElementKind.BEAN) {
			return -1;
		}
		for (int i = nodes.size() - 1; i >= 0; i--) {
			if (nodes.get(i).getKind() == ElementKind.PROPERTY) {
				return i;
			}
		}
		return -1;
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
