package dev.fastro.http.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.introspect.BeanPropertyDefinition;
import tools.jackson.databind.introspect.ClassIntrospector;
import tools.jackson.databind.json.JsonMapper;

/**
 * The names a request body's properties have in its JSON, which are not their Java names
 * under a naming strategy or {@code @JsonProperty}. Bean Validation names an invalid
 * value by its Java property path; a client knows only the body it sent.
 *
 * <p>
 * Properties are found on the types Jackson reads, as their declarations give them.
 */
final class JsonPropertyNames {

	private final JsonMapper mapper;

	/** Per type, its properties by Java name: as many as the body types reached. */
	private final Map<JavaType, Map<String, BeanPropertyDefinition>> properties = new ConcurrentHashMap<>();

	JsonPropertyNames(JsonMapper mapper) {
		this.mapper = mapper;
	}

	/** The type of a body of class {@code type}. */
	JavaType type(Class<?> type) {
		return this.mapper.constructType(type);
	}

	/**
	 * The property a bean of {@code type} reads as its Java property {@code name}, or
	 * {@code null} when the type has none so named in JSON.
	 */
	BeanPropertyDefinition property(JavaType type, String name) {
		// An Optional's value is the property's value in JSON, with no level of its own.
		JavaType bean = type;
		while (bean.isReferenceType()) {
			bean = bean.getContentType();
		}
		return this.properties.computeIfAbsent(bean, this::introspect).get(name);
	}

	private Map<String, BeanPropertyDefinition> introspect(JavaType type) {
		DeserializationConfig config = this.mapper.deserializationConfig();
		ClassIntrospector introspector = config.classIntrospectorInstance();
		Map<String, BeanPropertyDefinition> byJavaName = new HashMap<>();
		for (BeanPropertyDefinition property : introspector
			.introspectForDeserialization(type, introspector.introspectClassAnnotations(type))
			.findProperties()) {
			byJavaName.put(property.getInternalName(), property);
		}
		return byJavaName;
	}

}
