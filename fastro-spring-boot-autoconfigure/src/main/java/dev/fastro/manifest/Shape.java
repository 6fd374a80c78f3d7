package dev.fastro.manifest;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The shape of a JSON value, as the application's {@code JsonMapper} writes a Java type:
 * its JSON type and, for an object, its properties by their JSON names; for an array, its
 * items; for a map, its values.
 *
 * @param type the JSON type: {@code string}, {@code integer}, {@code number},
 * {@code boolean}, {@code object}, {@code array}, or {@code any} when the type does not
 * say
 * @param properties the properties of an object, by name
 * @param required the names of the properties a body must hold
 * @param items the shape of an array's items, or {@code null}
 * @param values the shape of a map's values, or {@code null}
 * @param ref the name of the enclosing type an object refers back to, whose properties
 * are listed there, or {@code null}
 */
public record Shape(String type, SortedMap<String, Shape> properties, SortedSet<String> required, Shape items,
		Shape values, String ref) {

	public Shape {
		Objects.requireNonNull(type, "type");
		properties = Collections
			.unmodifiableSortedMap((properties != null) ? new TreeMap<>(properties) : new TreeMap<>());
		required = Collections.unmodifiableSortedSet((required != null) ? new TreeSet<>(required) : new TreeSet<>());
	}

	static Shape of(String type) {
		return new Shape(type, null, null, null, null, null);
	}

	static Shape object(Map<String, Shape> properties, Set<String> required) {
		return new Shape("object", new TreeMap<>(properties), new TreeSet<>(required), null, null, null);
	}

	static Shape arrayOf(Shape items) {
		return new Shape("array", null, null, items, null, null);
	}

	static Shape mapOf(Shape values) {
		return new Shape("object", null, null, null, values, null);
	}

	static Shape reference(String ref) {
		return new Shape("object", null, null, null, null, ref);
	}

}
