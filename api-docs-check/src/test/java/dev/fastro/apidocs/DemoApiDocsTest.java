package dev.fastro.apidocs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo's OpenAPI document, as a client's tooling reads it: the demo runs from its
 * executable jar, as the README runs it, and swagger-parser, which shares no code with
 * the swagger-core version that wrote the document, reads it with neither an error nor a
 * warning, finding every route of the demo with its parameters, body and answers.
 */
class DemoApiDocsTest {

	private static final Pattern SERVING = Pattern.compile("Fastro serving \\d+ routes on http://[^:]+:(\\d+)");

	private static final HttpClient http = HttpClient.newHttpClient();

	private static final StringBuffer demoLog = new StringBuffer();

	private static Process demo;

	private static URI base;

	private static OpenAPI document;

	@BeforeAll
	static void startDemoAndReadItsDocument() throws Exception {
		Path jar = Path.of(System.getProperty("demo.jar"));
		assertThat(jar).as("the demo's executable jar, built by demo-app").isRegularFile();
		String java = ProcessHandle.current().info().command().orElse("java");
		demo = new ProcessBuilder(java, "-Dio.netty.leakDetection.level=paranoid", "-jar", jar.toString(),
				"--fastro.server.port=0", "--fastro.server.address=127.0.0.1", "--spring.main.banner-mode=off")
			.redirectErrorStream(true)
			.start();
		CompletableFuture<Integer> port = new CompletableFuture<>();
		Thread reader = new Thread(() -> readLog(port), "demo-log");
		reader.setDaemon(true);
		reader.start();
		// A bound, not a wait: the port comes as soon as the demo logs it.
		base = URI.create("http://127.0.0.1:" + port.get(3, TimeUnit.MINUTES));
		document = valid(parse(get("/v3/api-docs")));
	}

	private static void readLog(CompletableFuture<Integer> port) {
		try (BufferedReader lines = new BufferedReader(
				new InputStreamReader(demo.getInputStream(), StandardCharsets.UTF_8))) {
			for (String line = lines.readLine(); line != null; line = lines.readLine()) {
				demoLog.append(line).append('\n');
				Matcher serving = SERVING.matcher(line);
				if (serving.find()) {
					port.complete(Integer.parseInt(serving.group(1)));
				}
			}
		}
		catch (IOException ex) {
			port.completeExceptionally(ex);
		}
		port.completeExceptionally(new IllegalStateException("The demo stopped before serving:\n" + demoLog));
	}

	@AfterAll
	static void stopDemo() throws Exception {
		if (demo != null) {
			demo.destroy();
			demo.waitFor();
			Files.writeString(Path.of("target", "demo.log"), demoLog);
			assertThat(demoLog).as("the demo's log").doesNotContain("LEAK:");
		}
	}

	@Test
	void isOpenApi31ReadWithoutErrorsOrWarnings() {
		assertThat(document.getOpenapi()).startsWith("3.1.");
		assertThat(document.getInfo().getTitle()).isNotBlank();
		assertThat(document.getServers()).singleElement()
			.satisfies((server) -> assertThat(server.getUrl()).isEqualTo(base.toString()));
	}

	@Test
	void yamlAndJsonAreTheSameDocument() throws Exception {
		assertThat(valid(parse(get("/v3/api-docs.yaml")))).isEqualTo(document);
	}

	@Test
	void listsEveryRouteOfTheDemoAndNothingElse() {
		Map<String, String> operations = new TreeMap<>();
		document.getPaths()
			.forEach((path, item) -> item.readOperationsMap()
				.forEach((method, operation) -> operations.put(method + " " + path, operation.getSummary())));
		assertThat(operations.keySet()).containsExactlyInAnyOrder("GET /", "GET /user/{id}", "GET /query",
				"GET /middleware", "POST /json", "GET /users", "POST /users", "GET /users/{id}",
				"GET /async/greeting/{name}", "GET /async/sum", "GET /reports/slow", "GET /files/{path}",
				"POST /uploads", "GET /café/{dish}", "GET /admin/stats", "GET /live/chat", "GET /live/events",
				"POST /live/uploads");
		assertThat(operations.values()).as("summaries").doesNotContainNull();
	}

	@Test
	void pathParametersCarryTheirPatternAndDeclaredType() {
		Parameter id = single(operation("/users/{id}", "GET").getParameters());
		assertThat(id.getIn()).isEqualTo("path");
		assertThat(id.getRequired()).isTrue();
		assertThat(types(id.getSchema())).contains("integer");
		assertThat(id.getSchema().getPattern()).contains("[0-9]+");
		Parameter path = single(operation("/files/{path}", "GET").getParameters());
		assertThat(path.getName()).isEqualTo("path");
		assertThat(types(path.getSchema())).contains("string");
	}

