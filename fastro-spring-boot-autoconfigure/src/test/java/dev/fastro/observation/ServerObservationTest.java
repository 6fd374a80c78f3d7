package dev.fastro.observation;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.fastro.server.internal.FastroServer;
import dev.fastro.http.Handler;
import dev.fastro.http.Routes;
import dev.fastro.test.RawHttp;
import io.micrometer.core.instrument.LongTaskTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.call;
import static dev.fastro.test.TestHttp.get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With Actuator's metrics, the Prometheus registry and the OpenTelemetry tracing bridge,
 * as an application has them in production: every request is one
 * {@code http.server.requests} observation with Spring WebFlux's keys, lasting until its
 * answer is written or its client goes away, continues the client's trace, and puts the
 * trace in the MDC of its handler, whichever thread that handler runs on.
 */
class ServerObservationTest {

	private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

	private static final String PARENT_SPAN_ID = "00f067aa0ba902b7";

	private static final String TRACEPARENT = "00-" + TRACE_ID + "-" + PARENT_SPAN_ID + "-01";

	private static ConfigurableApplicationContext context;

	private static int port;

	@BeforeAll
	static void start() {
		context = new SpringApplicationBuilder(ObservedApp.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.security.enabled=false",
					"management.tracing.sampling.probability=1.0", "spring.reactor.context-propagation=auto")
			.run();
		port = context.getBean(FastroServer.class).port();
	}

	@AfterAll
	static void stop() {
		context.close();
		// Spring Boot turned it on for the whole JVM; the other tests run without it.
		Hooks.disableAutomaticContextPropagation();
	}

