package dev.fastro.http;

import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.TestCertificates;
import dev.fastro.test.TestCertificates.Identity;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.codec.ServerSentEvent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

/**
 * Server-sent events over real HTTP, read as a browser's {@code EventSource} reads them:
 * line by line as they arrive, each event as the HTML standard parses it. Over each
 * transport an event reaches the client while its stream waits for the next.
 */
@ExtendWith(OutputCaptureExtension.class)
class ServerSentEventsTest {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final String EVENT_STREAM = "text/event-stream";

	@TempDir
	static Path keys;

	static Identity server;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, JacksonAutoConfiguration.class,
				FastroAutoConfiguration.class, FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0", "fastro.sse.heartbeat-interval=0")
		.withUserConfiguration(EventRoutes.class);

	@BeforeAll
	static void createKeys() {
		server = TestCertificates.create(keys, "server");
	}

	@Test
	void writesEachFieldAndDataOfSeveralLinesAsSeveralDataLines() {
		this.runner.run(context -> {
			HttpResponse<String> response = TestHttp.get(port(context), "/fields");
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(TestHttp.header(response, "content-type")).isEqualTo(EVENT_STREAM);
			assertThat(TestHttp.header(response, "cache-control")).isEqualTo("no-cache");
			assertThat(TestHttp.header(response, "content-length")).isNull();
			assertThat(response.body()).isEqualTo("""
					id: 1
					event: greeting
					retry: 3000
					: first
					: of two
					data: one line

					data: two
					data: lines
					data: and
					data: more

					event: json
					data: {"x":1,"y":2}

					data:  leading space

					id:
					data:

					: only a comment

					data: trailing
					data:

					""");
			try (EventReader reader = new EventReader(TestHttp.CLIENT, request(context, "/fields"))) {
				assertThat(reader.next()).isEqualTo(new Received("1", "greeting", "one line", "3000"));
				assertThat(reader.next().data()).isEqualTo("two\nlines\nand\nmore");
				assertThat(reader.next()).isEqualTo(new Received(null, "json", "{\"x\":1,\"y\":2}", null));
				assertThat(reader.next().data()).isEqualTo(" leading space");
				assertThat(reader.next()).isEqualTo(new Received("", null, "", null));
				assertThat(reader.next().data()).isNull();
				assertThat(reader.next().data()).isEqualTo("trailing\n");
				assertThat(reader.end()).isEqualTo(End.CLEAN);
			}
		});
	}

	@Test
	void sendsAnyStreamAsEventsToAClientThatAsksForThem() {
		this.runner.run(context -> {
			HttpResponse<String> events = TestHttp.get(port(context), "/plain", "accept", EVENT_STREAM);
			assertThat(TestHttp.header(events, "content-type")).isEqualTo(EVENT_STREAM);
			assertThat(events.body()).isEqualTo("data: text\n\ndata: {\"x\":1,\"y\":2}\n\n");
			HttpResponse<String> json = TestHttp.get(port(context), "/plain", "accept", "*/*");
			assertThat(TestHttp.header(json, "content-type")).isEqualTo(TestHttp.APPLICATION_JSON);
			assertThat(json.body()).isEqualTo("[\"text\",{\"x\":1,\"y\":2}]");
			HttpResponse<String> declared = TestHttp.get(port(context), "/declared");
			assertThat(TestHttp.header(declared, "content-type")).isEqualTo(EVENT_STREAM);
			assertThat(declared.body()).isEqualTo("data: declared\n\n");
		});
	}

	@Test
	void flushesEachEventAsItIsProducedOnFastrosExchange() {
		this.runner
			.run(context -> assertFlushesEachEvent(context, TestHttp.newClient(), "http", HttpClient.Version.HTTP_1_1));
	}

	@Test
	void flushesEachEventAsItIsProducedOverTlsOnReactorNettysExchange() {
		this.runner.withPropertyValues("fastro.server.http1-exchange=reactor-netty")
			.withPropertyValues(server.keyStoreBundle("server"))
			.run(context -> assertFlushesEachEvent(context, tlsClient(HttpClient.Version.HTTP_1_1), "https",
					HttpClient.Version.HTTP_1_1));
	}

	@Test
	void flushesEachEventAsItIsProducedOverH2c() {
		this.runner.withPropertyValues("fastro.server.http2.enabled=true")
			.run(context -> assertFlushesEachEvent(context, TestHttp.newHttp2Client(), "http",
					HttpClient.Version.HTTP_2));
	}

