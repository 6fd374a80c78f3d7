package dev.fastro.docs.webflux;

// tag::test[]
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FastroUsersTest {

	FastroTestClient client = FastroTestClient.bindTo(new FastroUsers().userRoutes(new UserStore()));

	@Test
	void findsAUser() {
		assertThat(this.client.get("/users/1").header("x-api-key", "s3cret").exchange()).hasStatus(200)
			.hasJsonBody("{\"id\":1,\"name\":\"Ada\"}");
	}

	@Test
	void answersAProblemForAnUnknownUser() {
		assertThat(this.client.get("/users/9").header("x-api-key", "s3cret").exchange()).isProblem(404, "No user 9");
	}

	@Test
	void createsAUser() {
		assertThat(this.client.post("/users").header("x-api-key", "s3cret").json(new NewUser("Grace")).exchange())
			.hasStatus(201)
			.hasHeader("location", "/users/2")
			.hasJsonBody("{\"id\":2,\"name\":\"Grace\"}");
	}

	@Test
	void refusesARequestWithoutTheKey() {
		assertThat(this.client.get("/users/1").exchange()).hasStatus(401);
	}

}
// end::test[]
