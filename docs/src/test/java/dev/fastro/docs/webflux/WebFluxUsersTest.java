package dev.fastro.docs.webflux;

// tag::test[]
import org.junit.jupiter.api.Test;

import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

class WebFluxUsersTest {

	WebTestClient client = WebTestClient.bindToRouterFunction(new WebFluxUsers().userRoutes(new UserStore())).build();

	@Test
	void findsAUser() {
		this.client.get()
			.uri("/users/1")
			.header("x-api-key", "s3cret")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.json("{\"id\":1,\"name\":\"Ada\"}");
	}

	@Test
	void answersAProblemForAnUnknownUser() {
		this.client.get()
			.uri("/users/9")
			.header("x-api-key", "s3cret")
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("No user 9");
	}

	@Test
	void createsAUser() {
		this.client.post()
			.uri("/users")
			.header("x-api-key", "s3cret")
			.bodyValue(new NewUser("Grace"))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectHeader()
			.location("/users/2")
			.expectBody()
			.json("{\"id\":2,\"name\":\"Grace\"}");
	}

	@Test
	void refusesARequestWithoutTheKey() {
		this.client.get().uri("/users/1").exchange().expectStatus().isUnauthorized();
	}

}
// end::test[]
