package dev.fastro.test.client;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.http.AttributeKey;
import dev.fastro.http.Handler;
import dev.fastro.http.HttpException;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import dev.fastro.http.Upload;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.codec.ServerSentEvent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The in-process client over routes alone, without Spring: requests as built reach the
 * handlers, answers come back whole, and the assertions fail when they should.
 */
class FastroTestClientTest {

	record Item(String sku, int quantity) {
	}

	private static final Instant MODIFIED = Instant.parse("2024-05-01T12:00:00Z");

	private static final AttributeKey<String> TENANT = AttributeKey.of("tenant", String.class);

	private static final TestRequest.Customizer ACME = (ctx, application) -> ctx.set(TENANT, "acme");

	private final AtomicInteger computed = new AtomicInteger();

	private final FastroTestClient client = FastroTestClient.bindTo(Routes.builder()
		.get("/", ctx -> "Hello world!")
		.get("/items/{sku}", ctx -> new Item(ctx.param("sku"), (int) ctx.queryLong("quantity")))
		.post("/items", ctx -> Response.created("/items/1", ctx.body(Item.class)))
		.post("/echo", ctx -> ctx.bodyBytes())
		.post("/count", Handler.streaming(ctx -> ctx.bodyStream().map(ByteBuf::readableBytes).collectList()))
		.post("/small", Handler.streaming(10, ctx -> ctx.bodyStream().count()))
		.post("/form", ctx -> ctx.formParam("name") + " " + ctx.formParam("city"))
		.post("/upload", ctx -> {
			Upload photo = ctx.upload("photo");
			return ctx.formParam("title") + "; " + photo.name() + " " + photo.filename() + " " + photo.contentType()
					+ " " + photo.size();
		})
		.get("/whoami",
				ctx -> ctx.header("x-user") + " " + ctx.cookie("session") + " " + ctx.cookie("theme") + " " + ctx.host()
						+ " " + ctx.port() + " " + ctx.remoteAddress().getAddress().isLoopbackAddress())
		.get("/search", ctx -> ctx.queries("q"))
		.get("/tenant", ctx -> String.valueOf(ctx.get(TENANT)))
		.get("/café/{dish}", ctx -> ctx.param("dish") + " " + ctx.query("with"))
		.get("/later", ctx -> Mono.delay(Duration.ofMillis(1)).map(tick -> "later"))
		.get("/blocking", Handler.blocking(ctx -> "blocked"))
		.get("/stream", ctx -> Flux.just(new Item("a", 1), new Item("b", 2)))
		.get("/events", ctx -> Flux.just(ServerSentEvent.builder(new Item("a", 1)).id("1").build()))
		.get("/download", ctx -> new ByteArrayInputStream("a,b\n1,2\n".getBytes(StandardCharsets.UTF_8)))
		.get("/cookie", ctx -> ctx.cookie("seen", "yes").status(202))
		.get("/teapot", ctx -> {
			throw new HttpException(418, "I am one");
		})
		.get("/broken", ctx -> {
			throw new IllegalStateException("internal detail");
		})
		.get("/versioned", ctx -> Response.ok("version 2").etag("v2").lastModified(MODIFIED))
		.put("/versioned",
				ctx -> ctx.checkNotModified("v2")
					.orElseGet(() -> Response.ok("changed " + this.computed.incrementAndGet()).etag("v3")))
		.get("/checked",
				ctx -> ctx.checkNotModified(MODIFIED)
					.orElseGet(() -> Response.ok("computed " + this.computed.incrementAndGet()).lastModified(MODIFIED)))
		.build());

	@Test
	void answersTextWithItsLengthAndType() {
		assertThat(this.client.get("/").exchange()).hasStatus(200)
			.hasContentType("text/plain; charset=utf-8")
			.hasHeader("content-length", "12")
			.doesNotHaveHeader("transfer-encoding")
			.hasBody("Hello world!");
	}

	@Test
	void streamsABodyToAStreamingRouteInChunks() {
		assertThat(this.client.post("/count").body(new byte[20_000], "application/octet-stream").exchange())
			.hasStatus(200)
			.hasBody("[8192,8192,3616]");
		assertThat(this.client.post("/small").body(new byte[11], "application/octet-stream").exchange()).hasStatus(413);
	}

	@Test
	void answersHeadWithoutABody() {
		assertThat(this.client.head("/").exchange()).hasStatus(200).hasHeader("content-length", "12").hasEmptyBody();
	}

	@Test
	void readsJsonAsTreeAndAsType() {
		TestResponse response = this.client.get("/items/a%2Fb").query("quantity", "3").exchange();
		assertThat(response).hasStatus(200)
			.hasContentType("application/json")
			.hasJsonBody("{ \"quantity\": 3, \"sku\": \"a/b\" }");
		assertThat(response.body(Item.class)).isEqualTo(new Item("a/b", 3));
		assertThat(response).bodyAs(Item.class).isEqualTo(new Item("a/b", 3));
	}

