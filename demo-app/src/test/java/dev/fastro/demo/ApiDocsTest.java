package dev.fastro.demo;

import java.net.http.HttpResponse;
import java.util.Map;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.http.Routes;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.header;
import static dev.fastro.test.TestHttp.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo describes its API: the OpenAPI document lists an operation for each of its
 * routes, and Swagger UI shows that document, both open to anyone.
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
class ApiDocsTest {

	@LocalFastroPort
	int port;

	@Autowired
	Map<String, Routes> routes;

	@Test
	void documentHasAnOperationForEachOfTheDemosRoutes() {
		HttpResponse<String> response = get(this.port, "/v3/api-docs");
		assertThat(response.statusCode()).isEqualTo(200);
		JsonNode document = json(response.body());
		assertThat(document.get("openapi").asString()).isEqualTo("3.1.0");
		long operations = document.get("paths").values().stream().mapToLong(JsonNode::size).sum();
		// Fastro's own routes (Actuator's, the document's, Swagger UI's) are not the
		// demo's API.
		long demoRoutes = this.routes.entrySet()
			.stream()
			.filter((bean) -> !bean.getKey().startsWith("fastro"))
			.mapToLong((bean) -> bean.getValue().routes().size())
			.sum();
		assertThat(operations).isEqualTo(demoRoutes).isGreaterThan(10);
		assertThat(get(this.port, "/v3/api-docs.yaml").statusCode()).isEqualTo(200);
	}

	@Test
	void swaggerUiShowsTheDocument() {
		HttpResponse<String> page = get(this.port, "/swagger-ui.html");
		assertThat(page.statusCode()).isEqualTo(302);
		assertThat(header(page, "location")).isEqualTo("swagger-ui/index.html");
		assertThat(get(this.port, "/swagger-ui/index.html").statusCode()).isEqualTo(200);
		assertThat(get(this.port, "/swagger-ui/swagger-initializer.js").body()).contains("url: \"../v3/api-docs\"");
	}

}
