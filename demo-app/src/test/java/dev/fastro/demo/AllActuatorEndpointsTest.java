package dev.fastro.demo;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.fastro.autoconfigure.LocalFastroPort;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.context.SpringBootTest;

import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every web endpoint Spring Boot and its Actuator bring can be exposed at once, with
 * {@code include=*}, and each answers its plain read, to an administrator's token as the
 * demo's security rules ask.
 */
@SpringBootTest(classes = DemoApplication.class,
		properties = { "fastro.server.port=0", "management.endpoints.web.exposure.include=*" })
class AllActuatorEndpointsTest {

	@LocalFastroPort
	int port;

	@Test
	void everyExposedEndpointAnswersItsRead() throws Exception {
		String admin = "Bearer " + DemoToken.token("ada", List.of("ADMIN"), Instant.now());
		JsonNode links = json(get(this.port, "/actuator", "authorization", admin).body()).get("_links");
		Map<String, Integer> statuses = new TreeMap<>();
		for (String name : links.propertyNames()) {
			JsonNode link = links.get(name);
			// The heap dump's read is a file of the whole heap: served, but not read
			// here.
			if (!link.path("templated").asBoolean() && !name.equals("heapdump")) {
				String href = link.get("href").asString();
				HttpResponse<String> response = get(this.port, href.substring(href.indexOf("/actuator")),
						"authorization", admin);
				statuses.put(name, response.statusCode());
			}
		}
		assertThat(statuses).containsKeys("beans", "conditions", "configprops", "env", "health", "info", "loggers",
				"metrics", "prometheus", "threaddump");
		assertThat(statuses).allSatisfy((name, status) -> assertThat(status).as(name).isEqualTo(200));
	}

}