	@Test
	void sendsObjectsAsJson() {
		TestResponse response = this.client.post("/items").json(new Item("x", 2)).exchange();
		assertThat(response).hasStatus(201)
			.hasHeader("location", "/items/1")
			.hasJsonBody("{\"sku\":\"x\",\"quantity\":2}");
	}

	@Test
	void sendsJsonTextAsItIs() {
		assertThat(this.client.post("/items").json("{\"sku\":\"y\",\"quantity\":1}").exchange()).hasStatus(201)
			.bodyAs(Item.class)
			.isEqualTo(new Item("y", 1));
	}

	@Test
	void sendsBytesAndForms() {
		assertThat(this.client.post("/echo")
			.body(new byte[] { 1, 2, 3 }, "application/octet-stream")
			.exchange()
			.bodyBytes()).containsExactly(1, 2, 3);
		assertThat(this.client.post("/form").formField("name", "Ada L").formField("city", "a&b").exchange())
			.hasBody("Ada L a&b");
	}

	@Test
	void sendsFilesAsAMultipartFormWithItsFields() {
		byte[] content = { 0, '\r', '\n', '-', '-', (byte) 0xFF };
		assertThat(this.client.post("/upload")
			.formField("title", "Grüße")
			.file("photo", "a \"b\".png", "image/png", content)
			.exchange()).hasStatus(200).hasBody("Grüße; photo a %22b%22.png image/png 6");
		assertThat(this.client.post("/upload")
			.file("photo", "x.bin", "application/octet-stream", content)
			.exchange()
			.bodyString()).isEqualTo("null; photo x.bin application/octet-stream 6");
	}

	@Test
	void sendsHeadersAndCookies() {
		assertThat(this.client.get("/whoami")
			.header("x-user", "ada")
			.header("host", "example.com:8443")
			.cookie("session", "s1")
			.cookie("theme", "dark")
			.exchange()).hasBody("ada s1 dark example.com 8443 true");
	}

	@Test
	void encodesQueryParameters() {
		assertThat(this.client.get("/search?q=first")
			.query("q", "a b&c")
			.exchange()
			.body(new TypeReference<List<String>>() {
			})).containsExactly("first", "a b&c");
	}

	@Test
	void sendsATargetWrittenInUnicodeEncodedAsBrowsersDo() {
		assertThat(this.client.get("/café/crêpe?with=crème").exchange()).hasStatus(200).hasBody("crêpe crème");
		assertThat(this.client.get("/caf%C3%A9/cr%C3%AApe?with=cr%C3%A8me").exchange()).hasStatus(200)
			.hasBody("crêpe crème");
	}

	@Test
	void waitsForAsynchronousAndBlockingAnswers() {
		assertThat(this.client.get("/later").exchange()).hasStatus(200).hasBody("later");
		assertThat(this.client.get("/blocking").exchange()).hasStatus(200).hasBody("blocked");
	}

	@Test
	void collectsAStreamedAnswer() {
		assertThat(this.client.get("/stream").exchange()).hasStatus(200)
			.hasHeader("transfer-encoding", "chunked")
			.doesNotHaveHeader("content-length")
			.hasBody("[{\"sku\":\"a\",\"quantity\":1},{\"sku\":\"b\",\"quantity\":2}]");
		assertThat(this.client.get("/stream").header("accept", "application/x-ndjson").exchange())
			.hasBody("{\"sku\":\"a\",\"quantity\":1}\n{\"sku\":\"b\",\"quantity\":2}\n");
	}

	@Test
	void collectsServerSentEventsThroughRoutesAlone() {
		assertThat(this.client.get("/events").exchange()).hasStatus(200)
			.hasContentType("text/event-stream")
			.hasBody("id: 1\ndata: {\"sku\":\"a\",\"quantity\":1}\n\n");
		assertThat(this.client.get("/stream").header("accept", "text/event-stream").exchange())
			.hasContentType("text/event-stream")
			.hasBody("data: {\"sku\":\"a\",\"quantity\":1}\n\ndata: {\"sku\":\"b\",\"quantity\":2}\n\n");
	}

	@Test
	void collectsAnInputStreamsBytes() {
		assertThat(this.client.get("/download").exchange()).hasStatus(200)
			.hasContentType("application/octet-stream")
			.hasHeader("transfer-encoding", "chunked")
			.hasBody("a,b\n1,2\n");
	}