	@Test
	void recordsRequestsByRoutePatternWithSpringsKeys() {
		assertThat(get(port, "/user/1").statusCode()).isEqualTo(200);
		assertThat(get(port, "/user/2").statusCode()).isEqualTo(200);
		assertThat(get(port, "/nope").statusCode()).isEqualTo(404);
		assertThat(get(port, "/fail").statusCode()).isEqualTo(500);
		MeterRegistry meters = context.getBean(MeterRegistry.class);
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(timer(meters, "/user/{id}", "200")).isNotNull()
				.extracting(Timer::count)
				.isEqualTo(2L));
		String scrape = context.getBean(PrometheusMeterRegistry.class).scrape();
		assertThat(scrape).contains("http_server_requests_seconds_count{error=\"none\",exception=\"none\","
				+ "method=\"GET\",outcome=\"SUCCESS\",status=\"200\",uri=\"/user/{id}\"} 2");
		assertThat(scrape).contains("http_server_requests_seconds_count{error=\"HttpException\","
				+ "exception=\"HttpException\",method=\"GET\",outcome=\"CLIENT_ERROR\",status=\"404\",uri=\"NOT_FOUND\"} 1");
		assertThat(scrape).contains("http_server_requests_seconds_count{error=\"IllegalStateException\","
				+ "exception=\"IllegalStateException\",method=\"GET\",outcome=\"SERVER_ERROR\",status=\"500\","
				+ "uri=\"/fail\"} 1");
		assertThat(scrape).doesNotContain("uri=\"/user/1\"").doesNotContain("uri=\"/nope\"");
	}

	@Test
	void continuesTheClientsTraceAndPutsItInTheHandlersMdc() {
		assertThat(get(port, "/mdc", "traceparent", TRACEPARENT).body()).isEqualTo(TRACE_ID);
		assertThat(get(port, "/mdc/blocking", "traceparent", TRACEPARENT).body()).isEqualTo(TRACE_ID);
		assertThat(get(port, "/mdc/mono", "traceparent", TRACEPARENT).body()).isEqualTo(TRACE_ID);
		InMemorySpanExporter spans = context.getBean(InMemorySpanExporter.class);
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(spans.getFinishedSpanItems()).filteredOn(this::isMdcRoute)
				.hasSize(3)
				.allSatisfy(span -> {
					assertThat(span.getTraceId()).isEqualTo(TRACE_ID);
					assertThat(span.getParentSpanId()).isEqualTo(PARENT_SPAN_ID);
				}));
		assertThat(spans.getFinishedSpanItems()).extracting(SpanData::getName)
			.contains("http get /mdc", "http get /mdc/blocking", "http get /mdc/mono");
	}

	@Test
	void namesEachSpanByItsMethodAndRoutePattern() {
		String traceId = "0af7651916cd43dd8448eb211c80319c";
		String traceparent = "00-" + traceId + "-" + PARENT_SPAN_ID + "-01";
		assertThat(get(port, "/user/7", "traceparent", traceparent).statusCode()).isEqualTo(200);
		assertThat(get(port, "/user/8", "traceparent", traceparent).statusCode()).isEqualTo(200);
		assertThat(get(port, "/nope", "traceparent", traceparent).statusCode()).isEqualTo(404);
		assertThat(call(port, "PROPFIND", "/user/9", "traceparent", traceparent).statusCode()).isEqualTo(405);
		InMemorySpanExporter spans = context.getBean(InMemorySpanExporter.class);
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(spans.getFinishedSpanItems())
				.filteredOn(span -> span.getTraceId().equals(traceId))
				.extracting(SpanData::getName)
				.containsExactlyInAnyOrder("http get /user/{id}", "http get /user/{id}", "http get", "http propfind"));
	}

	private boolean isMdcRoute(SpanData span) {
		return span.getName().startsWith("http get /mdc");
	}

	@Test
	void recordsAClientThatWentAwayAsUnknown() throws Exception {
		Slow slow = context.getBean(Slow.class);
		try (RawHttp wire = new RawHttp(port)) {
			wire.send(rawRequest("GET", "/slow"));
			assertThat(slow.subscribed.await(10, TimeUnit.SECONDS)).isTrue();
			wire.reset();
		}
		assertThat(slow.cancelled.await(10, TimeUnit.SECONDS)).isTrue();
		MeterRegistry meters = context.getBean(MeterRegistry.class);
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(meters.find("http.server.requests")
				.tags("uri", "/slow", "outcome", "UNKNOWN", "status", "UNKNOWN", "exception", "none")
				.timer()).isNotNull());
	}

	@Test
	void timesAStreamedAnswerUntilTheStreamEnds() throws Exception {
		Stream stream = context.getBean(Stream.class);
		MeterRegistry meters = context.getBean(MeterRegistry.class);
		try (RawHttp wire = new RawHttp(port)) {
			// The head and the first item have left; the stream is still open, and a
			// long task until it ends.
			assertThat(wire.send(rawRequest("GET", "/stream")).readToHead().status()).isEqualTo(200);
			assertThat(timer(meters, "/stream", "200")).isNull();
			await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(activeTasks(meters)).isOne());
			stream.end.complete("last");
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(timer(meters, "/stream", "200")).isNotNull()
					.extracting(Timer::count)
					.isEqualTo(1L));
			await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(activeTasks(meters)).isZero());
		}
	}

	@Test
	void endsTheObservationOfAnEventStreamWhenItsClientGoesAway() throws Exception {
		Events events = context.getBean(Events.class);
		MeterRegistry meters = context.getBean(MeterRegistry.class);
		try (RawHttp wire = new RawHttp(port)) {
			assertThat(wire.send(rawRequest("GET", "/events", "accept: text/event-stream")).readToHead().status())
				.isEqualTo(200);
			await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(activeTasks(meters)).isOne());
			wire.reset();
		}
		assertThat(events.cancelled.await(10, TimeUnit.SECONDS)).isTrue();
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(meters.find("http.server.requests")
				.tags("uri", "/events", "outcome", "UNKNOWN", "status", "200")
				.timer()).isNotNull());
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(activeTasks(meters)).isZero());
	}

	private static Timer timer(MeterRegistry meters, String uri, String status) {
		return meters.find("http.server.requests").tags("uri", uri, "status", status).timer();
	}

	private static int activeTasks(MeterRegistry meters) {
		return meters.find("http.server.requests.active")
			.longTaskTimers()
			.stream()
			.mapToInt(LongTaskTimer::activeTasks)
			.sum();
	}

	/** A handler that never answers, and says when it is waited for and given up on. */
	static class Slow {

		final CountDownLatch subscribed = new CountDownLatch(1);

		final CountDownLatch cancelled = new CountDownLatch(1);

		Mono<String> answer() {
			return Mono.<String>never()
				.doOnSubscribe(subscription -> this.subscribed.countDown())
				.doOnCancel(this.cancelled::countDown);
		}

	}

	/** A stream whose last item comes when the test says. */
	static class Stream {

		final CompletableFuture<String> end = new CompletableFuture<>();

		Flux<String> items() {
			return Flux.just("first").concatWith(Mono.fromCompletionStage(this.end));
		}

	}

	/** An event stream without an end, which says when it is given up on. */
	static class Events {

		final CountDownLatch cancelled = new CountDownLatch(1);

		Flux<String> stream() {
			return Flux.just("first").concatWith(Flux.never()).doOnCancel(this.cancelled::countDown);
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class ObservedApp {

		@Bean
		InMemorySpanExporter spanExporter() {
			return InMemorySpanExporter.create();
		}

		@Bean
		Slow slow() {
			return new Slow();
		}

		@Bean
		Stream stream() {
			return new Stream();
		}

		@Bean
		Events events() {
			return new Events();
		}

		@Bean
		Routes observedRoutes(Slow slow, Stream stream, Events events) {
			return Routes.builder().get("/user/{id}", ctx -> "User " + ctx.param("id")).get("/fail", ctx -> {
				throw new IllegalStateException("failed on purpose");
			})
				.get("/slow", ctx -> slow.answer())
				.get("/stream", ctx -> stream.items())
				.get("/events", ctx -> events.stream())
				.get("/mdc", ctx -> traceIdInMdc())
				.get("/mdc/blocking", Handler.blocking(ctx -> traceIdInMdc()))
				.get("/mdc/mono",
						ctx -> Mono.just("on another thread")
							.publishOn(Schedulers.parallel())
							.map(value -> traceIdInMdc()))
				.build();
		}

		private static String traceIdInMdc() {
			return String.valueOf(MDC.get("traceId"));
		}

	}

}