	@Test
	void flushesEachEventAsItIsProducedOverH2() {
		this.runner.withPropertyValues("fastro.server.http2.enabled=true")
			.withPropertyValues(server.keyStoreBundle("server"))
			.run(context -> assertFlushesEachEvent(context, tlsClient(HttpClient.Version.HTTP_2), "https",
					HttpClient.Version.HTTP_2));
	}

	@Test
	void neverCompressesEventsOnEitherExchange() {
		String[] compressingText = { "fastro.server.compression.enabled=true",
				"fastro.server.compression.mime-types=text/*", "fastro.server.compression.min-response-size=0" };
		this.runner.withPropertyValues(compressingText)
			.run(context -> assertFlushesEachEvent(context, TestHttp.newClient(), "http", HttpClient.Version.HTTP_1_1,
					"accept-encoding", "gzip"));
		this.runner.withPropertyValues(compressingText)
			.withPropertyValues("fastro.server.http1-exchange=reactor-netty")
			.run(context -> assertFlushesEachEvent(context, TestHttp.newClient(), "http", HttpClient.Version.HTTP_1_1,
					"accept-encoding", "gzip"));
	}

	/**
	 * Reads the first event while the stream waits for the test to let it send the
	 * second: an event held back by a buffer or a compressor never arrives.
	 */
	private static void assertFlushesEachEvent(ConfigurableApplicationContext context, HttpClient client, String scheme,
			HttpClient.Version version, String... headers) throws Exception {
		EventRoutes routes = context.getBean(EventRoutes.class);
		HttpRequest.Builder request = HttpRequest
			.newBuilder(URI.create(scheme + "://localhost:" + port(context) + "/held?key=" + scheme + version));
		if (headers.length > 0) {
			request.headers(headers);
		}
		try (EventReader reader = new EventReader(client, request)) {
			assertThat(reader.response.version()).isEqualTo(version);
			assertThat(reader.response.headers().firstValue("content-type")).hasValue(EVENT_STREAM);
			assertThat(reader.response.headers().firstValue("content-encoding")).isEmpty();
			assertThat(reader.response.headers().firstValue("content-length")).isEmpty();
			assertThat(reader.next().data()).isEqualTo("first");
			routes.held(scheme + version).complete("second");
			assertThat(reader.next().data()).isEqualTo("second");
			assertThat(reader.end()).isEqualTo(End.CLEAN);
		}
	}

	@Test
	void sendsHeartbeatCommentsWhileTheStreamIsIdle() {
		this.runner.withPropertyValues("fastro.sse.heartbeat-interval=20ms").run(context -> {
			try (EventReader reader = new EventReader(TestHttp.CLIENT, request(context, "/idle"))) {
				assertThat(reader.nextLines()).containsExactly("data: before the silence");
				assertThat(reader.nextLines()).containsExactly(":");
				assertThat(reader.nextLines()).containsExactly(":");
			}
		});
	}

	@Test
	void handsTheLastEventIdToTheHandlerOfAReconnection() {
		this.runner.run(context -> {
			try (EventReader reader = new EventReader(TestHttp.CLIENT,
					request(context, "/resume").header("last-event-id", "41"))) {
				assertThat(reader.next()).isEqualTo(new Received("42", null, "after 41", null));
				assertThat(reader.next()).isEqualTo(new Received("43", null, "after 42", null));
				assertThat(reader.end()).isEqualTo(End.CLEAN);
			}
		});
	}

	/**
	 * A client that closes its HTTP/1.1 connection sends a FIN, which may be a half-close
	 * after which it still reads (see ConnectionCloser): the server learns that it left
	 * when it writes to it, so the next event or heartbeat ends the stream.
	 */
	@Test
	void cancelsTheStreamWhenTheClientLeaves() {
		this.runner.withPropertyValues("fastro.sse.heartbeat-interval=20ms")
			.run(context -> assertCancelledWhenTheClientLeaves(context, TestHttp.newClient()));
		this.runner
			.withPropertyValues("fastro.sse.heartbeat-interval=20ms", "fastro.server.http1-exchange=reactor-netty")
			.run(context -> assertCancelledWhenTheClientLeaves(context, TestHttp.newClient()));
	}

	@Test
	void cancelsTheStreamWhenTheClientResetsItsHttp2Stream() {
		this.runner.withPropertyValues("fastro.server.http2.enabled=true")
			.run(context -> assertCancelledWhenTheClientLeaves(context, TestHttp.newHttp2Client()));
	}

