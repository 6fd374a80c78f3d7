package dev.fastro.docs.quickstart;

// tag::test[]
import dev.fastro.test.autoconfigure.AutoConfigureFastroTestClient;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(properties = "fastro.server.port=0")
@AutoConfigureFastroTestClient
class AppTest {

	@Autowired
	FastroTestClient client;

	@Test
	void answersEachRouteOfTheQuickStart() {
		assertThat(this.client.get("/").exchange()).hasStatus(200)
			.hasContentType("text/plain; charset=utf-8")
			.hasBody("Hello world!");
		assertThat(this.client.get("/users/42").exchange()).hasJsonBody("{\"id\":42,\"name\":\"Ada\"}");
		assertThat(this.client.post("/users").json(new App.User(7, "Grace")).exchange()).hasStatus(201)
			.hasJsonBody("{\"id\":7,\"name\":\"Grace\"}");
		assertThat(this.client.get("/admin/stats").exchange()).hasStatus(401).hasBody("Who are you?");
		assertThat(this.client.get("/admin/stats").header("authorization", "Bearer x").exchange())
			.hasJsonBody("{\"users\":1}");
	}

}
// end::test[]
