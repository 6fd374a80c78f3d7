package dev.fastro.autoconfigure;

import java.io.IOException;
import java.io.InputStream;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * IDEs complete and document every key: the generated metadata must describe each one.
 */
class ConfigurationMetadataTest {

	@Test
	void everyPropertyHasADescriptionAndADefaultOrSaysWhatUnsetMeans() throws IOException {
		try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
			assertThat(in).as("generated configuration metadata").isNotNull();
			JsonNode properties = JsonMapper.builder().build().readTree(in).get("properties");
			assertThat(properties).hasSizeGreaterThanOrEqualTo(11);
			for (JsonNode property : properties) {
				String name = property.get("name").asString();
				String description = property.path("description").asString();
				assertThat(description).as(name).isNotBlank();
				assertThat(property.has("defaultValue") || description.contains("Unset:")).as(name + " default")
					.isTrue();
			}
		}
	}

}
