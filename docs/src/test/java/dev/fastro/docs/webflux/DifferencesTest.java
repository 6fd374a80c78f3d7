package dev.fastro.docs.webflux;

import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.test.json.JsonCompareMode;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the two versions of the API of "Coming from WebFlux functional endpoints" answer
 * differently, as its "What is different" says.
 */
class DifferencesTest {

	WebTestClient webflux = WebTestClient.bindToRouterFunction(new WebFluxUsers().userRoutes(new UserStore())).build();

	FastroTestClient fastro = FastroTestClient.bindTo(new FastroUsers().userRoutes(new UserStore()));

	@Test
	void spellsTheProblemOfAnUnknownUserEachItsWay() {
		this.webflux.get()
			.uri("/users/9")
			.header("x-api-key", "s3cret")
			.exchange()
			.expectBody()
			.json("{\"title\":\"Not Found\",\"status\":404,\"detail\":\"No user 9\"}", JsonCompareMode.STRICT);
		assertThat(this.fastro.get("/users/9").header("x-api-key", "s3cret").exchange()).hasJsonBody(
				"{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No user 9\",\"instance\":\"/users/9\"}");
	}

	@Test
	void answersAnUnknownPathWithAProblem() {
		this.webflux.get().uri("/nope").exchange().expectStatus().isNotFound().expectBody().isEmpty();
		assertThat(this.fastro.get("/nope").exchange()).isProblem(404, "No route for GET /nope");
	}

	@Test
	void answersAnotherMethodWith405AndHeadWithTheGetRoute() {
		this.webflux.delete().uri("/users/1").header("x-api-key", "s3cret").exchange().expectStatus().isNotFound();
		this.webflux.head().uri("/users/1").header("x-api-key", "s3cret").exchange().expectStatus().isNotFound();
		assertThat(this.fastro.delete("/users/1").header("x-api-key", "s3cret").exchange()).hasStatus(405)
			.hasHeader("allow", "GET, HEAD, OPTIONS");
		assertThat(this.fastro.head("/users/1").header("x-api-key", "s3cret").exchange()).hasStatus(200)
			.hasContentType("application/json")
			.hasEmptyBody();
	}

	@Test
	void answersAPathParameterThatIsNoNumberWith400() {
		assertThat(this.fastro.get("/users/abc").header("x-api-key", "s3cret").exchange()).hasStatus(400)
			.hasContentType("application/problem+json");
	}

}
