package dev.fastro.http;

import java.util.List;

import dev.fastro.http.RouteDescription.Answer;
import dev.fastro.http.RouteDescription.Body;
import dev.fastro.http.RouteDescription.Parameter;
import dev.fastro.http.RouteDescription.Parameter.In;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class RouteDescriptionTest {

	@Test
	void describesTheRouteDeclaredJustBefore() {
		Routes routes = Routes.builder()
			.get("/users/{id:[0-9]+}", ctx -> "user")
			.describe((doc) -> doc.summary("Finds a user")
				.param("id", long.class)
				.optionalQuery("fields", String.class)
				.returns(200, Payload.class)
				.returns(404))
			.post("/users", ctx -> "added")
			.describe((doc) -> doc.accepts(Payload.class).returns(201, Payload.class).deprecated(true))
			.get("/plain", ctx -> "plain")
			.build();

		RouteDescription find = routes.routes().get(0).description();
		assertThat(find.summary()).isEqualTo("Finds a user");
		assertThat(find.parameters()).containsExactly(new Parameter(In.PATH, "id", long.class, true),
				new Parameter(In.QUERY, "fields", String.class, false));
		assertThat(find.answers()).containsExactly(new Answer(200, Payload.class, "application/json"),
				new Answer(404, null, null));
		RouteDescription add = routes.routes().get(1).description();
		assertThat(add.body()).isEqualTo(new Body(Payload.class, "application/json"));
		assertThat(add.deprecated()).isTrue();
		assertThat(routes.routes().get(2).description()).isEqualTo(RouteDescription.none());
	}

	@Test
	void groupsTagTheirRoutesBeforeTheRoutesOwnTags() {
		Routes routes = Routes.builder()
			.tag("api")
			.group("/users", (users) -> users.tag("users").get("/", ctx -> "all").describe((doc) -> doc.tags("list")))
			.get("/", ctx -> "root")
			.build();

		assertThat(routes.routes().get(0).description().tags()).containsExactly("api", "users", "list");
		assertThat(routes.routes().get(0).group()).isEqualTo("/users");
		assertThat(routes.routes().get(1).description().tags()).containsExactly("api");
		assertThat(routes.routes().get(1).group()).isEmpty();
	}

	@Test
	void describeWithoutARouteBeforeItIsRefused() {
		assertThatIllegalStateException().isThrownBy(() -> Routes.builder().describe((doc) -> doc.summary("?")))
			.withMessageContaining("the routes at the root");
		assertThatIllegalStateException()
			.isThrownBy(() -> Routes.builder().group("/a", (a) -> a.get("/", ctx -> "a")).describe((doc) -> doc))
			.withMessageContaining("describe(..) follows the route it applies to");
	}

	@Test
	void answersHaveAnHttpStatus() {
		assertThatIllegalArgumentException().isThrownBy(() -> RouteDescription.none().returns(99))
			.withMessageContaining("99");
	}

	@Test
	void answersAreOfTheMediaTypeFastroWritesTheirTypeIn() {
		RouteDescription doc = RouteDescription.none()
			.returns(200, String.class)
			.returns(201, byte[].class)
			.returns(202, Payload.class)
			.returns(203, List.class)
			.returns(400, Problem.class)
			.returns(206, String.class, "text/csv");
		assertThat(doc.answers()).extracting(Answer::mediaType)
			.containsExactly("text/plain", "application/octet-stream", "application/json", "application/json",
					"application/problem+json", "text/csv");
	}

	@Test
	void eachStepLeavesTheDescriptionItStartedFromAsItWas() {
		RouteDescription shared = RouteDescription.none().tags("shared");
		shared.tags("more").returns(204);
		assertThat(shared.tags()).isEqualTo(List.of("shared"));
		assertThat(shared.answers()).isEmpty();
	}

	record Payload(String name) {
	}

}
