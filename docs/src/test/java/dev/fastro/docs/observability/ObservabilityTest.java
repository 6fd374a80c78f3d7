package dev.fastro.docs.observability;

import java.time.Duration;

import dev.fastro.test.client.FastroTestClient;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The samples of "Metrics, tracing and Actuator": the convention's extra key on the
 * request timer, in process.
 */
@SpringBootTest(properties = { "fastro.server.port=0", "management.endpoints.web.exposure.include=health,metrics" })
class ObservabilityTest {

	@Autowired
	ApplicationContext context;

	@Autowired
	MeterRegistry meters;

	FastroTestClient client;

	@BeforeEach
	void bind() {
		this.client = FastroTestClient.bindTo(this.context);
	}

	@Test
	void theConventionAddsATenantKeyOfBoundedValues() {
		assertThat(this.client.get("/orders/7").header("x-tenant", "acme").exchange()).hasStatus(200)
			.hasBody("order 7");
		assertThat(this.client.get("/orders/8").header("x-tenant", "made-up-by-a-client").exchange()).hasStatus(200);
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			assertThat(timerCount("acme")).isEqualTo(1);
			assertThat(timerCount("other")).isEqualTo(1);
		});
		assertThat(this.meters.find("http.server.requests").tag("tenant", "made-up-by-a-client").meters()).isEmpty();
	}

	private long timerCount(String tenant) {
		var timer = this.meters.find("http.server.requests")
			.tags("uri", "/orders/{id}", "method", "GET", "status", "200", "tenant", tenant)
			.timer();
		return (timer != null) ? timer.count() : 0;
	}

}
