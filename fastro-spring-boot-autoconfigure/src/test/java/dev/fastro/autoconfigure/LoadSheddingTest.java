package dev.fastro.autoconfigure;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.http.Handler;
import dev.fastro.http.Routes;
import dev.fastro.test.RawHttp;
import dev.fastro.test.TestHttp;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.header;
import static dev.fastro.test.TestHttp.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Load shedding over real HTTP with {@code fastro.load-shedding.max-in-flight=2}:
 * handlers held until a test lets them answer fill the server, and the next request is
 * answered 503 at once, while Actuator's health is still answered; every place taken
 * comes back, however the request ended.
 */
class LoadSheddingTest {

	private static final int LIMIT = 2;

	/** A permit per request that reached a handler. */
	static final Semaphore entered = new Semaphore(0);

	/** What the held handlers answer, once a test completes it. */
	static volatile CompletableFuture<String> release = new CompletableFuture<>();

	static ConfigurableApplicationContext context;

	static int port;

	@BeforeAll
	static void start() {
		context = new SpringApplicationBuilder(SheddingApp.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.security.enabled=false",
					"fastro.load-shedding.max-in-flight=" + LIMIT, "fastro.load-shedding.retry-after=2500ms",
					"fastro.routes[GET /configured].max-in-flight=1", "management.endpoint.health.probes.enabled=true")
			.run();
		port = context.getEnvironment().getRequiredProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class);
	}

	@AfterAll
	static void stop() {
		context.close();
	}

	/** Lets every held handler answer, and waits for their places to come back. */
	@AfterEach
	void releaseAll() {
		release.complete("released");
		awaitNothingInFlight();
		release = new CompletableFuture<>();
		entered.drainPermits();
	}

	@Test
	@SuppressWarnings("unchecked")
	void theRequestPastTheLimitIsAnswered503AtOnceWhileTheOthersSucceed() throws Exception {
		double rejectedBefore = rejected("/slow", "in-flight-limit");
		List<CompletableFuture<HttpResponse<String>>> sent = send("/slow", LIMIT + 1);
		assertThat(entered.tryAcquire(LIMIT, 10, TimeUnit.SECONDS)).as("the requests reached the handler").isTrue();
		// Whichever came last is answered while the others are held.
		HttpResponse<String> shed = (HttpResponse<String>) CompletableFuture
			.anyOf(sent.toArray(CompletableFuture[]::new))
			.get(10, TimeUnit.SECONDS);
		List<CompletableFuture<HttpResponse<String>>> held = sent.stream()
			.filter((response) -> !response.isDone())
			.toList();
		assertThat(held).hasSize(LIMIT);
		assertThat(shed.statusCode()).isEqualTo(503);
		assertThat(header(shed, "retry-after")).isEqualTo("3");
		assertThat(header(shed, "content-type")).isEqualTo(TestHttp.PROBLEM_JSON);
		assertThat(shed.body()).contains("\"status\":503",
				"\"detail\":\"The server is at its limit of 2 requests in flight; retry in 3 seconds\"",
				"\"instance\":\"/slow\"");
		assertThat(rejected("/slow", "in-flight-limit") - rejectedBefore).isEqualTo(1);
		release.complete("answered");
		for (CompletableFuture<HttpResponse<String>> response : held) {
			assertThat(response.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
			assertThat(response.get().body()).isEqualTo("answered");
		}
		awaitNothingInFlight();
		HttpResponse<String> after = get(port, "/slow");
		assertThat(after.statusCode()).isEqualTo(200);
		assertThat(header(after, "retry-after")).isNull();
	}

	@Test
	void aRouteWithALimitOfItsOwnShedsPastIt() throws Exception {
		double rejectedBefore = rejected("/limited", "route-in-flight-limit");
		hold("/limited", 1);
		HttpResponse<String> shed = get(port, "/limited");
		assertThat(shed.statusCode()).isEqualTo(503);
		assertThat(header(shed, "retry-after")).isEqualTo("3");
		assertThat(shed.body())
			.contains("\"detail\":\"Route GET /limited is at its limit of 1 request in flight; retry in 3 seconds\"");
		assertThat(rejected("/limited", "route-in-flight-limit") - rejectedBefore).isEqualTo(1);
		// The server's limit has a place left, which the route's refusal gave back.
		hold("/slow", 1);
		assertThat(get(port, "/slow").statusCode()).isEqualTo(503);
	}

	@Test
	void eachRouteOfAGroupHasTheGroupsLimitToItself() throws Exception {
		hold("/group/a", 1);
		assertThat(get(port, "/group/a").statusCode()).isEqualTo(503);
		hold("/group/b", 1);
		assertThat(get(port, "/group/b").statusCode()).isEqualTo(503);
	}

	@Test
	void aRouteLimitSetInThePropertiesSheds() throws Exception {
		hold("/configured", 1);
		HttpResponse<String> shed = get(port, "/configured");
		assertThat(shed.statusCode()).isEqualTo(503);
		assertThat(shed.body()).contains("Route GET /configured is at its limit of 1 request in flight");
	}

	@Test
	void aRouteNeverShedIsAnsweredWhileTheServerIsFull() throws Exception {
		hold("/slow", LIMIT);
		assertThat(get(port, "/slow").statusCode()).isEqualTo(503);
		HttpResponse<String> probe = get(port, "/probe");
		assertThat(probe.statusCode()).isEqualTo(200);
		assertThat(probe.body()).isEqualTo("ok");
	}

	@Test
	void blockingHandlersCountAsTheyRunOrWaitForAThread() throws Exception {
		hold("/blocking", LIMIT);
		HttpResponse<String> shed = get(port, "/blocking");
		assertThat(shed.statusCode()).isEqualTo(503);
		assertThat(shed.body()).contains("\"instance\":\"/blocking\"");
		assertThat(get(port, "/slow").statusCode()).isEqualTo(503);
	}

	@Test
	void healthAndItsProbesAreAnsweredWhileTheServerIsFull() throws Exception {
		hold("/slow", LIMIT);
		assertThat(get(port, "/slow").statusCode()).isEqualTo(503);
		assertThat(get(port, "/actuator/health").statusCode()).isEqualTo(200);
		assertThat(get(port, "/actuator/health/liveness").statusCode()).isEqualTo(200);
		assertThat(get(port, "/actuator/health/readiness").statusCode()).isEqualTo(200);
	}

	@Test
	void aPlaceComesBackAfterTheHandlerThrows() throws Exception {
		for (int i = 0; i < LIMIT + 1; i++) {
			assertThat(get(port, "/fail").statusCode()).isEqualTo(500);
		}
		awaitNothingInFlight();
		hold("/slow", LIMIT);
		assertThat(get(port, "/slow").statusCode()).isEqualTo(503);
	}

	@Test
	void aPlaceComesBackAfterTheClientLeaves() throws Exception {
		for (int i = 0; i < LIMIT + 1; i++) {
			RawHttp connection = new RawHttp(port);
			connection.send(rawRequest("GET", "/hang"));
			assertThat(entered.tryAcquire(10, TimeUnit.SECONDS)).as("the request reached the handler").isTrue();
			assertThat(inFlight()).isOne();
			connection.reset();
			awaitNothingInFlight();
		}
		hold("/slow", LIMIT);
		assertThat(get(port, "/slow").statusCode()).isEqualTo(503);
	}

	@Test
	void anEventStreamGivesBackItsPlaceOnceItBegins() throws Exception {
		List<InputStream> streams = new ArrayList<>();
		try {
			for (int i = 0; i < LIMIT + 1; i++) {
				HttpResponse<InputStream> stream = TestHttp.CLIENT.send(
						request(port, "/events").header("accept", "text/event-stream").build(),
						BodyHandlers.ofInputStream());
				assertThat(stream.statusCode()).isEqualTo(200);
				streams.add(stream.body());
				BufferedReader events = new BufferedReader(
						new InputStreamReader(stream.body(), StandardCharsets.UTF_8));
				assertThat(events.readLine()).isEqualTo("data: first");
			}
			awaitNothingInFlight();
			hold("/slow", LIMIT);
		}
		finally {
			for (InputStream stream : streams) {
				stream.close();
			}
		}
	}

	/**
	 * Sends {@code count} requests to a held handler, and waits until each has reached
	 * it.
	 */
	private static List<CompletableFuture<HttpResponse<String>>> hold(String path, int count)
			throws InterruptedException {
		List<CompletableFuture<HttpResponse<String>>> held = send(path, count);
		assertThat(entered.tryAcquire(count, 10, TimeUnit.SECONDS)).as("the requests reached the handler").isTrue();
		return held;
	}

	/** Sends {@code count} requests at once, each on a connection of its own. */
	private static List<CompletableFuture<HttpResponse<String>>> send(String path, int count) {
		List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			sent.add(TestHttp.CLIENT.sendAsync(request(port, path).timeout(Duration.ofSeconds(30)).build(),
					BodyHandlers.ofString()));
		}
		return sent;
	}

	private static void awaitNothingInFlight() {
		await().atMost(Duration.ofSeconds(10)).until(() -> inFlight() == 0);
	}

	private static double inFlight() {
		return context.getBean(MeterRegistry.class).get("fastro.requests.in.flight").gauge().value();
	}

	private static double rejected(String uri, String reason) {
		Counter counter = context.getBean(MeterRegistry.class)
			.find("fastro.requests.rejected")
			.tags("uri", uri, "method", "GET", "reason", reason)
			.counter();
		return (counter != null) ? counter.count() : 0;
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class SheddingApp {

		@Bean
		Routes heldRoutes() {
			Handler held = (ctx) -> {
				entered.release();
				return Mono.fromFuture(release);
			};
			return Routes.builder()
				.get("/slow", held)
				.get("/limited", held)
				.with((options) -> options.maxInFlight(1))
				.get("/configured", held)
				.get("/probe", (ctx) -> "ok")
				.with((options) -> options.neverShed(true))
				.group("/group",
						(group) -> group.defaults((options) -> options.maxInFlight(1)).get("/a", held).get("/b", held))
				.get("/blocking", Handler.blocking((ctx) -> {
					entered.release();
					return release.get();
				}))
				.get("/hang", (ctx) -> {
					entered.release();
					return Mono.never();
				})
				.get("/fail", (ctx) -> {
					throw new IllegalStateException("failed on purpose");
				})
				.get("/events", (ctx) -> Flux.just("first").concatWith(Flux.never()))
				.build();
		}

	}

}
