package dev.fastro.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPOutputStream;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.core.type.TypeReference;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.post;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The request pipeline over real HTTP: global middleware order, hooks, exception
 * handlers, result kinds, request data and blocking routes.
 */
@SpringBootTest(classes = PipelineTest.App.class,
		properties = { "fastro.server.port=0", "fastro.security.enabled=false", "fastro.server.max-parameters=3" })
@ExtendWith(OutputCaptureExtension.class)
class PipelineTest {

	static final AttributeKey<String> GREETING = AttributeKey.of("greeting", String.class);

	/** The names of the {@link ClosingStream}s that have been closed. */
	static final Set<String> closedStreams = ConcurrentHashMap.newKeySet();

	@LocalFastroPort
	int port;

	@Autowired
	List<Throwable> errorsSeen;

	@BeforeEach
	void forgetErrors() {
		this.errorsSeen.clear();
	}

	@Test
	void globalMiddlewareRunsInOrderAroundGroupAndRouteMiddleware() {
		HttpResponse<String> response = get(this.port, "/greet");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo("Hello from the route middleware");
		assertThat(response.headers().allValues("x-trace")).containsExactly("outer", "inner");
	}

	@Test
	void globalMiddlewareAndHooksSeeRequestsThatMatchNoRoute() {
		HttpResponse<String> response = get(this.port, "/nowhere");
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat(response.headers().allValues("x-trace")).containsExactly("outer", "inner");
		assertThat(response.headers().firstValue("x-request-hook")).hasValue("GET /nowhere");
		assertThat(response.headers().firstValue("x-response-hook")).hasValue("404");
		assertThat(this.errorsSeen).singleElement().isInstanceOf(HttpException.class);
	}

	@Test
	void responseHookSeesTheFinalStatus() {
		assertThat(get(this.port, "/created").headers().firstValue("x-response-hook")).hasValue("202");
	}

	@Test
	void exceptionHandlerForTheClosestSuperclassAnswers() {
		HttpResponse<String> conflict = get(this.port, "/fail/state");
		assertThat(conflict.statusCode()).isEqualTo(409);
		assertThat(conflict.headers().firstValue("content-type")).hasValue("application/problem+json");
		assertThat(conflict.body()).isEqualTo(
				"{\"type\":\"about:blank\",\"title\":\"Conflict\",\"status\":409,\"detail\":\"state\",\"instance\":\"/fail/state\"}");
		HttpResponse<String> unsupported = get(this.port, "/fail/unsupported");
		assertThat(unsupported.statusCode()).isEqualTo(503);
		assertThat(unsupported.body()).isEqualTo("runtime handler: unsupported");
		assertThat(this.errorsSeen).hasSize(2);
	}

	@Test
	void unhandledExceptionIsA500ThatHidesInternalsAndIsLoggedOnce(CapturedOutput output) {
		HttpResponse<String> response = get(this.port, "/fail/io");
		assertThat(response.statusCode()).isEqualTo(500);
		assertThat(response.body()).isEqualTo(
				"{\"type\":\"about:blank\",\"title\":\"Internal Server Error\",\"status\":500,\"instance\":\"/fail/io\"}");
		assertThat(output.getOut().split("Unhandled exception for GET /fail/io", -1)).hasSize(2);
		assertThat(output.getOut()).contains("java.io.IOException: disk on fire");
	}

	@Test
	void responseHeaderThatWouldSplitTheResponseIsAnsweredAsTheApplicationsError() throws IOException {
		// The value comes from the query, as a redirect's location often does: a CR LF in
		// it must never reach the wire, and the client must still get an answer. This
		// application's handler for RuntimeException answers it with a 503.
		for (String path : List.of("/echo-header", "/echo-header-later", "/echo-header-in-context")) {
			try (RawHttp raw = new RawHttp(this.port)) {
				RawResponse response = raw.send(rawRequest("GET", path + "?value=a%0d%0aset-cookie:%20x=1")).read();
				assertThat(response.status()).as(path).isEqualTo(503);
				assertThat(response.bodyString()).isEqualTo("runtime handler: Validation failed for header 'x-echo'");
				assertThat(response.headerNames()).doesNotContain("set-cookie", "x-echo");
				assertThat(raw.send(rawRequest("GET", path + "?value=fine")).read().headerValues("x-echo"))
					.containsExactly("fine");
			}
		}
	}