	@Test
	void readsCookiesTheAnswerSets() {
		TestResponse response = this.client.get("/cookie").exchange();
		assertThat(response).hasStatus(202);
		assertThat(response.cookie("seen")).isEqualTo("yes");
		assertThat(response.cookie("other")).isNull();
	}

	@Test
	void readsProblems() {
		TestResponse response = this.client.get("/teapot").exchange();
		assertThat(response).isProblem(418, "I am one");
		assertThat(response.problem().instance()).isEqualTo("/teapot");
		assertThat(this.client.get("/broken").exchange()).isProblem(500, null);
		assertThat(this.client.get("/nope").exchange()).isProblem(404, "No route for GET /nope");
		assertThat(this.client.delete("/").exchange()).hasStatus(405).hasHeader("allow", "GET, HEAD, OPTIONS");
		assertThat(this.client.options("/").exchange()).hasStatus(204).doesNotHaveHeader("content-length");
	}

	@Test
	void failedAssertionsSayWhatWasAnswered() {
		TestResponse response = this.client.get("/").exchange();
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> assertThat(response).hasStatus(201))
			.withMessageContaining("Expected status 201 but was 200")
			.withMessageContaining("Hello world!");
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(response).hasHeader("content-type", "text/html"));
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> assertThat(response).hasBody("Hello"));
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(response).doesNotHaveHeader("content-length"));
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(this.client.get("/items/a?quantity=1").exchange())
				.hasJsonBody("{\"sku\":\"b\",\"quantity\":1}"));
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(this.client.get("/teapot").exchange()).isProblem(418, "other"));
	}

	@Test
	void answersAReadWhoseCopyIsCurrentNotModified() {
		for (TestRequest request : List.of(this.client.get("/versioned"), this.client.head("/versioned"))) {
			assertThat(request.header("if-none-match", "W/\"v2\"").exchange()).hasStatus(304)
				.hasHeader("etag", "\"v2\"")
				.hasHeader("last-modified", "Wed, 01 May 2024 12:00:00 GMT")
				.doesNotHaveHeader("content-length")
				.doesNotHaveHeader("content-type")
				.hasEmptyBody();
		}
		assertThat(this.client.get("/versioned").header("if-none-match", "\"v1\"").exchange()).hasStatus(200)
			.hasBody("version 2");
	}

	@Test
	void refusesAChangeWhosePreconditionFails() {
		assertThat(this.client.put("/versioned").header("if-match", "W/\"v2\"").exchange()).isProblem(412,
				"If-Match W/\"v2\" does not match the current \"v2\"");
		assertThat(this.client.get("/versioned").header("if-match", "\"v1\"").exchange()).isProblem(412,
				"If-Match \"v1\" does not match the current \"v2\"");
		assertThat(this.computed).hasValue(0);
		assertThat(this.client.put("/versioned").header("if-match", "\"v2\"").exchange()).hasStatus(200)
			.hasHeader("etag", "\"v3\"")
			.hasBody("changed 1");
	}

	@Test
	void handlerThatChecksFirstDoesNotComputeItsBody() {
		assertThat(this.client.get("/checked").header("if-modified-since", "Wed, 01 May 2024 12:00:00 GMT").exchange())
			.hasStatus(304)
			.hasHeader("last-modified", "Wed, 01 May 2024 12:00:00 GMT")
			.hasEmptyBody();
		assertThat(this.computed).hasValue(0);
		assertThat(this.client.get("/checked").header("if-modified-since", "Wed, 01 May 2024 11:59:59 GMT").exchange())
			.hasBody("computed 1");
	}

	@Test
	void keepsHeadersInTheOrderWritten() {
		List<Map.Entry<String, String>> headers = this.client.get("/").exchange().headers();
		assertThat(headers).extracting(Map.Entry::getKey).containsExactly("content-type", "content-length");
	}

	@Test
	void preparesRequestsWithTheirCustomizers() {
		assertThat(this.client.get("/tenant").with(ACME).exchange()).hasBody("acme");
		FastroTestClient forAcme = this.client.with(ACME);
		assertThat(forAcme.get("/tenant").exchange()).hasBody("acme");
		assertThat(forAcme.get("/tenant").with((ctx, application) -> ctx.set(TENANT, "initech")).exchange())
			.hasBody("initech");
		assertThat(this.client.get("/tenant").exchange()).hasBody("null");
	}

	@Test
	void refusesCustomizersOverHttp() {
		FastroTestClient overHttp = FastroTestClient.bindToServer(1, JsonMapper.builder().build());
		assertThatIllegalStateException().isThrownBy(() -> overHttp.get("/tenant").with(ACME))
			.withMessageStartingWith("Send a real token");
		assertThatIllegalStateException().isThrownBy(() -> overHttp.with(ACME))
			.withMessageStartingWith("Send a real token");
	}

}