	@Test
	void queryParametersAreDeclaredWithTheirTypes() {
		List<Parameter> sum = operation("/async/sum", "GET").getParameters();
		assertThat(sum).extracting(Parameter::getName).containsExactly("a", "b");
		assertThat(sum).allSatisfy((parameter) -> {
			assertThat(parameter.getIn()).isEqualTo("query");
			assertThat(parameter.getRequired()).isTrue();
			assertThat(types(parameter.getSchema())).contains("integer");
		});
		Parameter name = single(operation("/query", "GET").getParameters());
		assertThat(name.getRequired()).isNotEqualTo(Boolean.TRUE);
	}

	@Test
	void bodiesAndAnswersReferToTheirSchemas() {
		Operation add = operation("/users", "POST");
		assertThat(add.getRequestBody().getContent()).containsOnlyKeys("application/json");
		assertThat(add.getRequestBody().getContent().get("application/json").getSchema().get$ref())
			.endsWith("/NewUser");
		assertThat(add.getResponses()).containsKeys("201", "400");
		assertThat(add.getResponses().get("201").getContent().get("application/json").getSchema().get$ref())
			.endsWith("/User");
		assertThat(operation("/users", "GET").getResponses()
			.get("200")
			.getContent()
			.get("application/json")
			.getSchema()
			.getItems()
			.get$ref()).endsWith("/User");
		assertThat(operation("/uploads", "POST").getRequestBody().getContent())
			.containsOnlyKeys("application/octet-stream");
		assertThat(operation("/live/uploads", "POST").getRequestBody().getContent())
			.containsOnlyKeys("multipart/form-data");
		assertThat(operation("/live/events", "GET").getResponses().get("200").getContent())
			.containsOnlyKeys("text/event-stream");
		assertThat(operation("/", "GET").getResponses().get("200").getContent()).containsOnlyKeys("text/plain");
	}

	@Test
	void errorsAreProblemDetailsDescribedOnce() {
		Operation find = operation("/users/{id}", "GET");
		String notFound = find.getResponses().get("404").get$ref();
		assertThat(notFound).as("a shared answer").startsWith("#/components/responses/");
		Schema<?> problem = document.getComponents()
			.getResponses()
			.get(notFound.substring(notFound.lastIndexOf('/') + 1))
			.getContent()
			.get("application/problem+json")
			.getSchema();
		assertThat(problem.get$ref()).endsWith("/Problem");
		assertThat(document.getComponents().getSchemas().get("Problem").getProperties()).containsKeys("type", "title",
				"status", "detail", "instance");
	}

	@Test
	void theSchemaOfAValidatedBodyCarriesItsConstraints() {
		Schema<?> newUser = document.getComponents().getSchemas().get("NewUser");
		assertThat(newUser.getRequired()).containsExactlyInAnyOrder("name", "email");
		Schema<?> email = newUser.getProperties().get("email");
		assertThat(email.getFormat()).isEqualTo("email");
		assertThat(newUser.getProperties().get("name").getMinLength()).isEqualTo(1);
	}

	private static Operation operation(String path, String method) {
		assertThat(document.getPaths()).containsKey(path);
		Operation operation = document.getPaths()
			.get(path)
			.readOperationsMap()
			.entrySet()
			.stream()
			.filter((entry) -> entry.getKey().name().equals(method))
			.map(Map.Entry::getValue)
			.findFirst()
			.orElseThrow(() -> new AssertionError("no " + method + " " + path));
		return operation;
	}

	private static <T> T single(List<T> list) {
		assertThat(list).hasSize(1);
		return list.get(0);
	}

	/** The types of a 3.1 schema, where {@code type} may be a list. */
	private static Collection<String> types(Schema<?> schema) {
		return (schema.getTypes() != null) ? schema.getTypes() : List.of(String.valueOf(schema.getType()));
	}

	private static SwaggerParseResult parse(String text) {
		ParseOptions options = new ParseOptions();
		options.setResolve(true);
		return new OpenAPIV3Parser().readContents(text, null, options);
	}

	private static OpenAPI valid(SwaggerParseResult result) {
		assertThat(result.getMessages()).as("the parser's errors and warnings").isEmpty();
		assertThat(result.isOpenapi31()).isTrue();
		return result.getOpenAPI();
	}

	private static String get(String path) throws Exception {
		HttpResponse<String> response = http.send(HttpRequest.newBuilder(base.resolve(path)).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as("GET " + path).isEqualTo(200);
		return response.body();
	}

}