	@Test
	void streamThatFailsBeforeItsFirstItemIsAnsweredAsTheHandlersError() {
		HttpResponse<String> failed = get(this.port, "/stream/fail-first");
		assertThat(failed.statusCode()).isEqualTo(409);
		assertThat(failed.body()).isEqualTo(
				"{\"type\":\"about:blank\",\"title\":\"Conflict\",\"status\":409,\"detail\":\"no items\",\"instance\":\"/stream/fail-first\"}");
		assertThat(failed.headers().firstValue("x-response-hook")).hasValue("409");
		HttpResponse<String> unwritable = get(this.port, "/stream/unwritable-first");
		assertThat(unwritable.statusCode()).isEqualTo(503);
		assertThat(unwritable.body()).startsWith("runtime handler: ");
		assertThat(this.errorsSeen).hasSize(2);
	}

	@Test
	void streamedErrorAnswerThatFailsIsA500(CapturedOutput output) {
		HttpResponse<String> response = get(this.port, "/stream/error-answer-fails");
		assertThat(response.statusCode()).isEqualTo(500);
		assertThat(response.body()).isEqualTo(
				"{\"type\":\"about:blank\",\"title\":\"Internal Server Error\",\"status\":500,\"instance\":\"/stream/error-answer-fails\"}");
		assertThat(output.getOut()).contains("Could not write the error answer for GET /stream/error-answer-fails");
	}

