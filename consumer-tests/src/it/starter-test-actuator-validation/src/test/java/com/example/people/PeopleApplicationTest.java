package com.example.people;

import dev.fastro.test.autoconfigure.AutoConfigureFastroTestClient;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole application on a free port, called over HTTP by Fastro's test client.
 */
@SpringBootTest(properties = "fastro.server.port=0")
@AutoConfigureFastroTestClient
class PeopleApplicationTest {

	@Autowired
	private FastroTestClient client;

	@Test
	void answersOverHttp() {
		assertThat(this.client.get("/hello").exchange()).hasStatus(200)
			.hasBody("Hello")
			// Only the server writes a Date header, the in-process client none.
			.satisfies((response) -> assertThat(response.header("date")).isNotBlank());
	}

	@Test
	void servesActuatorHealth() {
		assertThat(this.client.get("/actuator/health").exchange()).hasStatus(200)
			.hasContentType("application/vnd.spring-boot.actuator.v3+json")
			.bodyText()
			.contains("\"status\":\"UP\"");
	}

	@Test
	void createsAValidPerson() {
		assertThat(this.client.post("/people").json(new Person("Ada", "ada@example.com")).exchange()).hasStatus(201)
			.bodyAs(Person.class)
			.isEqualTo(new Person("Ada", "ada@example.com"));
	}

	@Test
	void refusesAnInvalidPersonWithAProblem() {
		assertThat(this.client.post("/people").json(new Person(" ", "nope")).exchange())
			.isProblem(400, "Invalid request content.")
			.bodyText()
			.contains("\"pointer\":\"#/name\"", "\"pointer\":\"#/email\"");
	}

}