	private static void assertCancelledWhenTheClientLeaves(ConfigurableApplicationContext context, HttpClient client)
			throws Exception {
		EventRoutes routes = context.getBean(EventRoutes.class);
		try (EventReader reader = new EventReader(client, request(context, "/endless"))) {
			assertThat(reader.next().data()).isEqualTo("first");
			assertThat(routes.cancelled).hasValue(0);
		}
		await().atMost(WAIT).untilAsserted(() -> assertThat(routes.cancelled).hasValue(1));
	}

	@Test
	void answersAStreamThatFailsBeforeItsFirstEventWithAProblem() {
		this.runner.run(context -> {
			for (String accept : List.of(EVENT_STREAM, "*/*")) {
				HttpResponse<String> response = TestHttp.get(port(context), "/fails-at-once", "accept", accept);
				assertThat(response.statusCode()).as(accept).isEqualTo(503);
				assertThat(TestHttp.header(response, "content-type")).isEqualTo(TestHttp.PROBLEM_JSON);
				assertThat(TestHttp.json(response.body()).get("detail").asString()).isEqualTo("No events today");
			}
			for (String path : List.of("/unwritable", "/negative-retry")) {
				HttpResponse<String> unwritable = TestHttp.get(port(context), path);
				assertThat(unwritable.statusCode()).as(path).isEqualTo(500);
				assertThat(TestHttp.header(unwritable, "content-type")).isEqualTo(TestHttp.PROBLEM_JSON);
			}
		});
	}

	@Test
	void cutsAStreamThatFailsAfterItsFirstEventShort(CapturedOutput output) {
		this.runner.run(context -> {
			try (EventReader reader = new EventReader(TestHttp.CLIENT, request(context, "/fails-later"))) {
				assertThat(reader.next().data()).isEqualTo("first");
				assertThat(reader.end()).isEqualTo(End.CUT_SHORT);
			}
			assertThat(output).contains("The stream answering GET /fails-later failed after it began")
				.contains("broken feed");
		});
	}

	@Test
	void endsOpenStreamsCleanlyWhenTheServerShutsDown() {
		this.runner.withPropertyValues("fastro.server.shutdown-timeout=60s")
			.run(context -> assertEndsCleanlyAtShutdown(context, TestHttp.newClient()));
	}

	@Test
	void endsOpenHttp2StreamsCleanlyWhenTheServerShutsDown() {
		this.runner.withPropertyValues("fastro.server.shutdown-timeout=60s", "fastro.server.http2.enabled=true")
			.run(context -> assertEndsCleanlyAtShutdown(context, TestHttp.newHttp2Client()));
	}

	/**
	 * An endless stream ends with the server, well within a grace period so long that a
	 * drain that waited it out would fail the test, and ends cleanly: the connection is
	 * not cut under it.
	 */
	private static void assertEndsCleanlyAtShutdown(ConfigurableApplicationContext context, HttpClient client)
			throws Exception {
		try (EventReader reader = new EventReader(client, request(context, "/endless"))) {
			assertThat(reader.next().data()).isEqualTo("first");
			CompletableFuture<Void> closing = CompletableFuture.runAsync(context::close);
			assertThat(reader.end()).isEqualTo(End.CLEAN);
			closing.get(WAIT.toSeconds(), TimeUnit.SECONDS);
		}
	}

	private static HttpClient tlsClient(HttpClient.Version version) {
		return HttpClient.newBuilder()
			.version(version)
			.sslContext(TestCertificates.clientContext(null, server))
			.build();
	}