	@Test
	void streamThatFailsAfterItsFirstItemIsCutAndLogged(CapturedOutput output) throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawHttp.Received received = raw.send(rawRequest("GET", "/stream/fail-later"))
				.readUntilClose(Duration.ofSeconds(30));
			assertThat(received.ended()).isTrue();
			assertThat(received.text()).startsWith("HTTP/1.1 200 OK\r\n")
				.contains("[\"first\"")
				.doesNotContain("\r\n0\r\n\r\n");
		}
		assertThat(output.getOut())
			.contains("The stream answering GET /stream/fail-later failed after it began; its response is cut short")
			.contains("java.lang.IllegalStateException: late");
	}

	@Test
	void informationalStatusIsAnsweredAsTheApplicationsError() throws IOException {
		// Sent as an answer, a 1xx would leave the client waiting for the final status
		// and then reading the next request's answer as this one's.
		for (String path : List.of("/status/101", "/status/100/in-context")) {
			try (RawHttp raw = new RawHttp(this.port)) {
				RawResponse response = raw.send(rawRequest("GET", path)).read();
				assertThat(response.status()).as(path).isEqualTo(503);
				assertThat(response.bodyString())
					.startsWith("runtime handler: An answer's HTTP status must be between 200 and 599, not 10")
					.endsWith(" (the server sends informational statuses itself)");
				assertThat(raw.send(rawRequest("GET", "/status/299")).read().status()).isEqualTo(299);
			}
		}
	}

	@Test
	void framingHeadersAreTheServersWhateverTheHandlerSets() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse whole = raw.send(rawRequest("GET", "/framing/whole")).read();
			assertThat(whole.headerValues("transfer-encoding")).isEmpty();
			assertThat(whole.headerValues("content-length")).containsExactly("2");
			assertThat(whole.bodyString()).isEqualTo("ok");
			RawResponse streamed = raw.send(rawRequest("GET", "/framing/streamed")).read();
			assertThat(streamed.headerValues("transfer-encoding")).containsExactly("chunked");
			assertThat(streamed.headerValues("content-length")).isEmpty();
			assertThat(streamed.bodyString()).isEqualTo("[1,2]");
		}
		try (RawHttp raw = new RawHttp(this.port)) {
			// An HTTP/1.0 client gets a stream until the connection closes, never chunks.
			RawHttp.Received received = raw.send("GET /framing/streamed HTTP/1.0\r\n\r\n")
				.readUntilClose(Duration.ofSeconds(30));
			RawResponse streamed = RawHttp.parseAll(received.bytes(), true).get(0);
			assertThat(streamed.headerValues("transfer-encoding")).isEmpty();
			assertThat(streamed.headerValues("content-length")).isEmpty();
			assertThat(streamed.bodyString()).isEqualTo("[1,2]");
		}
	}

	@Test
	void streamsNewlineDelimitedJsonToAClientThatPrefersIt() {
		Map<String, String> contentTypes = Map.of("application/x-ndjson", "application/x-ndjson",
				"application/x-ndjson, */*", "application/x-ndjson", "application/json;q=0.5, application/x-ndjson",
				"application/x-ndjson", "", "application/json", "*/*", "application/json",
				"application/json, application/x-ndjson", "application/json",
				"application/x-ndjson;q=0, application/json", "application/json",
				"application/*, application/x-ndjson;q=0.5", "application/json", "text/html", "application/json");
		contentTypes.forEach((accept, contentType) -> {
			HttpResponse<String> response = accept.isEmpty() ? get(this.port, "/framing/streamed")
					: get(this.port, "/framing/streamed", "accept", accept);
			assertThat(response.headers().firstValue("content-type")).as(accept).hasValue(contentType);
			assertThat(response.body()).isEqualTo(contentType.equals("application/json") ? "[1,2]" : "1\n2\n");
		});
	}

	@Test
	void streamsAnInputStreamInChunksAndClosesIt() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw.send(rawRequest("GET", "/input-stream/whole")).read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.header("content-type")).isEqualTo("application/octet-stream");
			assertThat(response.headerValues("transfer-encoding")).containsExactly("chunked");
			assertThat(response.body()).isEqualTo(ClosingStream.bytes(200_000));
		}
		await().untilAsserted(() -> assertThat(closedStreams).contains("whole"));
	}

	@Test
	void inputStreamThatCannotBeReadIsAnsweredAsTheHandlersErrorAndClosed() {
		HttpResponse<String> response = get(this.port, "/input-stream/unreadable");
		assertThat(response.statusCode()).isEqualTo(500);
		assertThat(this.errorsSeen).singleElement().isInstanceOf(IOException.class);
		await().untilAsserted(() -> assertThat(closedStreams).contains("unreadable-GET"));
	}

	@Test
	void headClosesAnInputStreamUnread() throws IOException {
		// Read, this stream would fail: a HEAD's answer needs none of it.
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw.send(rawRequest("HEAD", "/input-stream/unreadable")).readToHead();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.header("content-type")).isEqualTo("application/octet-stream");
		}
		assertThat(this.errorsSeen).isEmpty();
		await().untilAsserted(() -> assertThat(closedStreams).contains("unreadable-HEAD"));
	}

	@Test
	void inputStreamIsClosedWhenTheClientGoesAway() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			raw.send(rawRequest("GET", "/input-stream/endless")).readToHead();
		}
		await().untilAsserted(() -> assertThat(closedStreams).contains("endless"));
	}

	@Test
	void failingExceptionHandlerEndsInA500(CapturedOutput output) {
		HttpResponse<String> response = get(this.port, "/fail/handler");
		assertThat(response.statusCode()).isEqualTo(500);
		assertThat(output.getOut()).contains("Exception handler for " + Boom.class.getName() + " failed");
	}

	@Test
	void middlewareSeesTheErrorOfAnAsynchronousHandler() {
		HttpResponse<String> response = get(this.port, "/fail/async");
		assertThat(response.statusCode()).isEqualTo(409);
		assertThat(response.headers().firstValue("x-async-error")).hasValue("IllegalStateException");
	}

	@Test
	void middlewareSeesTheExceptionOfASynchronousHandler() {
		HttpResponse<String> response = get(this.port, "/fail/observed");
		assertThat(response.statusCode()).isEqualTo(409);
		assertThat(response.headers().firstValue("x-sync-error")).hasValue("IllegalStateException");
	}

	@Test
	void middlewareMayAnswerAloneWithoutCallingTheHandler() {
		HttpResponse<String> response = get(this.port, "/guarded");
		assertThat(response.statusCode()).isEqualTo(403);
		assertThat(response.body()).isEqualTo("no entry");
		assertThat(get(this.port, "/guarded", "x-pass", "yes").body()).isEqualTo("inside");
	}

	@Test
	void aNullHeaderValueRemovesTheHeaderOrAddsNothing() {
		HttpResponse<String> response = get(this.port, "/null-header");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().map()).doesNotContainKeys("x-set", "x-added");
		assertThat(response.headers().allValues("x-kept")).containsExactly("1");
	}

	@Test
	void responseContentTypeReplacesTheOneSetBefore() {
		HttpResponse<String> response = get(this.port, "/content-type/twice");
		assertThat(response.headers().allValues("content-type")).containsExactly("text/html");
		assertThat(response.headers().allValues("x-twice")).containsExactly("1", "2");
	}

	@Test
	void writesEachKindOfResult() {
		HttpResponse<String> bytes = get(this.port, "/bytes");
		assertThat(bytes.headers().firstValue("content-type")).hasValue("application/octet-stream");
		assertThat(bytes.headers().firstValue("content-length")).hasValue("3");
		assertThat(bytes.body()).isEqualTo("abc");
		HttpResponse<String> nothing = get(this.port, "/nothing");
		assertThat(nothing.statusCode()).isEqualTo(204);
		assertThat(nothing.body()).isEmpty();
		HttpResponse<String> created = get(this.port, "/created");
		assertThat(created.statusCode()).isEqualTo(202);
		assertThat(created.headers().firstValue("x-custom")).hasValue("1");
		assertThat(created.headers().firstValue("content-type")).hasValue("application/json");
		assertThat(created.body()).isEqualTo("{\"ok\":true}");
		HttpResponse<String> empty = get(this.port, "/empty-mono");
		assertThat(empty.statusCode()).isEqualTo(204);
	}

	@Test
	void writesTextsAndJsonOfAnySizeAsUtf8() {
		for (int length : new int[] { 1, 127, 128, 129, 70_000 }) {
			HttpResponse<String> text = get(this.port, "/text/" + length);
			assertThat(text.headers().firstValue("content-length")).hasValue(String.valueOf(2 * length));
			assertThat(text.body()).isEqualTo("é".repeat(length));
			HttpResponse<String> json = get(this.port, "/json/" + length);
			assertThat(json.headers().firstValue("content-length")).hasValue(String.valueOf(2 * length + 4));
			assertThat(json.body()).isEqualTo("[\"" + "é".repeat(length) + "\"]");
		}
	}

	@Test
	void readsCookiesAndSetsThem() {
		HttpResponse<String> response = get(this.port, "/cookies", "cookie", "session=abc; theme=dark");
		assertThat(response.body()).isEqualTo("session abc, theme dark");
		assertThat(response.headers().allValues("set-cookie")).containsExactly("seen=yes");
	}

	@Test
	void readsAnUrlEncodedForm() {
		HttpResponse<String> response = post(this.port, "/form", "application/x-www-form-urlencoded", "a=1&b=x+y%21");
		assertThat(response.body()).isEqualTo("a=1, b=x y!");
		HttpResponse<String> latin1 = post(this.port, "/form", "application/x-www-form-urlencoded; charset=ISO-8859-1",
				"a=caf%E9&b=%E9t%E9");
		assertThat(latin1.body()).isEqualTo("a=café, b=été");
		HttpResponse<String> notAForm = post(this.port, "/form", "text/plain", "a=1");
		assertThat(notAForm.statusCode()).isEqualTo(415);
	}

	@Test
	void readsABodyInTheCharsetItsContentTypeNames() {
		// JSON in ISO-8859-1 was read as UTF-8: a 400 for "Invalid UTF-8 middle byte".
		assertThat(postIn("/name", "application/json; charset=ISO-8859-1", "{\"name\":\"Jos\u00e9\"}",
				StandardCharsets.ISO_8859_1)
			.body()).isEqualTo("Jos\u00e9");
		assertThat(postIn("/name", "application/json;charset=\"UTF-16\"", "{\"name\":\"Jos\u00e9\"}",
				StandardCharsets.UTF_16)
			.body()).isEqualTo("Jos\u00e9");
		assertThat(
				postIn("/text", "text/plain; charset=windows-1252", "5 \u20ac", Charset.forName("windows-1252")).body())
			.isEqualTo("5 \u20ac");
	}

	@Test
	void bodyInACharsetUnknownHereIsA415() {
		// It was read as UTF-8, garbling it without a word.
		for (String path : List.of("/name", "/text", "/form")) {
			String mediaType = path.equals("/form") ? "application/x-www-form-urlencoded" : "application/json";
			HttpResponse<String> response = postIn(path, mediaType + "; charset=klingon", "{}", StandardCharsets.UTF_8);
			assertThat(response.statusCode()).as(path).isEqualTo(415);
			assertThat(TestHttp.json(response.body()).get("detail").asString()).as(path)
				.isEqualTo("Unsupported charset 'klingon' in content-type '" + mediaType + "; charset=klingon'");
		}
	}

	@Test
	void bodyInAContentCodingIsA415SayingWhichIsAccepted() throws IOException {
		// Gzipped JSON was read as JSON: a 400 for "Illegal character ((CTRL-CHAR, code
		// 31))" blaming the bytes rather than the coding.
		ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
		try (GZIPOutputStream gzip = new GZIPOutputStream(gzipped)) {
			gzip.write("{\"name\":\"Ada\"}".getBytes(StandardCharsets.UTF_8));
		}
		for (String path : List.of("/name", "/text", "/form")) {
			String mediaType = path.equals("/form") ? "application/x-www-form-urlencoded" : "application/json";
			HttpResponse<String> response = TestHttp.send(TestHttp.request(this.port, path)
				.header("content-type", mediaType)
				.header("content-encoding", "gzip")
				.POST(HttpRequest.BodyPublishers.ofByteArray(gzipped.toByteArray())));
			assertThat(response.statusCode()).as(path).isEqualTo(415);
			assertThat(TestHttp.header(response, "accept-encoding")).as(path).isEqualTo("identity");
			assertThat(TestHttp.json(response.body()).get("detail").asString()).as(path)
				.isEqualTo("Content-encoding 'gzip' is not supported; send the body without a content coding");
		}
		HttpResponse<String> identity = TestHttp.send(TestHttp.request(this.port, "/name")
			.header("content-type", "application/json")
			.header("content-encoding", "identity")
			.POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Ada\"}")));
		assertThat(identity.body()).isEqualTo("Ada");
		HttpResponse<String> bytes = TestHttp.send(TestHttp.request(this.port, "/length")
			.header("content-type", "application/json")
			.header("content-encoding", "gzip")
			.POST(HttpRequest.BodyPublishers.ofByteArray(gzipped.toByteArray())));
		assertThat(bytes.body()).isEqualTo(String.valueOf(gzipped.size()));
	}

	private HttpResponse<String> postIn(String path, String contentType, String body, Charset charset) {
		return TestHttp.send(TestHttp.request(this.port, path)
			.header("content-type", contentType)
			.POST(HttpRequest.BodyPublishers.ofString(body, charset)));
	}

	@Test
	void bodyWithAnEmptyContentTypeIsA415() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw
				.send("POST /sum HTTP/1.1\r\nhost: localhost\r\ncontent-type: \r\ncontent-length: 3\r\n\r\n[1]")
				.read();
			assertThat(response.status()).isEqualTo(415);
			assertThat(response.bodyString()).contains("Expected a JSON body (content-type application/json), got ''");
		}
	}

	@Test
	void refusesMoreQueryParametersThanTheLimit() {
		assertThat(get(this.port, "/echo?a=1&b=2&c=3").statusCode()).isEqualTo(200);
		HttpResponse<String> tooMany = get(this.port, "/echo?a=1&b=2&c=3&d=4");
		assertThat(tooMany.statusCode()).isEqualTo(400);
		assertThat(tooMany.body()).contains("Too many query parameters: at most 3 allowed");
	}

	@Test
	void malformedQueryIsA400() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw.send(rawRequest("GET", "/echo?a=%zz")).read();
			assertThat(response.status()).isEqualTo(400);
			assertThat(response.header("content-type")).isEqualTo(TestHttp.PROBLEM_JSON);
			assertThat(response.bodyString()).contains("Malformed query parameters");
		}
	}

	@Test
	void typedParameterThatIsNotANumberIsA400NamingIt() {
		assertThat(get(this.port, "/square/12").body()).isEqualTo("144");
		HttpResponse<String> response = get(this.port, "/square/twelve");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).contains("Path parameter 'n' must be a whole number, not 'twelve'");
	}

	@Test
	void readsAGenericJsonBodyRepeatedQueryValuesAndTheClientAddress() {
		HttpResponse<String> response = post(this.port, "/sum?label=a&label=b", "application/json", "[1, 2, 39]");
		assertThat(response.body()).isEqualTo("[a, b] 42 from 127.0.0.1");
	}

	@Test
	void intParameterOutOfRangeIsA400() {
		assertThat(get(this.port, "/int/7").body()).isEqualTo("8");
		HttpResponse<String> response = get(this.port, "/int/9999999999");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).contains("Path parameter 'n' is out of range: 9999999999");
	}

	@Test
	void blockingRoutesRunOffTheEventLoop() {
		assertThat(get(this.port, "/blocking/where").body()).isEqualTo("event loop: false");
		assertThat(get(this.port, "/where").body()).isEqualTo("event loop: true");
	}

	@Test
	void keepAliveConnectionReadsTheRequestAfterAPipelinedOne() throws IOException {
		// The second request is queued by Reactor Netty while the blocking answer is
		// written from another thread; it is then answered before its end of message
		// is drained. Reactor Netty 1.3.6 then never read again: the third request
		// waited in the socket until the client gave up (reactor/reactor-netty#4361),
		// as a keep-alive client does on a busy machine without pipelining.
		try (RawHttp raw = new RawHttp(this.port)) {
			raw.send(rawRequest("GET", "/blocking/where") + rawRequest("GET", "/where"));
			assertThat(raw.read().bodyString()).isEqualTo("event loop: false");
			assertThat(raw.read().bodyString()).isEqualTo("event loop: true");
			RawResponse next = raw.send(rawRequest("GET", "/nowhere")).read();
			assertThat(next.status()).isEqualTo(404);
		}
	}

	/** A value Jackson cannot write: its one property fails to read. */
	record Named(String name) {
	}

	static class Unwritable {

		public String getValue() {
			throw new UnsupportedOperationException("no value");
		}

	}

	/** Answered by a stream that fails with it again. */
	static class StreamedFailure extends RuntimeException {

	}

	static class Boom extends RuntimeException {

	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
			FastroServerAutoConfiguration.class })
	static class App {

		@Bean
		@Order(1)
		Middleware outer() {
			return (ctx, next) -> {
				ctx.responseHeaders().add("x-trace", "outer");
				return next.handle(ctx);
			};
		}

		@Bean
		@Order(2)
		Middleware inner() {
			return (ctx, next) -> {
				ctx.responseHeaders().add("x-trace", "inner");
				return next.handle(ctx);
			};
		}

		@Bean
		List<Throwable> errorsSeen() {
			return new CopyOnWriteArrayList<>();
		}

		@Bean
		RequestHook requestHook() {
			return ctx -> ctx.header("x-request-hook", ctx.method() + " " + ctx.path());
		}

		@Bean
		ResponseHook responseHook() {
			return ctx -> ctx.header("x-response-hook", String.valueOf(ctx.status()));
		}

		@Bean
		ErrorHook errorHook(List<Throwable> errorsSeen) {
			return (ctx, error) -> errorsSeen.add(error);
		}

		@Bean
		ExceptionHandler<IllegalStateException> conflict() {
			return ExceptionHandler.of(IllegalStateException.class,
					(ctx, ex) -> Problem.of(409, ex.getMessage(), ctx.path()));
		}

		@Bean
		ExceptionHandler<RuntimeException> anyRuntime() {
			return ExceptionHandler.of(RuntimeException.class,
					(ctx, ex) -> Response.status(503).body("runtime handler: " + ex.getMessage()));
		}

		@Bean
		ExceptionHandler<StreamedFailure> streamedFailure() {
			return ExceptionHandler.of(StreamedFailure.class, (ctx, ex) -> Flux.error(ex));
		}

		@Bean
		ExceptionHandler<Boom> failingHandler() {
			return ExceptionHandler.of(Boom.class, (ctx, ex) -> {
				throw new IllegalStateException("the handler itself failed");
			});
		}

		@Bean
		Routes routes() {
			Middleware greet = (ctx, next) -> next.handle(ctx.set(GREETING, "Hello from the route middleware"));
			Middleware syncErrorHeader = (ctx, next) -> {
				try {
					return next.handle(ctx);
				}
				catch (IllegalStateException ex) {
					ctx.header("x-sync-error", ex.getClass().getSimpleName());
					throw ex;
				}
			};
			Middleware guard = (ctx, next) -> (ctx.header("x-pass") != null) ? next.handle(ctx)
					: Response.status(403).body("no entry");
			Middleware asyncErrorHeader = (ctx, next) -> Completion.whenComplete(next.handle(ctx),
					(value, error) -> ctx.header("x-async-error", error.getClass().getSimpleName()));
			return Routes.builder()
				.get("/greet", ctx -> ctx.get(GREETING), greet)
				.get("/guarded", ctx -> "inside", guard)
				.get("/created", ctx -> Response.status(202).header("x-custom", "1").body(Map.of("ok", true)))
				.get("/echo-header", ctx -> Response.ok("echoed").header("x-echo", ctx.query("value")))
				.get("/content-type/twice", ctx -> {
					ctx.contentType("text/plain");
					return Response.ok("<p>")
						.contentType("text/csv")
						.header("x-twice", "1")
						.header("Content-Type", "text/html")
						.header("x-twice", "2");
				})
				.get("/stream/error-answer-fails", ctx -> {
					throw new StreamedFailure();
				})
				.get("/stream/fail-first", ctx -> Flux.error(new IllegalStateException("no items")))
				.get("/stream/unwritable-first", ctx -> Flux.just(new Unwritable()))
				.get("/stream/fail-later",
						ctx -> Flux.just("first").concatWith(Flux.error(new IllegalStateException("late"))))
				.get("/echo-header-in-context", ctx -> {
					ctx.header("x-echo", ctx.query("value"));
					return "echoed";
				})
				.get("/echo-header-later",
						ctx -> Mono.fromSupplier(() -> Response.ok("echoed").header("x-echo", ctx.query("value"))))
				.get("/status/:code", ctx -> Response.status(ctx.paramInt("code")).body("status"))
				.get("/status/:code/in-context", ctx -> {
					ctx.status(ctx.paramInt("code"));
					return "status";
				})
				.get("/framing/whole", ctx -> {
					ctx.header("transfer-encoding", "chunked");
					return Response.ok("ok").header("content-length", "99");
				})
				.get("/framing/streamed", ctx -> {
					ctx.header("transfer-encoding", "gzip").header("content-length", "3");
					return Flux.just(1, 2);
				})
				.get("/input-stream/whole", ctx -> new ClosingStream("whole", 200_000))
				.get("/input-stream/endless", ctx -> new ClosingStream("endless", Long.MAX_VALUE))
				.get("/input-stream/unreadable", ctx -> new ClosingStream("unreadable-" + ctx.method(), 10) {
					@Override
					public int read(byte[] bytes, int offset, int length) throws IOException {
						throw new IOException("disk gone");
					}
				})
				.get("/null-header", ctx -> {
					ctx.header("x-set", "1").header("x-set", null).header("x-kept", "1");
					return Response.ok("ok").header("x-added", null);
				})
				.get("/bytes", ctx -> new byte[] { 'a', 'b', 'c' })
				.get("/text/:length", ctx -> "é".repeat(ctx.paramInt("length")))
				.get("/json/:length", ctx -> List.of("é".repeat(ctx.paramInt("length"))))
				.get("/nothing", ctx -> null)
				.get("/empty-mono", ctx -> Mono.empty())
				.get("/cookies", ctx -> {
					ctx.cookie("seen", "yes");
					return "session " + ctx.cookie("session") + ", theme " + ctx.cookie("theme");
				})
				.post("/form", ctx -> "a=" + ctx.formParam("a") + ", b=" + ctx.formParam("b"))
				.post("/name", ctx -> ctx.body(Named.class).name())
				.post("/text", ctx -> ctx.bodyString())
				.post("/length", ctx -> String.valueOf(ctx.bodyBytes().length))
				.get("/echo", ctx -> ctx.queryMap().toString())
				.get("/square/:n", ctx -> String.valueOf(ctx.paramLong("n") * ctx.paramLong("n")))
				.get("/int/:n", ctx -> String.valueOf(ctx.paramInt("n") + 1))
				.post("/sum", ctx -> ctx.queries("label") + " " + ctx.body(new TypeReference<List<Integer>>() {
				}).stream().mapToInt(Integer::intValue).sum() + " from "
						+ ctx.remoteAddress().getAddress().getHostAddress())
				.get("/where", ctx -> "event loop: " + Schedulers.isInNonBlockingThread())
				.group("/blocking",
						blocking -> blocking.blocking()
							.get("/where", ctx -> "event loop: " + Schedulers.isInNonBlockingThread()))
				.group("/fail", fail -> fail.get("/state", ctx -> {
					throw new IllegalStateException("state");
				}).get("/unsupported", ctx -> {
					throw new UnsupportedOperationException("unsupported");
				}).get("/io", ctx -> {
					throw new IOException("disk on fire");
				}).get("/handler", ctx -> {
					throw new Boom();
				}).get("/observed", ctx -> {
					throw new IllegalStateException("now");
				}, syncErrorHeader)
					.get("/async", ctx -> Mono.error(new IllegalStateException("later")), asyncErrorHeader))
				.build();
		}

	}

	/**
	 * A stream of {@code length} bytes counting up from 0, which records its closing in
	 * {@link #closedStreams}.
	 */
	static class ClosingStream extends InputStream {

		private final String name;

		private final long length;

		private long position;

		ClosingStream(String name, long length) {
			this.name = name;
			this.length = length;
		}

		static byte[] bytes(int length) {
			byte[] bytes = new byte[length];
			for (int i = 0; i < length; i++) {
				bytes[i] = (byte) i;
			}
			return bytes;
		}

		@Override
		public int read() throws IOException {
			return (this.position < this.length) ? (byte) this.position++ & 0xFF : -1;
		}

		@Override
		public void close() {
			closedStreams.add(this.name);
		}

	}

}
