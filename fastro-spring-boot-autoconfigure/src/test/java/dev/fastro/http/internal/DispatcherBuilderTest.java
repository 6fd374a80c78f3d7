package dev.fastro.http.internal;

import java.util.List;

import dev.fastro.http.Routes;
import dev.fastro.router.internal.RouteConflictException;
import dev.fastro.router.internal.RoutePatternException;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Without Spring, routes given as a plain list are named by their position in it when
 * start-up fails.
 */
class DispatcherBuilderTest {

	private final Dispatcher.Builder builder = Dispatcher.builder().json(new JsonCodec(JsonMapper.builder().build()));

	@Test
	void aConflictNamesThePositionOfEachRoute() {
		Routes users = Routes.builder().get("/", ctx -> "home").get("/users/:id", ctx -> "user").build();
		Routes admin = Routes.builder().group("/users", group -> group.get("/{name}", ctx -> "admin")).build();
		this.builder.routes(List.of(users)).routes(List.of(admin));

		assertThatExceptionOfType(RouteConflictException.class).isThrownBy(this.builder::build)
			.withMessage("Route conflict for GET: '/users/:id' (Routes #1, route #2) and '/users/{name}' "
					+ "(Routes #2, route #1) match the same paths");
	}

	@Test
	void aMalformedPatternNamesItsPosition() {
		Routes broken = Routes.builder().get("/ok", ctx -> "ok").post("/files/*/more", ctx -> "never").build();
		this.builder.routes(List.of(broken));

		assertThatExceptionOfType(RoutePatternException.class).isThrownBy(this.builder::build)
			.withMessage("Malformed route pattern '/files/*/more' (Routes #1, route #2) at position 7: "
					+ "a catch-all must be the last segment");
	}

}
