package dev.fastro.docs.openapi;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import dev.fastro.autoconfigure.LocalFastroPort;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI page: the described routes, the customizer and the rules that open the
 * document, in one application, read as a client reads them.
 */
@SpringBootTest(classes = PetApiTest.PetApp.class,
		properties = { "fastro.server.port=0", "spring.application.name=pets", "fastro.security.enabled=true",
				"spring.security.oauth2.resourceserver.jwt.public-key-location=classpath:securitytesting/issuer.pub" })
class PetApiTest {

	private static final HttpClient CLIENT = HttpClient.newHttpClient();

	@LocalFastroPort
	int port;

	@Test
	void theDocumentDescribesTheRoutesAndIsOpenToAnyone() throws Exception {
		HttpResponse<String> response = get("/v3/api-docs");
		assertThat(response.statusCode()).isEqualTo(200);
		JsonNode document = JsonMapper.builder().build().readTree(response.body());
		assertThat(document.get("info").get("title").asString()).isEqualTo("pets");
		JsonNode find = document.get("paths").get("/pets/{id}").get("get");
		assertThat(find.get("summary").asString()).isEqualTo("Finds a pet");
		assertThat(find.get("tags").get(0).asString()).isEqualTo("pets");
		assertThat(find.get("parameters").get(0).get("schema").get("format").asString()).isEqualTo("int64");
		assertThat(find.get("responses").get("404").get("$ref").asString())
			.isEqualTo("#/components/responses/NotFound");
		JsonNode newPet = document.get("components").get("schemas").get("NewPet");
		assertThat(newPet.get("properties").get("name").get("maxLength").asInt()).isEqualTo(40);
		assertThat(document.get("components").get("securitySchemes").get("bearer").get("scheme").asString())
			.isEqualTo("bearer");
		assertThat(get("/swagger-ui/index.html").statusCode()).isEqualTo(200);
		assertThat(get("/pets").statusCode()).isEqualTo(401);
	}

	private HttpResponse<String> get(String path) throws Exception {
		return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@Import({ PetApi.class, BearerAuthDocs.class, ApiDocsRules.class })
	static class PetApp {

	}

}
