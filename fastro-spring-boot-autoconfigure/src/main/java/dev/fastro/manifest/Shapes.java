package dev.fastro.manifest;

import java.lang.reflect.Type;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.jsonFormatVisitors.JsonAnyFormatVisitor;
import tools.jackson.databind.jsonFormatVisitors.JsonArrayFormatVisitor;
import tools.jackson.databind.jsonFormatVisitors.JsonBooleanFormatVisitor;
import tools.jackson.databind.jsonFormatVisitors.JsonFormatVisitorWrapper;
import tools.jackson.databind.jsonFormatVisitors.JsonIntegerFormatVisitor;
import tools.jackson.databind.jsonFormatVisitors.JsonMapFormatVisitor;
import tools.jackson.databind.jsonFormatVisitors.JsonNumberFormatVisitor;
import tools.jackson.databind.jsonFormatVisitors.JsonObjectFormatVisitor;
import tools.jackson.databind.jsonFormatVisitors.JsonStringFormatVisitor;

/**
 * Reads the shape of Java types as the application's {@link JsonMapper} writes them, by
 * Jackson's format visitors: its naming strategy, {@code @JsonProperty},
 * {@code @JsonIgnore} and serializers apply as they do to an answer.
 */
final class Shapes {

	/** Bean Validation constraints that refuse a body without the property. */
	private static final Set<String> REQUIRING = Set.of("jakarta.validation.constraints.NotNull",
			"jakarta.validation.constraints.NotBlank", "jakarta.validation.constraints.NotEmpty");

	private final JsonMapper json;

	/** The types being read, outermost first: a type met again refers back. */
	private final Deque<JavaType> reading = new ArrayDeque<>();

	Shapes(JsonMapper json) {
		this.json = json;
	}

	Shape of(Type type) {
		return of(this.json.constructType(type));
	}

	private Shape of(JavaType type) {
		if (this.reading.contains(type)) {
			return Shape.reference(type.getRawClass().getSimpleName());
		}
		Visit visit = new Visit();
		this.json.acceptJsonFormatVisitor(type, visit);
		return switch (visit.type) {
			case "array" -> Shape.arrayOf(contentOf(type));
			case "map" -> Shape.mapOf(contentOf(type));
			case "object" -> object(type, visit.properties);
			default -> Shape.of(visit.type);
		};
	}

	private Shape contentOf(JavaType type) {
		JavaType content = type.getContentType();
		return (content != null) ? of(content) : Shape.of("any");
	}

	private Shape object(JavaType type, Map<String, BeanProperty> properties) {
		this.reading.push(type);
		try {
			Map<String, Shape> shapes = new LinkedHashMap<>();
			Set<String> required = new LinkedHashSet<>();
			properties.forEach((name, property) -> {
				shapes.put(name, of(property.getType()));
				if (isRequired(property)) {
					required.add(name);
				}
			});
			return Shape.object(shapes, required);
		}
		finally {
			this.reading.pop();
		}
	}

	private static boolean isRequired(BeanProperty property) {
		return property.isRequired() || (property.getMember() != null && property.getMember()
			.annotations()
			.anyMatch((annotation) -> REQUIRING.contains(annotation.annotationType().getName())));
	}

	/**
	 * What Jackson says of one type: its JSON type and, for an object, its properties.
	 */
	private static final class Visit extends JsonFormatVisitorWrapper.Base {

		private String type = "any";

		private final Map<String, BeanProperty> properties = new LinkedHashMap<>();

		@Override
		public JsonObjectFormatVisitor expectObjectFormat(JavaType type) {
			this.type = "object";
			return new JsonObjectFormatVisitor.Base(getContext()) {

				@Override
				public void property(BeanProperty property) {
					Visit.this.properties.put(property.getName(), property);
				}

				@Override
				public void optionalProperty(BeanProperty property) {
					Visit.this.properties.put(property.getName(), property);
				}

			};
		}

		@Override
		public JsonArrayFormatVisitor expectArrayFormat(JavaType type) {
			this.type = "array";
			return null;
		}

		@Override
		public JsonMapFormatVisitor expectMapFormat(JavaType type) {
			this.type = "map";
			return null;
		}

		@Override
		public JsonStringFormatVisitor expectStringFormat(JavaType type) {
			this.type = "string";
			return null;
		}

		@Override
		public JsonNumberFormatVisitor expectNumberFormat(JavaType type) {
			this.type = "number";
			return null;
		}

		@Override
		public JsonIntegerFormatVisitor expectIntegerFormat(JavaType type) {
			this.type = "integer";
			return null;
		}

		@Override
		public JsonBooleanFormatVisitor expectBooleanFormat(JavaType type) {
			this.type = "boolean";
			return null;
		}

		@Override
		public JsonAnyFormatVisitor expectAnyFormat(JavaType type) {
			this.type = "any";
			return null;
		}

	}

}
