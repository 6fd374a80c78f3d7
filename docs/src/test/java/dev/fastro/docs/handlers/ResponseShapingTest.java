package dev.fastro.docs.handlers;

import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestResponse;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** "Shaping the response" of the Handlers page. */
class ResponseShapingTest {

	private final FastroTestClient client = FastroTestClient.bindTo(ResponseShaping.routes());

	@Test
	void statusAndHeaders() {
		assertThat(this.client.post("/jobs").exchange()).hasStatus(202)
			.hasHeader("location", "/jobs/17")
			.hasHeader("cache-control", "no-store")
			.hasHeader("link", "</jobs>; rel=\"collection\"")
			.hasJsonBody("{\"id\":\"17\",\"state\":\"queued\"}");
	}

	@Test
	void cookies() {
		TestResponse response = this.client.post("/sessions").exchange();
		assertThat(response.cookie("theme")).isEqualTo("dark");
		assertThat(response.headers("set-cookie")).contains("theme=dark")
			.anySatisfy((cookie) -> assertThat(cookie).startsWith("session=8f14e45f; Max-Age=3600; Expires=")
				.endsWith("; Path=/; Secure; HTTPOnly; SameSite=Lax"));
	}

	@Test
	void aResponseCarriesStatusHeadersAndBody() {
		assertThat(this.client.get("/reports/2023").exchange()).hasStatus(301)
			.hasHeader("location", "/reports/2024")
			.hasEmptyBody();
		assertThat(this.client.get("/reports/2025").exchange()).hasStatus(202)
			.hasHeader("retry-after", "60")
			.hasJsonBody("{\"state\":\"running\"}");
		assertThat(this.client.get("/reports/2024").exchange()).hasStatus(200)
			.hasContentType("text/csv")
			.hasBody("year,total\n2024,42\n");
	}

}
