package dev.fastro.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawHttp2;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Conditional answers over real HTTP, on both HTTP/1.1 exchanges and over h2c: a
 * {@link Response} with validators answered 304 or 412 as the request's preconditions
 * say, and {@link Context#checkNotModified} answering before the handler computes
 * anything.
 */
class ConditionalAnswersTest {

	static final Instant MODIFIED = Instant.parse("2024-05-01T12:00:00.750Z");

	static final String MODIFIED_DATE = "Wed, 01 May 2024 12:00:00 GMT";

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(ConditionalRoutes.class);

	@ParameterizedTest
	@ValueSource(strings = { "fastro", "reactor-netty" })
	void getWhoseCopyIsCurrentIsAnswered304WithTheHeadersOfThe200AndNoBody(String exchange) {
		this.runner.withPropertyValues("fastro.server.http1-exchange=" + exchange).run((context) -> {
			try (RawHttp wire = new RawHttp(port(context))) {
				// The request after it is answered next: no byte of a body in between.
				wire.send(
						rawRequest("GET", "/article", "if-none-match: \"v1\", \"v3\"") + rawRequest("GET", "/article"));
				assertNotModified(wire.read());
				RawResponse whole = wire.read();
				assertThat(whole.status()).isEqualTo(200);
				assertThat(whole.bodyString()).isEqualTo("Hello");
			}
		});
	}

	@ParameterizedTest
	@ValueSource(strings = { "fastro", "reactor-netty" })
	void headWhoseCopyIsCurrentIsAnswered304Too(String exchange) {
		this.runner.withPropertyValues("fastro.server.http1-exchange=" + exchange).run((context) -> {
			try (RawHttp wire = new RawHttp(port(context))) {
				wire.send(rawRequest("HEAD", "/article", "if-modified-since: " + MODIFIED_DATE)
						+ rawRequest("GET", "/article"));
				assertNotModified(wire.readToHead());
				assertThat(wire.read().bodyString()).isEqualTo("Hello");
			}
		});
	}

	@Test
	void ifModifiedSinceComparesToTheSecond() {
		this.runner.run((context) -> {
			assertThat(get(context, "/article", "if-modified-since", MODIFIED_DATE).statusCode()).isEqualTo(304);
			assertThat(get(context, "/article", "if-modified-since", "Wed, 01 May 2024 11:59:59 GMT").statusCode())
				.isEqualTo(200);
		});
	}

	@Test
	void changedRepresentationIsAnsweredWhole() {
		this.runner.run((context) -> {
			HttpResponse<String> response = get(context, "/article", "if-none-match", "\"v2\"");
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body()).isEqualTo("Hello");
			assertThat(TestHttp.header(response, "etag")).isEqualTo("\"v3\"");
			assertThat(TestHttp.header(response, "last-modified")).isEqualTo(MODIFIED_DATE);
		});
	}

	@Test
	void weakTagMatchesIfNoneMatchButNeverIfMatch() {
		this.runner.run((context) -> {
			assertThat(get(context, "/weak", "if-none-match", "\"w1\"").statusCode()).isEqualTo(304);
			assertThat(get(context, "/weak", "if-none-match", "W/\"w1\"").statusCode()).isEqualTo(304);
			TestHttp.assertProblem(get(context, "/weak", "if-match", "W/\"w1\""), 412,
					"{\"type\":\"about:blank\",\"title\":\"Precondition Failed\",\"status\":412,"
							+ "\"detail\":\"If-Match W/\\\"w1\\\" does not match the current W/\\\"w1\\\"\","
							+ "\"instance\":\"/weak\"}");
			assertThat(get(context, "/article", "if-match", "\"v3\"").statusCode()).isEqualTo(200);
		});
	}

	@Test
	void getWhoseIfMatchFailsIs412WithoutTheHeadersOfThe200() {
		this.runner.run((context) -> {
			HttpResponse<String> response = get(context, "/article", "if-match", "\"v2\"");
			TestHttp.assertProblem(response, 412,
					"{\"type\":\"about:blank\",\"title\":\"Precondition Failed\",\"status\":412,"
							+ "\"detail\":\"If-Match \\\"v2\\\" does not match the current \\\"v3\\\"\","
							+ "\"instance\":\"/article\"}");
			assertThat(response.headers().map()).doesNotContainKeys("etag", "cache-control", "last-modified");
		});
	}

	@Test
	void putWhoseIfMatchFailsIs412AndChangesNothing() {
		this.runner.run((context) -> {
			ConditionalRoutes routes = context.getBean(ConditionalRoutes.class);
			TestHttp.assertProblem(put(context, "/document", "if-match", "\"v1\""), 412,
					"{\"type\":\"about:blank\",\"title\":\"Precondition Failed\",\"status\":412,"
							+ "\"detail\":\"If-Match \\\"v1\\\" does not match the current \\\"v2\\\"\","
							+ "\"instance\":\"/document\"}");
			TestHttp.assertProblem(put(context, "/document", "if-unmodified-since", "Wed, 01 May 2024 11:59:59 GMT"),
					412,
					"{\"type\":\"about:blank\",\"title\":\"Precondition Failed\",\"status\":412,"
							+ "\"detail\":\"If-Unmodified-Since Wed, 01 May 2024 11:59:59 GMT is before the last "
							+ "modification, at Wed, 01 May 2024 12:00:00 GMT\",\"instance\":\"/document\"}");
			assertThat(routes.version).hasValue(2);
			HttpResponse<String> changed = put(context, "/document", "if-match", "\"v2\"");
			assertThat(changed.statusCode()).isEqualTo(200);
			assertThat(TestHttp.header(changed, "etag")).isEqualTo("\"v3\"");
			assertThat(routes.version).hasValue(3);
		});
	}

	@Test
	void detailOf412QuotesNoLongField() {
		this.runner.run((context) -> {
			String sent = ("\"" + "x".repeat(60) + "\", ").repeat(40);
			HttpResponse<String> response = put(context, "/document", "if-match", sent.substring(0, sent.length() - 2));
			assertThat(response.statusCode()).isEqualTo(412);
			assertThat(TestHttp.json(response.body()).get("detail").asString())
				.isEqualTo("If-Match \"" + "x".repeat(39) + "... does not match the current \"v2\"");
		});
	}

	@Test
	void handlerThatChecksFirstDoesNotComputeItsBody() {
		this.runner.run((context) -> {
			ConditionalRoutes routes = context.getBean(ConditionalRoutes.class);
			HttpResponse<String> notModified = get(context, "/counted", "if-none-match", "\"c1\"");
			assertThat(notModified.statusCode()).isEqualTo(304);
			assertThat(TestHttp.header(notModified, "etag")).isEqualTo("\"c1\"");
			assertThat(TestHttp.header(notModified, "last-modified")).isEqualTo(MODIFIED_DATE);
			assertThat(TestHttp.header(notModified, "cache-control")).isEqualTo("max-age=60");
			assertThat(get(context, "/counted", "if-modified-since", MODIFIED_DATE).statusCode()).isEqualTo(304);
			assertThat(routes.computed).hasValue(0);
			HttpResponse<String> computed = get(context, "/counted", "if-none-match", "\"c0\"");
			assertThat(computed.body()).isEqualTo("computed 1");
			assertThat(routes.computed).hasValue(1);
		});
	}

	@Test
	void bodyOf304IsDroppedUnread() {
		this.runner.run((context) -> {
			ConditionalRoutes routes = context.getBean(ConditionalRoutes.class);
			assertThat(get(context, "/stream", "if-none-match", "\"s1\"").statusCode()).isEqualTo(304);
			assertThat(get(context, "/later", "if-none-match", "\"s1\"").statusCode()).isEqualTo(304);
			assertThat(routes.subscribed).isFalse();
			HttpResponse<String> notModified = get(context, "/input-stream", "if-none-match", "\"s1\"");
			assertThat(notModified.statusCode()).isEqualTo(304);
			assertThat(routes.streamClosed.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(TestHttp.header(notModified, "content-type")).isEqualTo("text/csv");
		});
	}

	@Test
	void answerOfAStageIsConditionalToo() {
		this.runner.run((context) -> {
			assertThat(get(context, "/later", "if-none-match", "\"s1\"").statusCode()).isEqualTo(304);
			assertThat(get(context, "/later").body()).isEqualTo("[\"later\"]");
		});
	}

	@Test
	void responseWithoutValidatorsIsNeverConditional() {
		this.runner.run((context) -> {
			HttpResponse<String> response = get(context, "/plain", "if-none-match", "*");
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body()).isEqualTo("plain");
			assertThat(get(context, "/plain", "if-match", "\"nothing\"").statusCode()).isEqualTo(200);
		});
	}

	@Test
	void changeIsNotCheckedAfterItsHandlerMadeIt() {
		this.runner.run((context) -> {
			// The handler's validators are those of the state it has made: the client's
			// If-Match was about the state before. A handler checks first, as
			// /document does.
			HttpResponse<String> response = TestHttp.call(port(context), "POST", "/article", "if-match", "\"v2\"");
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(TestHttp.header(response, "etag")).isEqualTo("\"v3\"");
		});
	}

	@Test
	void overHttp2PreconditionsAnswerAlike() {
		this.runner.withPropertyValues("fastro.server.http2.enabled=true").run((context) -> {
			try (RawHttp2 h2 = new RawHttp2(port(context))) {
				h2.headers(1, RawHttp2.request("GET", "/article").add("if-none-match", "\"v3\""), true);
				h2.headers(3, RawHttp2.request("HEAD", "/article").add("if-modified-since", MODIFIED_DATE), true);
				h2.headers(5, RawHttp2.request("PUT", "/document").add("if-match", "W/\"v2\""), true);
				h2.headers(7, RawHttp2.request("GET", "/counted").add("if-none-match", "\"c1\""), true);
				for (int stream : new int[] { 1, 3 }) {
					RawHttp2.Response notModified = h2.response(stream);
					assertThat(notModified.status()).isEqualTo(304);
					assertThat(notModified.body()).isEmpty();
					assertThat(notModified.header("etag")).isEqualTo("\"v3\"");
					assertThat(notModified.header("last-modified")).isEqualTo(MODIFIED_DATE);
					assertThat(notModified.header("cache-control")).isEqualTo("max-age=60");
					assertThat(notModified.header("content-length")).isNull();
				}
				RawHttp2.Response failed = h2.response(5);
				assertThat(failed.status()).isEqualTo(412);
				assertThat(failed.header("content-type")).isEqualTo("application/problem+json");
				assertThat(failed.body()).contains("If-Match W/\\\"v2\\\" does not match the current \\\"v2\\\"");
				assertThat(h2.response(7).status()).isEqualTo(304);
				assertThat(context.getBean(ConditionalRoutes.class).computed).hasValue(0);
			}
		});
	}

	/**
	 * A 304 with the headers RFC 9110, 15.4.5 asks for, as the 200 has them, and none
	 * that frames or types a body.
	 */
	private static void assertNotModified(RawResponse response) {
		assertThat(response.status()).isEqualTo(304);
		assertThat(response.header("etag")).isEqualTo("\"v3\"");
		assertThat(response.header("last-modified")).isEqualTo(MODIFIED_DATE);
		assertThat(response.header("cache-control")).isEqualTo("max-age=60");
		assertThat(response.header("vary")).isEqualTo("accept-language");
		assertThat(response.header("content-location")).isEqualTo("/article.en");
		assertThat(response.header("expires")).isEqualTo("Thu, 01 Jan 2099 00:00:00 GMT");
		assertThat(response.header("date")).isNotNull();
		assertThat(response.headerNames()).doesNotContain("content-length", "transfer-encoding", "content-type");
		assertThat(response.body()).isEmpty();
	}

	private static HttpResponse<String> get(ConfigurableApplicationContext context, String path, String... headers) {
		return TestHttp.call(port(context), "GET", path, headers);
	}

	private static HttpResponse<String> put(ConfigurableApplicationContext context, String path, String... headers) {
		return TestHttp.call(port(context), "PUT", path, headers);
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	@Configuration(proxyBeanMethods = false)
	static class ConditionalRoutes {

		final AtomicInteger version = new AtomicInteger(2);

		final AtomicInteger computed = new AtomicInteger();

		final AtomicBoolean subscribed = new AtomicBoolean();

		final CountDownLatch streamClosed = new CountDownLatch(1);

		@Bean
		Routes conditionalRoutes() {
			return Routes.builder()
				.get("/article", (ctx) -> article())
				.post("/article", (ctx) -> article())
				.get("/weak", (ctx) -> Response.ok("weak").etag("W/\"w1\""))
				.get("/plain", (ctx) -> "plain")
				.put("/document", (ctx) -> {
					String current = "v" + this.version.get();
					return ctx.checkNotModified(current, MODIFIED)
						.orElseGet(() -> Response.ok("changed").etag("v" + this.version.incrementAndGet()));
				})
				.get("/counted",
						(ctx) -> ctx.checkNotModified("\"c1\"", MODIFIED)
							.map((notModified) -> notModified.header("cache-control", "max-age=60"))
							.orElseGet(() -> Response.ok("computed " + this.computed.incrementAndGet())
								.etag("\"c1\"")
								.header("cache-control", "max-age=60")))
				.get("/stream",
						(ctx) -> Response
							.ok(Flux.just("item").doOnSubscribe((subscription) -> this.subscribed.set(true)))
							.etag("s1"))
				.get("/later",
						(ctx) -> Mono.fromSupplier(() -> Response
							.ok(Flux.just("later").doOnSubscribe((subscription) -> this.subscribed.set(true)))
							.etag("s1")))
				.get("/input-stream", (ctx) -> Response.ok(closing()).contentType("text/csv").etag("s1"))
				.build();
		}

		/** A stream that counts {@link #streamClosed} down when it is closed. */
		private InputStream closing() {
			return new ByteArrayInputStream("a,b\n".getBytes(StandardCharsets.UTF_8)) {

				@Override
				public void close() throws IOException {
					ConditionalRoutes.this.streamClosed.countDown();
					super.close();
				}

			};
		}

		private static Response article() {
			return Response.ok("Hello")
				.etag("v3")
				.lastModified(MODIFIED)
				.header("cache-control", "max-age=60")
				.header("vary", "accept-language")
				.header("content-location", "/article.en")
				.header("expires", "Thu, 01 Jan 2099 00:00:00 GMT");
		}

	}

}
