package dev.fastro.docs.errors;

import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/** "Errors and problem details", through the application's pipeline, in process. */
@FastroTest
class ErrorsTest {

	@Autowired
	FastroTestClient client;

	@Test
	void answersAnHttpExceptionWithItsStatus() {
		assertThat(this.client.get("/accounts/7").exchange()).hasStatus(404)
			.hasContentType("application/problem+json")
			.hasJsonBody("{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,"
					+ "\"detail\":\"No account 7\",\"instance\":\"/accounts/7\"}");
	}

	@Test
	void answersAProblemAHandlerReturns() {
		assertThat(this.client.post("/accounts/12345/purchases?cost=50").exchange()).hasStatus(403)
			.hasContentType("application/problem+json")
			.hasJsonBody("{\"type\":\"about:blank\",\"title\":\"Forbidden\",\"status\":403,"
					+ "\"detail\":\"Your balance is 30, but that costs 50.\","
					+ "\"instance\":\"/accounts/12345/purchases\",\"balance\":30}");
		assertThat(this.client.post("/accounts/12345/purchases?cost=20").exchange()).hasStatus(200).hasBody("Bought");
	}

	@Test
	void answersAnExceptionWithItsHandler() {
		assertThat(this.client.post("/sign-ups").formField("name", " ").exchange()).hasStatus(422)
			.hasContentType("application/problem+json")
			.hasJsonBody("{\"type\":\"about:blank\",\"title\":\"Unprocessable Entity\",\"status\":422,"
					+ "\"detail\":\"Invalid input\",\"instance\":\"/sign-ups\","
					+ "\"errors\":{\"name\":\"must not be blank\"}}");
		assertThat(this.client.post("/sign-ups").formField("name", "Ada").exchange()).hasBody("Welcome Ada");
	}

	@Test
	void answersOtherExceptionsWithA500ThatHidesThem() {
		assertThat(this.client.get("/broken").exchange()).hasStatus(500)
			.hasJsonBody("{\"type\":\"about:blank\",\"title\":\"Internal Server Error\",\"status\":500,"
					+ "\"instance\":\"/broken\"}");
	}

	@Test
	void answersRoutingErrorsAsProblems() {
		assertThat(this.client.get("/nope").exchange()).isProblem(404, "No route for GET /nope");
		assertThat(this.client.delete("/accounts/1").exchange()).hasStatus(405)
			.hasHeader("allow", "GET, HEAD, OPTIONS");
		assertThat(this.client.get("/accounts/x").exchange()).hasStatus(400);
	}

}
