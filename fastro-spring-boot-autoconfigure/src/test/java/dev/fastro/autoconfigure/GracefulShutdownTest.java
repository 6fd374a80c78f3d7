package dev.fastro.autoconfigure;

import java.net.ConnectException;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.http.Handler;
import dev.fastro.http.Routes;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.EventListener;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.request;
import static dev.fastro.test.TestHttp.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Closing the context lets in-flight requests finish, then refuses new connections. A
 * request that fails on the client is one the server never started; every one it started
 * is answered.
 */
class GracefulShutdownTest {

	static final CountDownLatch reached = new CountDownLatch(5);

	static final CountDownLatch heldReached = new CountDownLatch(1);

	static final CountDownLatch heldRelease = new CountDownLatch(1);

	/**
	 * Counted down by each {@code /work} request: the load is on once it reaches zero.
	 */
	static final CountDownLatch working = new CountDownLatch(100);

	/** Counted down when the application's readiness turns to refusing traffic. */
	static final CountDownLatch refusingTraffic = new CountDownLatch(1);

	/** Set just before the context is closed. */
	static volatile boolean closing;

	/** The ids of the {@code /work} requests that started before the close. */
	static final Set<String> startedBeforeClose = ConcurrentHashMap.newKeySet();

	@Test
	void inFlightRequestsFinishWhenTheContextCloses() throws Exception {
		ConfigurableApplicationContext context = start();
		int port = port(context);
		// The server is closed under these connections: the shared client's pool must not
		// keep them.
		HttpClient ownClient = TestHttp.newClient();
		List<CompletableFuture<HttpResponse<String>>> inFlight = IntStream.range(0, 5)
			.mapToObj(i -> CompletableFuture.supplyAsync(() -> send(ownClient, request(port, "/slow"))))
			.toList();
		assertThat(reached.await(5, TimeUnit.SECONDS)).as("all requests reached the handler").isTrue();

		context.close();

		for (CompletableFuture<HttpResponse<String>> request : inFlight) {
			HttpResponse<String> response = request.get(5, TimeUnit.SECONDS);
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body()).isEqualTo("finished");
		}
		assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(ConnectException.class);
	}

	@Test
	void theLastAnswerOnADrainingConnectionSaysTheConnectionCloses() throws Exception {
		ConfigurableApplicationContext context = start();
		int port = port(context);
		try (RawHttp raw = new RawHttp(port)) {
			raw.send(rawRequest("GET", "/held"));
			assertThat(heldReached.await(5, TimeUnit.SECONDS)).as("the request reached the handler").isTrue();
			CompletableFuture<Void> closing = CompletableFuture.runAsync(context::close);
			// The server drains once it refuses new connections.
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThatThrownBy(() -> new Socket("127.0.0.1", port).close())
					.isInstanceOf(ConnectException.class));
			heldRelease.countDown();
			RawResponse response = raw.read();
			assertThat(response.status()).isEqualTo(200);
			// Without it, a client could send its next request as the server closes.
			assertThat(response.header("connection")).isEqualTo("close");
			assertThat(raw.closedWithin(Duration.ofSeconds(10))).isTrue();
			closing.get(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void servesOnForTheShutdownDelayOnceReadinessRefusesTraffic() throws Exception {
		ConfigurableApplicationContext context = start("fastro.server.shutdown-delay=5s");
		int port = port(context);
		CompletableFuture<Void> closing = CompletableFuture.runAsync(context::close);
		assertThat(refusingTraffic.await(10, TimeUnit.SECONDS)).as("readiness refuses traffic").isTrue();
		// A balancer that has not noticed yet still sends requests, on new connections
		// too.
		HttpResponse<String> response = send(TestHttp.newClient(), request(port, "/work?id=delayed"));
		assertThat(response.body()).isEqualTo("done delayed");
		assertThat(closing).as("drained before the delay was over").isNotDone();
		closing.get(30, TimeUnit.SECONDS);
		assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(ConnectException.class);
	}

	@Test
	void everyRequestStartedUnderLoadIsAnsweredWhenTheContextCloses() throws Exception {
		ConfigurableApplicationContext context = start();
		int port = port(context);
		HttpClient ownClient = TestHttp.newClient();
		Set<String> answered = ConcurrentHashMap.newKeySet();
		AtomicInteger ids = new AtomicInteger();
		List<Thread> clients = IntStream.range(0, 8).mapToObj(i -> new Thread(() -> {
			while (true) {
				String id = String.valueOf(ids.incrementAndGet());
				try {
					HttpResponse<String> response = send(ownClient, request(port, "/work?id=" + id));
					if (response.statusCode() == 200 && response.body().equals("done " + id)) {
						answered.add(id);
					}
				}
				catch (IllegalStateException refusedOrClosed) {
					return;
				}
			}
		})).toList();
		clients.forEach(Thread::start);
		assertThat(working.await(10, TimeUnit.SECONDS)).as("requests started under load").isTrue();

		closing = true;
		context.close();

		for (Thread client : clients) {
			client.join(10_000);
		}
		// A request that reaches an idle keep-alive connection while it is being
		// closed may still start after close() began; HTTP clients retry those.
		// Every one started before must be answered.
		assertThat(startedBeforeClose).as("requests started before the close").hasSizeGreaterThanOrEqualTo(100);
		assertThat(answered).containsAll(startedBeforeClose);
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return new SpringApplicationBuilder(SlowApp.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.server.shutdown-timeout=10s")
			.properties(properties)
			.run();
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getEnvironment().getRequiredProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class);
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
			FastroServerAutoConfiguration.class })
	static class SlowApp {

		@EventListener
		void onReadiness(AvailabilityChangeEvent<?> event) {
			if (event.getState() == ReadinessState.REFUSING_TRAFFIC) {
				refusingTraffic.countDown();
			}
		}

		@Bean
		Routes slow() {
			return Routes.builder().get("/held", Handler.blocking(ctx -> {
				heldReached.countDown();
				heldRelease.await();
				return "released";
			})).get("/slow", ctx -> {
				reached.countDown();
				return Mono.delay(Duration.ofMillis(800)).thenReturn("finished");
			}).get("/work", ctx -> {
				if (!closing) {
					startedBeforeClose.add(ctx.query("id"));
				}
				working.countDown();
				return Mono.delay(Duration.ofMillis(20)).thenReturn("done " + ctx.query("id"));
			}).build();
		}

	}

}
