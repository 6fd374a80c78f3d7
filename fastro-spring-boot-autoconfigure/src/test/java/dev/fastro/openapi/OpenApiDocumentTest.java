package dev.fastro.openapi;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroOpenApiAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.http.Routes;
import dev.fastro.http.Upload;
import dev.fastro.test.TestHttp;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ParameterizedTypeReference;

import static dev.fastro.test.TestHttp.get;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document of a crafted set of routes, read over HTTP as a client reads it:
 * paths and parameters from the patterns, schemas from the Java types as the
 * application's mapper writes them (here in snake case), Bean Validation constraints,
 * declared and default answers, Fastro's problem details described once.
 */
class OpenApiDocumentTest {

	private static ConfigurableApplicationContext context;

	private static int port;

	private static JsonNode document;

	@BeforeAll
	static void start() {
		context = new SpringApplicationBuilder(CraftedApi.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "spring.application.name=crafted",
					"spring.jackson.property-naming-strategy=SNAKE_CASE")
			.run();
		port = context.getEnvironment().getRequiredProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class);
		HttpResponse<String> response = get(port, "/v3/api-docs");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(TestHttp.header(response, "content-type")).isEqualTo("application/json");
		document = TestHttp.json(response.body());
	}

	@AfterAll
	static void stop() {
		context.close();
	}

	@Test
	void isOpenApi31WithTheApplicationsNameAndTheServerTheClientAddressed() {
		assertThat(document.get("openapi").asString()).isEqualTo("3.1.0");
		assertThat(document.get("info").get("title").asString()).isEqualTo("crafted");
		assertThat(document.get("info").get("version").asString()).isEqualTo("0.0.0");
		assertThat(document.get("servers").get(0).get("url").asString()).isEqualTo("http://127.0.0.1:" + port);
	}

	@Test
	void yamlCarriesTheSameDocument() {
		HttpResponse<String> response = get(port, "/v3/api-docs.yaml");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(TestHttp.header(response, "content-type")).isEqualTo("application/yaml");
		assertThat(YAMLMapper.builder().build().readTree(response.body())).isEqualTo(document);
	}

	@Test
	void listsTheApplicationsRoutesAndNotTheDocumentsOwn() {
		List<String> paths = new ArrayList<>(document.get("paths").propertyNames());
		assertThat(paths).containsExactly("/users", "/users/{id}", "/users/{id}/avatar", "/files/{path}",
				"/static/{path}", "/legacy", "/hello", "/a-b", "/a_b", "/café/{dish}", "/admin/stats");
	}

	@Test
	void pathParametersKeepTheirRegexAndDeclaredType() {
		JsonNode id = operation("get", "/users/{id}").get("parameters").get(0);
		assertThat(id.get("in").asString()).isEqualTo("path");
		assertThat(id.get("name").asString()).isEqualTo("id");
		assertThat(id.get("required").asBoolean()).isTrue();
		assertThat(id.get("schema").get("type").asString()).isEqualTo("integer");
		assertThat(id.get("schema").get("format").asString()).isEqualTo("int64");
		assertThat(id.get("schema").get("pattern").asString()).isEqualTo("^(?:[0-9]+)$");
		JsonNode untyped = operation("post", "/users/{id}/avatar").get("parameters").get(0);
		assertThat(untyped.get("schema").get("type").asString()).isEqualTo("string");
		assertThat(untyped.get("schema").has("pattern")).isFalse();
	}

	@Test
	void catchAllsSpanSlashesAndAnUnnamedOneIsNamed() {
		JsonNode named = operation("get", "/files/{path}").get("parameters").get(0);
		assertThat(named.get("name").asString()).isEqualTo("path");
		assertThat(named.get("description").asString()).contains("slashes");
		assertThat(operation("get", "/static/{path}").get("parameters").get(0).get("name").asString())
			.isEqualTo("path");
	}

	@Test
	void queryAndHeaderParametersAreDeclared() {
		JsonNode parameters = operation("get", "/users").get("parameters");
		assertThat(parameters.get(0).get("in").asString()).isEqualTo("query");
		assertThat(parameters.get(0).get("name").asString()).isEqualTo("limit");
		assertThat(parameters.get(0).get("required").asBoolean()).isFalse();
		assertThat(parameters.get(0).get("schema").get("type").asString()).isEqualTo("integer");
		assertThat(parameters.get(1).get("in").asString()).isEqualTo("header");
		assertThat(parameters.get(1).get("name").asString()).isEqualTo("X-Tenant");
		assertThat(parameters.get(1).get("required").asBoolean()).isTrue();
	}

	@Test
	void operationIdsAreDeclaredOrDerivedAndUnique() {
		assertThat(operation("get", "/users/{id}").get("operationId").asString()).isEqualTo("getUsersById");
		assertThat(operation("post", "/users/{id}/avatar").get("operationId").asString())
			.isEqualTo("postUsersByIdAvatar");
		assertThat(operation("get", "/legacy").get("operationId").asString()).isEqualTo("listLegacy");
		assertThat(operation("get", "/a-b").get("operationId").asString()).isEqualTo("getAB");
		assertThat(operation("get", "/a_b").get("operationId").asString()).isEqualTo("getAB2");
		assertThat(operation("get", "/café/{dish}").get("operationId").asString()).isEqualTo("getCafByDish");
	}

	@Test
	void summaryTagsAndDeprecation() {
		JsonNode create = operation("post", "/users");
		assertThat(create.get("summary").asString()).isEqualTo("Creates a user");
		assertThat(create.get("description").asString()).isEqualTo("Sends no mail.");
		assertThat(create.get("tags").toString()).isEqualTo("[\"users\"]");
		assertThat(operation("get", "/admin/stats").get("tags").toString()).isEqualTo("[\"admin\",\"stats\"]");
		assertThat(operation("get", "/legacy").get("deprecated").asBoolean()).isTrue();
		assertThat(create.has("deprecated")).isFalse();
	}

	@Test
	void schemasFollowTheMappersNamingAndJacksonAnnotations() {
		JsonNode newUser = schema("NewUser").get("properties");
		assertThat(newUser.propertyNames()).contains("display_name", "email", "age", "handle", "role", "home_address");
		assertThat(newUser.has("secret")).isFalse();
		assertThat(schema("Address").get("properties").propertyNames()).containsExactlyInAnyOrder("city", "zip");
		assertThat(newUser.get("home_address").get("$ref").asString()).isEqualTo("#/components/schemas/Address");
		assertThat(newUser.get("role").toString()).contains("ADMIN", "MEMBER");
	}

	@Test
	void schemasCarryBeanValidationConstraints() {
		JsonNode newUser = schema("NewUser");
		assertThat(newUser.get("required").toString()).contains("display_name", "email");
		JsonNode properties = newUser.get("properties");
		assertThat(properties.get("display_name").get("minLength").asInt()).isEqualTo(2);
		assertThat(properties.get("display_name").get("maxLength").asInt()).isEqualTo(40);
		assertThat(properties.get("email").get("format").asString()).isEqualTo("email");
		assertThat(properties.get("age").get("minimum").asInt()).isEqualTo(18);
		assertThat(properties.get("age").get("maximum").asInt()).isEqualTo(150);
		assertThat(properties.get("handle").get("pattern").asString()).isEqualTo("[a-z]+");
	}

	@Test
	void bodiesAndAnswersHaveTheirMediaTypesAndSchemas() {
		JsonNode create = operation("post", "/users");
		assertThat(
				create.get("requestBody").get("content").get("application/json").get("schema").get("$ref").asString())
			.isEqualTo("#/components/schemas/NewUser");
		assertThat(create.get("responses")
			.get("201")
			.get("content")
			.get("application/json")
			.get("schema")
			.get("$ref")
			.asString()).isEqualTo("#/components/schemas/User");
		JsonNode list = operation("get", "/users").get("responses")
			.get("200")
			.get("content")
			.get("application/json")
			.get("schema");
		assertThat(list.get("type").asString()).isEqualTo("array");
		assertThat(list.get("items").get("$ref").asString()).isEqualTo("#/components/schemas/User");
		assertThat(operation("get", "/hello").get("responses").get("200").get("content").get("text/plain")).isNotNull();
		JsonNode file = operation("get", "/files/{path}").get("responses")
			.get("200")
			.get("content")
			.get("application/octet-stream")
			.get("schema");
		assertThat(file.get("format").asString()).isEqualTo("binary");
		JsonNode form = operation("post", "/users/{id}/avatar").get("requestBody")
			.get("content")
			.get("multipart/form-data")
			.get("schema");
		assertThat(form.get("$ref").asString()).isEqualTo("#/components/schemas/Avatar");
		assertThat(schema("Avatar").get("properties").get("file").get("format").asString()).isEqualTo("binary");
	}

	@Test
	void genericTypesAreResolved() {
		JsonNode page = operation("get", "/admin/stats").get("responses")
			.get("200")
			.get("content")
			.get("application/json")
			.get("schema");
		JsonNode pageSchema = schema(page.get("$ref").asString().substring("#/components/schemas/".length()));
		assertThat(pageSchema.get("properties").get("items").get("items").get("$ref").asString())
			.isEqualTo("#/components/schemas/User");
	}

	@Test
	void problemsAreDescribedOnceAndReferenced() {
		JsonNode problem = schema("Problem");
		assertThat(problem.get("properties").propertyNames()).contains("type", "title", "status", "detail", "instance",
				"errors");
		JsonNode fieldError = schema("FieldError");
		assertThat(fieldError.get("properties").propertyNames()).contains("field", "pointer", "message",
				"rejected_value");
		JsonNode notFound = document.get("components").get("responses").get("NotFound");
		assertThat(notFound.get("content").get("application/problem+json").get("schema").get("$ref").asString())
			.isEqualTo("#/components/schemas/Problem");
		JsonNode byId = operation("get", "/users/{id}").get("responses");
		assertThat(byId.get("404").get("$ref").asString()).isEqualTo("#/components/responses/NotFound");
		assertThat(byId.get("400").get("$ref").asString()).isEqualTo("#/components/responses/BadRequest");
		assertThat(byId.get("500").get("$ref").asString()).isEqualTo("#/components/responses/InternalServerError");
		assertThat(byId.has("413")).isFalse();
		JsonNode create = operation("post", "/users").get("responses");
		assertThat(create.get("413").get("$ref").asString()).isEqualTo("#/components/responses/RequestEntityTooLarge");
		assertThat(create.get("415").get("$ref").asString()).isEqualTo("#/components/responses/UnsupportedMediaType");
	}

	@Test
	void aRouteWithoutAnswersStillAnswers200() {
		JsonNode responses = operation("get", "/static/{path}").get("responses");
		assertThat(responses.get("200").get("description").asString()).isEqualTo("OK");
		assertThat(responses.get("200").has("content")).isFalse();
		assertThat(responses.propertyNames()).containsExactly("200", "500");
	}

	private static JsonNode operation(String method, String path) {
		JsonNode operation = document.get("paths").get(path).get(method);
		assertThat(operation).as(method + " " + path).isNotNull();
		return operation;
	}

	private static JsonNode schema(String name) {
		JsonNode schema = document.get("components").get("schemas").get(name);
		assertThat(schema).as(name).isNotNull();
		return schema;
	}

	enum Role {

		ADMIN, MEMBER

	}

	record Address(@NotBlank String city, @JsonProperty("zip") String postalCode) {
	}

	record NewUser(@NotBlank @Size(min = 2, max = 40) String displayName, @NotNull @Email String email,
			@Min(18) @Max(150) int age, @Pattern(regexp = "[a-z]+") String handle, Role role, Address homeAddress,
			@JsonIgnore String secret) {
	}

	record User(long id, String displayName, List<Address> addresses) {
	}

	record Page<T>(List<T> items, int total) {
	}

	record Avatar(String description, Upload file) {
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
			FastroServerAutoConfiguration.class, FastroOpenApiAutoConfiguration.class })
	static class CraftedApi {

		@Bean
		Routes craftedRoutes() {
			return Routes.builder()
				.tag("users")
				.get("/users", (ctx) -> List.of())
				.describe((doc) -> doc.summary("Lists users")
					.optionalQuery("limit", int.class)
					.header("X-Tenant", String.class)
					.returns(200, new ParameterizedTypeReference<List<User>>() {
					}.getType()))
				.get("/users/{id:[0-9]+}", (ctx) -> ctx.paramLong("id"))
				.describe((doc) -> doc.param("id", long.class).returns(200, User.class).returns(404))
				.post("/users", (ctx) -> ctx.body(NewUser.class))
				.describe((doc) -> doc.summary("Creates a user")
					.description("Sends no mail.")
					.accepts(NewUser.class)
					.returns(201, User.class))
				.post("/users/{id}/avatar", (ctx) -> "")
				.describe((doc) -> doc.accepts(Avatar.class, "multipart/form-data").returns(204))
				.build();
		}

		@Bean
		Routes otherRoutes() {
			return Routes.builder()
				.get("/files/{*path}", (ctx) -> new byte[0])
				.describe((doc) -> doc.returns(200, byte[].class, "application/octet-stream"))
				.get("/static/*", (ctx) -> "")
				.get("/legacy", (ctx) -> "")
				.describe((doc) -> doc.deprecated(true).operationId("listLegacy"))
				.get("/hello", (ctx) -> "hello")
				.describe((doc) -> doc.returns(200, String.class))
				.get("/a-b", (ctx) -> "")
				.get("/a_b", (ctx) -> "")
				.get("/café/{dish}", (ctx) -> "")
				.group("/admin", (admin) -> admin.tag("admin")
					.get("/stats", (ctx) -> "")
					.describe((doc) -> doc.tags("stats").returns(200, new ParameterizedTypeReference<Page<User>>() {
					}.getType())))
				.build();
		}

	}

}
