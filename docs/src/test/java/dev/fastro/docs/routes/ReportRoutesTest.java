package dev.fastro.docs.routes;

import dev.fastro.docs.routes.RouteSamples.RecordingReports;
import dev.fastro.test.autoconfigure.AutoConfigureFastroTestClient;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Blocking routes" of the Routes page: a blocking group and a blocking route run on
 * Fastro's blocking threads, other routes on the event loop.
 */
@SpringBootTest(properties = "fastro.server.port=0")
@AutoConfigureFastroTestClient
class ReportRoutesTest {

	@Autowired
	FastroTestClient client;

	@Autowired
	RecordingReports reports;

	@Test
	void aBlockingGroupsRoutesRunOnTheBlockingThreads() {
		assertThat(this.client.get("/reports/2024").exchange()).hasJsonBody("{\"year\":2024}");
		assertThat(this.reports.threads.get("forYear")).startsWith("fastro-blocking-");
		assertThat(this.reports.threads.get("middleware")).isEqualTo(this.reports.threads.get("forYear"));
		assertThat(this.client.get("/reports/24").exchange()).hasStatus(404);
	}

	@Test
	void aBlockingRouteRunsOnTheBlockingThreads() {
		assertThat(this.client.get("/export").exchange()).hasStatus(200)
			.hasContentType("application/octet-stream")
			.hasBody("year,total");
		assertThat(this.reports.threads.get("export")).startsWith("fastro-blocking-");
	}

	@Test
	void otherRoutesRunOnTheEventLoop() {
		assertThat(this.client.get("/ping").exchange()).hasBody("pong");
	}

}
