package dev.fastro.docs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The table of every {@code fastro.*} key, rendered from the configuration metadata the
 * build generates from {@code FastroProperties}, so that the configuration page cannot
 * drift from the code: a key's name, its default and its description as the IDE shows
 * them.
 */
final class PropertyReference {

	static final String START = "<!-- properties: generated from spring-configuration-metadata.json -->";

	static final String END = "<!-- /properties -->";

	private PropertyReference() {
	}

	/** The table's lines, one row per property, in the order of their names. */
	static List<String> table() {
		List<String> table = new ArrayList<>(List.of("| Property | Default | Description |", "|---|---|---|"));
		fastroProperties().stream()
			.sorted(Comparator.comparing((JsonNode property) -> property.get("name").asString()))
			.map(PropertyReference::row)
			.forEach(table::add);
		return table;
	}

	/**
	 * The page with its table between {@link #START} and {@link #END} replaced by
	 * {@link #table()}.
	 */
	static List<String> rewritten(List<String> page) {
		int start = page.indexOf(START);
		int end = page.indexOf(END);
		if (start < 0 || end < start) {
			throw new IllegalStateException("The page has no '" + START + "' ... '" + END + "' block");
		}
		List<String> lines = new ArrayList<>(page.subList(0, start + 1));
		lines.addAll(table());
		lines.addAll(page.subList(end, page.size()));
		return lines;
	}

	private static String row(JsonNode property) {
		return "| `" + property.get("name").asString() + "` | " + defaultValue(property) + " | "
				+ property.path("description").asString("").replace("|", "\\|") + " |";
	}

	private static String defaultValue(JsonNode property) {
		JsonNode value = property.get("defaultValue");
		if (value == null || value.isNull()) {
			return "unset";
		}
		if (value.isArray()) {
			if (value.isEmpty()) {
				return "none";
			}
			List<String> items = new ArrayList<>();
			value.forEach((item) -> items.add("`" + item.asString() + "`"));
			return String.join(", ", items);
		}
		return "`" + value.asString() + "`";
	}

	private static List<JsonNode> fastroProperties() {
		JsonMapper json = JsonMapper.builder().build();
		List<JsonNode> properties = new ArrayList<>();
		try {
			for (URL url : Collections.list(PropertyReference.class.getClassLoader()
				.getResources("META-INF/spring-configuration-metadata.json"))) {
				try (InputStream in = url.openStream()) {
					json.readTree(in).path("properties").forEach((property) -> {
						if (property.get("name").asString().startsWith("fastro.")) {
							properties.add(property);
						}
					});
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		if (properties.isEmpty()) {
			throw new IllegalStateException("No fastro.* property in any configuration metadata on the class path");
		}
		return properties;
	}

}