	private static HttpRequest.Builder request(ConfigurableApplicationContext context, String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(context) + path));
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	/** How an event stream ended for its client. */
	enum End {

		/** With the end of its body. */
		CLEAN,

		/** With its body incomplete. */
		CUT_SHORT

	}

	/**
	 * An event as the HTML standard's parser reads it: its id, type, data (its data lines
	 * joined with line feeds) and reconnection time, each {@code null} when it had no
	 * such field.
	 */
	record Received(String id, String event, String data, String retry) {

		static Received parse(List<String> lines) {
			Map<String, String> fields = new ConcurrentHashMap<>();
			for (String line : lines) {
				if (line.startsWith(":")) {
					continue;
				}
				int colon = line.indexOf(':');
				String name = (colon < 0) ? line : line.substring(0, colon);
				String value = (colon < 0) ? "" : line.substring(colon + 1);
				value = value.startsWith(" ") ? value.substring(1) : value;
				fields.merge(name, value, (data, more) -> data + "\n" + more);
			}
			return new Received(fields.get("id"), fields.get("event"), fields.get("data"), fields.get("retry"));
		}

	}

	/**
	 * Reads an event stream with the JDK's client, line by line as it arrives, on a
	 * thread of its own so that the test waits for each event with a time limit. Closed,
	 * it lets go of the response, as a client that leaves.
	 */
	static final class EventReader implements AutoCloseable {

		final HttpResponse<Stream<String>> response;

		private final BlockingQueue<Object> lines = new LinkedBlockingQueue<>();

		EventReader(HttpClient client, HttpRequest.Builder request) throws Exception {
			this.response = client.send(request.timeout(WAIT).build(), BodyHandlers.ofLines());
			Thread reader = new Thread(() -> {
				try {
					this.response.body().forEach(this.lines::add);
					this.lines.add(End.CLEAN);
				}
				catch (UncheckedIOException ex) {
					this.lines.add(End.CUT_SHORT);
				}
			}, "event-reader");
			reader.setDaemon(true);
			reader.start();
		}

		/** The next event, parsed. */
		Received next() throws InterruptedException {
			return Received.parse(nextLines());
		}

		/**
		 * The lines of the next event, or heartbeat, without the blank line that ends it.
		 */
		List<String> nextLines() throws InterruptedException {
			List<String> event = new ArrayList<>();
			while (true) {
				Object line = this.lines.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
				if (line == null || line instanceof End) {
					fail("No complete event within " + WAIT + " but " + event + " and " + line);
				}
				if (line.equals("")) {
					return event;
				}
				event.add((String) line);
			}
		}

		/** How the stream ended, once it has ended after the events read. */
		End end() throws InterruptedException {
			Object line = this.lines.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
			assertThat(line).as("the end of the stream").isInstanceOf(End.class);
			return (End) line;
		}

		@Override
		public void close() {
			this.response.body().close();
		}

	}

	record Point(int x, int y) {
	}

	/** Data that JSON cannot be written of. */
	static class Unwritable {

		public String getValue() {
			throw new IllegalStateException("No JSON for this");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class EventRoutes {

		private final Map<String, CompletableFuture<String>> held = new ConcurrentHashMap<>();

		final AtomicInteger cancelled = new AtomicInteger();

		/** The data of the second event of {@code /held?key=key}, when completed. */
		CompletableFuture<String> held(String key) {
			return this.held.computeIfAbsent(key, (name) -> new CompletableFuture<>());
		}

		@Bean
		Routes eventRoutes() {
			return Routes.builder()
				.get("/fields",
						ctx -> Flux.just(
								ServerSentEvent.builder("one line")
									.id("1")
									.event("greeting")
									.retry(Duration.ofSeconds(3))
									.comment("first\nof two")
									.build(),
								ServerSentEvent.builder("two\nlines\r\nand\rmore").build(),
								ServerSentEvent.builder(new Point(1, 2)).event("json").build(),
								ServerSentEvent.builder(" leading space").build(),
								ServerSentEvent.builder("").id("").build(),
								ServerSentEvent.builder().comment("only a comment").build(),
								ServerSentEvent.builder("trailing\n").build()))
				.get("/plain", ctx -> Flux.just("text", new Point(1, 2)))
				.get("/declared", ctx -> {
					ctx.contentType(EVENT_STREAM);
					return Flux.just("declared");
				})
				.get("/held",
						ctx -> Flux.concat(Mono.just(ServerSentEvent.builder("first").build()),
								Mono.fromFuture(held(ctx.query("key")))
									.map(data -> ServerSentEvent.builder(data).build())))
				.get("/idle",
						ctx -> Flux.just(ServerSentEvent.builder("before the silence").build())
							.concatWith(Flux.never()))
				.get("/resume", ctx -> {
					String lastEventId = ctx.header("last-event-id");
					long after = (lastEventId != null) ? Long.parseLong(lastEventId) : 0;
					return Flux.range(1, 2)
						.map(i -> ServerSentEvent.builder("after " + (after + i - 1))
							.id(Long.toString(after + i))
							.build());
				})
				.get("/endless",
						ctx -> Flux.just(ServerSentEvent.builder("first").build())
							.concatWith(Flux.never())
							.doOnCancel(this.cancelled::incrementAndGet))
				.get("/fails-at-once", ctx -> Flux.error(new HttpException(503, "No events today")))
				.get("/fails-later",
						ctx -> Flux.just(ServerSentEvent.builder("first").build())
							.concatWith(Flux.error(new IllegalStateException("broken feed"))))
				.get("/unwritable", ctx -> Flux.just(ServerSentEvent.builder(new Unwritable()).build()))
				.get("/negative-retry",
						ctx -> Flux.just(ServerSentEvent.builder("soon").retry(Duration.ofSeconds(-1)).build()))
				.build();
		}

	}

}
