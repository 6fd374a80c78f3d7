package dev.fastro.docs.testing;

// tag::test[]
import dev.fastro.test.autoconfigure.AutoConfigureFastroTestClient;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(properties = "fastro.server.port=0")
@AutoConfigureFastroTestClient
class ApiTest {

	@Autowired
	FastroTestClient client;

	@Test
	void servesOverHttp() {
		assertThat(this.client.get("/").exchange()).hasStatus(200).hasBody("Hello world!");
		assertThat(this.client.get("/users/1").exchange()).hasStatus(200).hasJsonBody("{\"id\":1,\"name\":\"Ada\"}");
	}

	@Test
	void answersAsOnlyTheServerDoes() {
		// A Date header, and a 400 for a dot segment, come from the server's connection.
		assertThat(this.client.get("/").exchange().header("date")).isNotNull();
		assertThat(this.client.get("/users/../users/1").exchange()).hasStatus(400);
	}

}
// end::test[]
