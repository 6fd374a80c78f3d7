package dev.fastro.docs.webflux;

import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.test.json.JsonCompareMode;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The two problem bodies of "Coming from WebFlux functional endpoints": Spring's
 * {@code ProblemDetail} leaves out {@code type} and {@code instance}, Fastro's problem
 * has them, and an unknown path is a problem too.
 */
class ProblemBodiesTest {

	@Test
	void spellsTheProblemOfAnUnknownUserEachItsWay() {
		WebTestClient webflux = WebTestClient.bindToRouterFunction(new WebFluxUsers().userRoutes(new UserStore()))
			.build();
		webflux.get()
			.uri("/users/9")
			.header("x-api-key", "s3cret")
			.exchange()
			.expectBody()
			.json("{\"title\":\"Not Found\",\"status\":404,\"detail\":\"No user 9\"}", JsonCompareMode.STRICT);
		FastroTestClient fastro = FastroTestClient.bindTo(new FastroUsers().userRoutes(new UserStore()));
		assertThat(fastro.get("/users/9").header("x-api-key", "s3cret").exchange()).hasJsonBody(
				"{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No user 9\",\"instance\":\"/users/9\"}");
	}

	@Test
	void answersAnUnknownPathWithAProblem() {
		FastroTestClient fastro = FastroTestClient.bindTo(new FastroUsers().userRoutes(new UserStore()));
		assertThat(fastro.get("/nope").exchange()).isProblem(404, "No route for GET /nope");
		assertThat(fastro.delete("/users/1").exchange()).hasStatus(405).hasHeader("allow", "GET, HEAD, OPTIONS");
	}

}
