package dev.fastro.docs.middleware;

import dev.fastro.docs.middleware.MiddlewareSamples.RecordingReporter;
import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/** "Hooks" of the Middleware page. */
@FastroTest
class RequestIdsTest {

	@Autowired
	FastroTestClient client;

	@Autowired
	RecordingReporter reporter;

	@BeforeEach
	void clear() {
		this.reporter.reported.clear();
	}

	@Test
	void theRequestHookSetsTheIdAndTheResponseHookEchoesIt() {
		assertThat(this.client.get("/hello").header("x-request-id", "abc-123").exchange()).hasStatus(200)
			.hasHeader("x-request-id", "abc-123")
			.doesNotHaveHeader("cache-control");
		assertThat(this.client.get("/hello").exchange().header("x-request-id")).hasSize(36);
	}

	@Test
	void theRequestHookSeesRequestsThatMatchNoRoute() {
		assertThat(this.client.get("/nowhere").header("x-request-id", "n-1").exchange()).hasStatus(404)
			.hasHeader("x-request-id", "n-1");
	}

	@Test
	void aRequestHookThatThrowsAnswersTheRequest() {
		TestResponse response = this.client.get("/hello").header("x-request-id", "a b").exchange();
		assertThat(response).isProblem(400, "Malformed x-request-id").doesNotHaveHeader("x-request-id");
	}

	@Test
	void theResponseHookSeesTheFinalStatus() {
		assertThat(this.client.get("/broken").header("x-request-id", "b-1").exchange()).hasStatus(500)
			.hasHeader("x-request-id", "b-1")
			.hasHeader("cache-control", "no-store");
	}

	@Test
	void theErrorHookSeesEveryExceptionAndReportsServerErrors() {
		this.client.get("/broken").header("x-request-id", "b-2").exchange();
		this.client.get("/nowhere").exchange();
		this.client.get("/unavailable").header("x-request-id", "u-1").exchange();
		assertThat(this.reporter.reported).containsExactly("b-2 /broken IllegalStateException",
				"u-1 /unavailable HttpException");
	}

}
