package dev.fastro.manifest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.fastro.http.RouteDescription;
import dev.fastro.http.Routes;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RouteManifestTest {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Test
	void describesEachRouteAsItsClientsSeeIt() {
		RouteManifest manifest = manifest(Routes.builder()
			.get("/users/{id:[0-9]+}", ctx -> "user")
			.describe((doc) -> doc.param("id", long.class)
				.optionalQuery("fields", String.class)
				.header("X-Tenant", String.class)
				.returns(200, User.class)
				.returns(404))
			.post("/users", ctx -> "added")
			.describe((doc) -> doc.accepts(NewUser.class).returns(201, User.class).returns(204))
			.get("/files/{*path}", ctx -> "file")
			.describe((doc) -> doc.returns(200, String.class).returns(200, byte[].class, "image/png; q=1"))
			.build());

		ManifestRoute find = route(manifest, "GET", "/users/{id:[0-9]+}");
		assertThat(find.path()).containsExactly(new ManifestRoute.PathParameter("id", "[0-9]+", "integer"));
		assertThat(find.query()).containsExactly(new ManifestRoute.Parameter("fields", "string", false));
		assertThat(find.headers()).containsExactly(new ManifestRoute.Parameter("x-tenant", "string", true));
		assertThat(find.answers().get("200").mediaType()).isEqualTo("application/json");
		assertThat(find.answers().get("200").shape().properties()).containsOnlyKeys("id", "name", "email", "tags");
		assertThat(find.answers().get("200").shape().properties().get("tags").items().type()).isEqualTo("string");
		assertThat(find.answers().get("404")).isEqualTo(new ManifestRoute.Content("application/problem+json", null));
		ManifestRoute add = route(manifest, "POST", "/users");
		assertThat(add.body().shape().required()).containsExactly("email", "name");
		assertThat(add.answers().get("204")).isEqualTo(new ManifestRoute.Content(null, null));
		ManifestRoute file = route(manifest, "GET", "/files/{*path}");
		assertThat(file.path()).containsExactly(new ManifestRoute.PathParameter("path", null, "string"));
		assertThat(file.answers().get("200")).isEqualTo(new ManifestRoute.Content("image/png", null));
	}

	@Test
	void namesPropertiesAsTheApplicationsMapperDoes() {
		JsonMapper snakeCase = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
		RouteManifest manifest = RouteManifest.of(Routes.builder()
			.get("/", ctx -> "")
			.describe((doc) -> doc.returns(200, Renamed.class))
			.build()
			.routes(), snakeCase);

		assertThat(manifest.routes().get(0).answers().get("200").shape().properties()).containsOnlyKeys("first_name",
				"alias");
	}

	@Test
	void takesTheRequiredPropertiesFromBeanValidationAndJackson() {
		Shape shape = new Shapes(JSON).of(Constrained.class);

		assertThat(shape.properties()).containsOnlyKeys("notNull", "notBlank", "notEmpty", "jsonRequired", "optional");
		assertThat(shape.required()).containsExactly("jsonRequired", "notBlank", "notEmpty", "notNull");
	}

	@Test
	void refersBackToATypeThatContainsItself() {
		Shape node = new Shapes(JSON).of(Node.class);

		assertThat(node.properties().get("children").items())
			.isEqualTo(new Shape("object", null, null, null, null, "Node"));
	}

	@Test
	void readsTheManifestItWrote(@TempDir Path directory) throws Exception {
		RouteManifest manifest = manifest(Routes.builder()
			.post("/users", ctx -> "added")
			.describe((doc) -> doc.accepts(NewUser.class).returns(201, User.class).returns(400))
			.get("/a/{id}", ctx -> "a")
			.get("/a/{id}", ctx -> "a")
			.build());
		Path file = directory.resolve("manifest/routes.json");

		manifest.write(file);

		String text = Files.readString(file);
		assertThat(text).endsWith("}\n").contains("\"method\" : \"POST\"");
		String users = text.substring(text.indexOf("\"/a/{id}\"", text.indexOf("\"/a/{id}\"") + 1));
		assertThat(users).containsSubsequence("\"answers\"", "\"body\"", "\"method\"", "\"pattern\" : \"/users\"");
		assertThat(text.indexOf("/a/{id}")).isLessThan(text.indexOf("/users"));
		assertThat(RouteManifest.read(file)).isEqualTo(manifest);
		assertThat(RouteManifest.read(file).toJson()).isEqualTo(text);
	}

	@Test
	void refusesAFileWithoutAManifest(@TempDir Path directory) throws Exception {
		Path file = Files.writeString(directory.resolve("routes.json"),
				"{ \"routes\" : [ { \"method\" : \"GET\" } ] }");

		assertThatIllegalArgumentException().isThrownBy(() -> RouteManifest.read(file))
			.withMessageStartingWith("The file " + file + " holds no route manifest")
			.withMessageContaining("pattern");
	}

	@Test
	void aRemovedRouteBreaks() {
		assertThat(changes(Routes.builder().get("/a", ctx -> "").get("/b", ctx -> "").build(),
				Routes.builder().get("/a", ctx -> "").post("/b", ctx -> "").build()))
			.containsExactly("GET /b: the route was removed");
	}

	@Test
	void addedRoutesAndRenamedParametersBreakNothing() {
		assertThat(changes(Routes.builder().get("/users/{id}", ctx -> "").build(),
				Routes.builder().get("/users/:userId", ctx -> "").get("/other", ctx -> "").build()))
			.isEmpty();
	}

	@Test
	void aNarrowedParameterBreaks() {
		assertThat(changes(Routes.builder().get("/users/{id:[0-9a-z]+}", ctx -> "").build(),
				Routes.builder().get("/users/{id:[0-9]+}", ctx -> "").build()))
			.containsExactly("GET /users/{id:[0-9a-z]+}: path parameter 'id' no longer takes every value it took: "
					+ "'[0-9]+', was '[0-9a-z]+'");
		assertThat(changes(Routes.builder().get("/users/{id}", ctx -> "").build(),
				Routes.builder().get("/users/{id:\\d+}", ctx -> "").build()))
			.containsExactly(
					"GET /users/{id}: path parameter 'id' no longer takes every value it took: '\\d+', was any value");
	}

	@Test
	void aWidenedOrRewrittenParameterBreaksNothing() {
		assertThat(changes(Routes.builder().get("/users/{id:[0-9]+}", ctx -> "").build(),
				Routes.builder().get("/users/{id:[0-9a-z]+}", ctx -> "").build()))
			.isEmpty();
		assertThat(changes(Routes.builder().get("/users/{id:[0-9]+}", ctx -> "").build(),
				Routes.builder().get("/users/{id:\\d+}", ctx -> "").build()))
			.isEmpty();
		assertThat(changes(Routes.builder().get("/users/{id:[0-9]+}", ctx -> "").build(),
				Routes.builder().get("/users/{id}", ctx -> "").build()))
			.isEmpty();
	}

	@Test
	void aParameterSplitInTwoRoutesStillTakesItsValues() {
		assertThat(changes(Routes.builder().get("/users/{id:[0-9]+}", ctx -> "").build(),
				Routes.builder().get("/users/{name:[a-z]+}", ctx -> "").get("/users/{id:[0-9]+}", ctx -> "").build()))
			.isEmpty();
	}

	@Test
	void aChangedRegexTheAutomataCannotReadBreaksUnproven() {
		assertThat(changes(Routes.builder().get("/users/{id:(?=a)[a-z]+}", ctx -> "").build(),
				Routes.builder().get("/users/{id:(?=b)[a-z]+}", ctx -> "").build()))
			.containsExactly("GET /users/{id:(?=a)[a-z]+}: path parameter 'id' changed its regex from '(?=a)[a-z]+' "
					+ "to '(?=b)[a-z]+', which cannot be proven to take every value it took");
		assertThat(changes(Routes.builder().get("/users/{id:(?=a)[a-z]+}", ctx -> "").build(),
				Routes.builder().get("/users/{id:(?=a)[a-z]+}", ctx -> "").build()))
			.isEmpty();
	}

	@Test
	void requiredParametersAddedOrMadeRequiredBreak() {
		assertThat(changes(described((doc) -> doc.optionalQuery("page", int.class).header("X-Old", String.class)),
				described((doc) -> doc.query("page", int.class)
					.header("X-Old", String.class)
					.query("size", int.class)
					.header("X-Tenant", String.class))))
			.containsExactly("GET /: query parameter 'page' is now required",
					"GET /: requires the new query parameter 'size'", "GET /: requires the new header 'x-tenant'");
	}

	@Test
	void parametersReadAsANarrowerTypeBreak() {
		assertThat(changes(
				Routes.builder()
					.get("/users/{id}", ctx -> "")
					.describe((doc) -> doc.query("page", String.class))
					.build(),
				Routes.builder()
					.get("/users/{id}", ctx -> "")
					.describe((doc) -> doc.param("id", long.class).query("page", int.class))
					.build()))
			.containsExactly("GET /users/{id}: path parameter 'id' changed its type from string to integer",
					"GET /users/{id}: query parameter 'page' changed its type from string to integer");
		assertThat(changes(
				Routes.builder()
					.get("/users/{id}", ctx -> "")
					.describe((doc) -> doc.param("id", long.class).query("page", int.class))
					.build(),
				Routes.builder()
					.get("/users/{id}", ctx -> "")
					.describe((doc) -> doc.query("page", String.class))
					.build()))
			.isEmpty();
	}

	@Test
	void optionalParametersAddedOrMadeOptionalBreakNothing() {
		assertThat(changes(described((doc) -> doc.query("page", int.class).header("X-Tenant", String.class)),
				described((doc) -> doc.optionalQuery("page", int.class)
					.optionalQuery("size", int.class)
					.optionalHeader("x-tenant", String.class))))
			.isEmpty();
	}

	@Test
	void aBodyAddedOrOfAnotherMediaTypeBreaks() {
		assertThat(changes(described((doc) -> doc), described((doc) -> doc.accepts(NewUser.class))))
			.containsExactly("GET /: now requires a body of application/json");
		assertThat(changes(described((doc) -> doc.accepts(NewUser.class)),
				described((doc) -> doc.accepts(NewUser.class, "application/xml"))))
			.containsExactly("GET /: the body's media type changed from application/json to application/xml");
	}

	@Test
	void aBodyThatRefusesOldRequestsBreaks() {
		assertThat(changes(described((doc) -> doc.accepts(NewUser.class)),
				described((doc) -> doc.accepts(NewUserWithAge.class))))
			.containsExactly("GET /: the body requires the new property 'age'");
		assertThat(changes(described((doc) -> doc.accepts(NewUserWithOptionalAge.class)),
				described((doc) -> doc.accepts(NewUserWithAge.class))))
			.containsExactly("GET /: the body property 'age' is now required");
		assertThat(changes(described((doc) -> doc.accepts(NewUserWithAge.class)),
				described((doc) -> doc.accepts(NewUserWithTextAge.class))))
			.containsExactly("GET /: the body property 'age' changed its type from integer to string");
		assertThat(
				changes(described((doc) -> doc.accepts(Team.class)), described((doc) -> doc.accepts(TeamOfAges.class))))
			.containsExactly("GET /: the body requires the new property 'members[].age'");
	}

	@Test
	void aBodyThatTakesMoreBreaksNothing() {
		assertThat(changes(described((doc) -> doc.accepts(NewUser.class)),
				described((doc) -> doc.accepts(NewUserWithOptionalAge.class))))
			.isEmpty();
		assertThat(changes(described((doc) -> doc.accepts(NewUserWithAge.class)),
				described((doc) -> doc.accepts(NewUserWithOptionalAge.class))))
			.isEmpty();
		assertThat(changes(described((doc) -> doc.accepts(NewUser.class)), described((doc) -> doc))).isEmpty();
	}

	@Test
	void anAnswerRemovedOrChangedBreaks() {
		assertThat(changes(described((doc) -> doc.returns(200, User.class).returns(404)),
				described((doc) -> doc.returns(200, User.class))))
			.containsExactly("GET /: no longer answers 404");
		assertThat(changes(described((doc) -> doc.returns(200, User.class)),
				described((doc) -> doc.returns(200, String.class))))
			.containsExactly("GET /: the answer 200 changed its media type from application/json to text/plain");
		assertThat(changes(described((doc) -> doc.returns(200, User.class)),
				described((doc) -> doc.returns(200, NewUser.class))))
			.containsExactly("GET /: the answer 200 no longer has the property 'id'",
					"GET /: the answer 200 no longer has the property 'tags'");
		assertThat(changes(described((doc) -> doc.returns(200, NewUserWithAge.class)),
				described((doc) -> doc.returns(200, NewUserWithTextAge.class))))
			.containsExactly("GET /: the answer 200 property 'age' changed its type from integer to string");
	}

	@Test
	void answersAndAnswerPropertiesAddedBreakNothing() {
		assertThat(changes(described((doc) -> doc.returns(200, NewUser.class)),
				described((doc) -> doc.returns(200, User.class).returns(404))))
			.isEmpty();
	}

	private static RouteManifest manifest(Routes routes) {
		return RouteManifest.of(routes.routes(), JSON);
	}

	private static ManifestRoute route(RouteManifest manifest, String method, String pattern) {
		return manifest.routes()
			.stream()
			.filter((route) -> route.method().equals(method) && route.pattern().equals(pattern))
			.findFirst()
			.orElseThrow();
	}

	private static Routes described(UnaryOperator<RouteDescription> description) {
		return Routes.builder().get("/", ctx -> "").describe(description).build();
	}

	private static List<String> changes(Routes previous, Routes current) {
		return manifest(current).breakingChangesSince(manifest(previous))
			.stream()
			.map(BreakingChange::toString)
			.toList();
	}

	record User(long id, String name, String email, List<String> tags) {
	}

	record NewUser(@NotBlank String name, @NotNull String email) {
	}

	record NewUserWithAge(@NotBlank String name, @NotNull String email, @NotNull Integer age) {
	}

	record NewUserWithOptionalAge(@NotBlank String name, @NotNull String email, Integer age) {
	}

	record NewUserWithTextAge(@NotBlank String name, @NotNull String email, @NotNull String age) {
	}

	record Team(List<NewUser> members) {
	}

	record TeamOfAges(List<NewUserWithAge> members) {
	}

	record Renamed(String firstName, @JsonProperty("alias") String nickName) {
	}

	record Constrained(@NotNull String notNull, @NotBlank String notBlank, @NotEmpty List<String> notEmpty,
			@JsonProperty(required = true) String jsonRequired, String optional) {
	}

	record Node(String name, List<Node> children) {
	}

}
