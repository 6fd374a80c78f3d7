package dev.fastro.autoconfigure;

import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.http.Handler;
import dev.fastro.http.Routes;
import dev.fastro.test.TestHttp;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.scheduler.Scheduler;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A blocking handler whose request waited for a thread past its request timeout is never
 * started, even on a blocking scheduler that runs a task it queued after its answer was
 * given up, as one made from a plain executor does; the places of requests that timed out
 * come back.
 */
class RequestDeadlineTest {

	static final CountDownLatch holding = new CountDownLatch(1);

	static final CountDownLatch release = new CountDownLatch(1);

	static final List<String> ran = new CopyOnWriteArrayList<>();

	@Test
	void aHandlerQueuedPastItsDeadlineNeverRuns() throws Exception {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(DeadlineApp.class)
			.web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.security.enabled=false", "fastro.server.request-timeout=300ms",
					"fastro.load-shedding.max-in-flight=10")
			.run()) {
			int port = context.getEnvironment().getRequiredProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			CompletableFuture<HttpResponse<String>> held = TestHttp.CLIENT.sendAsync(request(port, "/held").build(),
					BodyHandlers.ofString());
			assertThat(holding.await(10, TimeUnit.SECONDS)).as("the first request holds the only thread").isTrue();
			HttpResponse<String> queued = get(port, "/queued");
			assertThat(queued.statusCode()).isEqualTo(503);
			assertThat(queued.body()).contains("No answer within the request timeout of 300 ms");
			assertThat(held.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(503);
			release.countDown();
			// One thread runs the tasks in turn: once this one has run, the queued one
			// has
			// had its turn.
			assertThat(get(port, "/after").body()).isEqualTo("after");
			assertThat(ran).containsExactly("held", "after");
			assertThat(meters.get("fastro.requests.rejected")
				.tags("uri", "/queued", "method", "GET", "reason", "deadline")
				.counter()
				.count()).isEqualTo(1);
			await().atMost(Duration.ofSeconds(10))
				.until(() -> meters.get("fastro.requests.in.flight").gauge().value() == 0);
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class DeadlineApp {

		@Bean
		Routes deadlineRoutes() {
			return Routes.builder().blocking().get("/held", (ctx) -> {
				holding.countDown();
				release.await();
				ran.add("held");
				return "held";
			}).get("/queued", (ctx) -> {
				ran.add("queued");
				return "queued";
			}).get("/after", (ctx) -> {
				ran.add("after");
				return "after";
			}).build();
		}

		@Bean(name = FastroAutoConfiguration.BLOCKING_SCHEDULER, destroyMethod = "dispose")
		Scheduler oneThread() {
			return new OneThread();
		}

	}

	/**
	 * One thread, whose tasks run in turn, even those cancelled while they waited: it
	 * cannot take a task back, nor interrupt one.
	 */
	static final class OneThread implements Scheduler {

		private final ExecutorService executor = Executors.newSingleThreadExecutor();

		@Override
		public Disposable schedule(Runnable task) {
			this.executor.execute(task);
			return () -> {
			};
		}

		@Override
		public Worker createWorker() {
			return new Worker() {

				@Override
				public Disposable schedule(Runnable task) {
					return OneThread.this.schedule(task);
				}

				@Override
				public void dispose() {
				}

			};
		}

		@Override
		public void dispose() {
			this.executor.shutdownNow();
		}

	}

}
