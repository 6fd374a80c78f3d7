package dev.fastro.docs.testing;

// tag::test[]
import dev.fastro.http.Routes;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GreetingRoutesTest {

	record Person(String name) {
	}

	FastroTestClient client = FastroTestClient.bindTo(Routes.builder()
		.get("/hello/{name}", (ctx) -> "Hello " + ctx.param("name"))
		.post("/people", (ctx) -> ctx.body(Person.class))
		.build());

	@Test
	void greets() {
		assertThat(this.client.get("/hello/ada").exchange()).hasStatus(200)
			.hasContentType("text/plain; charset=utf-8")
			.hasBody("Hello ada");
		assertThat(this.client.post("/people").json(new Person("Ada")).exchange()).hasStatus(200)
			.hasJsonBody("{\"name\":\"Ada\"}");
		assertThat(this.client.get("/nope").exchange()).isProblem(404, "No route for GET /nope");
	}

}
// end::test[]
