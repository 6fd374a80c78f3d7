package dev.fastro.observation;

import java.time.Duration;

import dev.fastro.http.Handler;
import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static dev.fastro.test.TestHttp.get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With {@code fastro.metrics.route-cost.enabled}, each request's CPU time and allocated
 * bytes are recorded per route with the keys of {@code http.server.requests}, the work a
 * blocking handler does on the blocking scheduler's thread included.
 */
class RouteCostTest {

	private static final int REQUESTS = 3;

	/** What the expensive route allocates, on the event loop. */
	private static final int EXPENSIVE_ALLOCATION = 8 * 1024 * 1024;

	/** What the blocking route allocates, on the blocking scheduler's thread only. */
	private static final int BLOCKING_ALLOCATION = 4 * 1024 * 1024;

	private static ConfigurableApplicationContext context;

	private static MeterRegistry meters;

	@BeforeAll
	static void start() {
		context = new SpringApplicationBuilder(CostedApp.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.security.enabled=false",
					"fastro.metrics.route-cost.enabled=true")
			.run();
		meters = context.getBean(MeterRegistry.class);
		int port = context.getBean(FastroServer.class).port();
		for (int i = 0; i < REQUESTS; i++) {
			for (String path : new String[] { "/cheap", "/expensive", "/blocking" }) {
				assertThat(get(port, path).statusCode()).isEqualTo(200);
			}
		}
		// A request's cost is recorded once its answer has been sent and its observation
		// has stopped.
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			for (String uri : new String[] { "/cheap", "/expensive", "/blocking" }) {
				assertThat(cpu(uri).count()).isEqualTo(REQUESTS);
				assertThat(allocated(uri).count()).isEqualTo(REQUESTS);
			}
		});
	}

	@AfterAll
	static void stop() {
		context.close();
	}

	@Test
	void recordsEachRequestWithTheUriAndMethodOfItsTimer() {
		for (String uri : new String[] { "/cheap", "/expensive", "/blocking" }) {
			Timer timer = meters.get("http.server.requests").tags("uri", uri, "method", "GET").timer();
			assertThat(timer.count()).isEqualTo(REQUESTS);
			assertThat(cpu(uri).count()).isEqualTo(timer.count());
			assertThat(allocated(uri).count()).isEqualTo(timer.count());
			assertThat(cpu(uri).getId().getTags()).isEqualTo(allocated(uri).getId().getTags())
				.extracting((tag) -> tag.getKey())
				.containsExactly("method", "uri");
		}
		assertThat(cpu("/cheap").getId().getBaseUnit()).isEqualTo("seconds");
		assertThat(allocated("/cheap").getId().getBaseUnit()).isEqualTo("bytes");
	}

	@Test
	void anExpensiveRouteCostsWhatItsHandlerSpends() {
		assertThat(allocated("/expensive").max()).isGreaterThan(EXPENSIVE_ALLOCATION);
		assertThat(allocated("/expensive").totalAmount()).isGreaterThan(REQUESTS * (double) EXPENSIVE_ALLOCATION);
		assertThat(allocated("/cheap").max()).isLessThan(EXPENSIVE_ALLOCATION);
		assertThat(cpu("/expensive").totalAmount()).isGreaterThan(cpu("/cheap").totalAmount());
	}

	@Test
	void countsWhatABlockingHandlerSpendsOnItsThread() {
		assertThat(allocated("/blocking").max()).isGreaterThan(BLOCKING_ALLOCATION);
		assertThat(allocated("/blocking").totalAmount()).isGreaterThan(REQUESTS * (double) BLOCKING_ALLOCATION);
	}

	private static DistributionSummary cpu(String uri) {
		return meters.get("http.server.requests.cpu").tags("uri", uri, "method", "GET").summary();
	}

	private static DistributionSummary allocated(String uri) {
		return meters.get("http.server.requests.allocated").tags("uri", uri, "method", "GET").summary();
	}

	/** Burns CPU for a number of rounds of work, whatever time that takes. */
	static long work(int rounds) {
		long hash = 17;
		for (int i = 0; i < rounds; i++) {
			hash = hash * 31 + (hash >>> 7) + i;
		}
		return hash;
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class CostedApp {

		@Bean
		Routes costedRoutes() {
			return Routes.builder().get("/cheap", (ctx) -> "cheap").get("/expensive", (ctx) -> {
				byte[] allocated = new byte[EXPENSIVE_ALLOCATION];
				return "expensive " + allocated.length + " " + work(50_000_000);
			}).get("/blocking", Handler.blocking((ctx) -> {
				byte[] allocated = new byte[BLOCKING_ALLOCATION];
				return "blocking " + allocated.length;
			})).build();
		}

	}

}
