package dev.fastro.demo;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.http.Routes;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestHttp;
import dev.fastro.test.client.FastroTestClient;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.APPLICATION_JSON;
import static dev.fastro.test.TestHttp.TEXT;
import static dev.fastro.test.TestHttp.assertProblem;
import static dev.fastro.test.TestHttp.assertResponse;
import static dev.fastro.test.TestHttp.header;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Routing of the demo app: parameters and their decoding, regex constraints, catch-all,
 * strict trailing slashes, query strings, the 404, 405, OPTIONS and HEAD answers, and the
 * route cache being off by default. One test route, a static {@code /user/me}, sits
 * beside the demo's {@code /user/:id} to show that static beats a parameter.
 * <p>
 * {@link RoutingOverHttp2Test} runs the same cases over h2c; the cases that need
 * {@link RawHttp} speak HTTP/1.1 in both, to an HTTP/1.1-only server here and to one that
 * also serves h2c there.
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
@Import(RoutingTest.StaticBesideParameter.class)
class RoutingTest {

	@LocalFastroPort
	int port;

	@Autowired
	MeterRegistry meters;

	@Autowired
	ApplicationContext context;

	/** The client of every case that does not need {@link RawHttp}. */
	HttpClient client() {
		return TestHttp.CLIENT;
	}

	HttpResponse<String> get(String pathAndQuery, String... headers) {
		return call("GET", pathAndQuery, headers);
	}

	HttpResponse<String> call(String method, String pathAndQuery, String... headers) {
		return TestHttp.call(client(), this.port, method, pathAndQuery, headers);
	}

	// ---- path parameters

	@Test
	void emptyParameterIsNotFound() {
		assertProblem(get("/user/"), 404,
				"{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No route for GET /user/\",\"instance\":\"/user/\"}");
	}

	@Test
	void parameterIsPercentDecodedAsUtf8() {
		HttpResponse<String> response = get("/user/caf%C3%A9");
		assertResponse(response, 200, TEXT, "User café");
		assertThat(header(response, "content-length")).isEqualTo("10");
	}

	@Test
	void plusInAPathParameterStaysAPlus() {
		assertResponse(get("/user/a+b"), 200, TEXT, "User a+b");
	}

	@Test
	void malformedEscapeIsBadRequestNamingTheSegment() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw.send(rawRequest("GET", "/user/%zz")).read();
			assertThat(response.status()).isEqualTo(400);
			assertThat(response.header("content-type")).isEqualTo("application/problem+json");
			assertThat(response.bodyString()).isEqualTo(
					"{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"Malformed percent-encoding in path segment '%zz'\",\"instance\":\"/user/%zz\"}");
			assertThat(response.header("content-length")).isEqualTo(String.valueOf(response.body().length));
		}
	}

	@Test
	void invalidUtf8IsBadRequest() {
		// %C3%28 is a well-formed escape of bytes that are not UTF-8.
		HttpResponse<String> response = get("/user/%C3%28");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(TestHttp.json(response.body()).get("detail").asString())
			.isEqualTo("Malformed percent-encoding in path segment '%C3%28'");
	}

	@Test
	void truncatedEscapesAreBadRequest() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse percent = raw.send(rawRequest("GET", "/user/%")).read();
			assertThat(percent.status()).isEqualTo(400);
			assertThat(TestHttp.json(percent.bodyString()).get("detail").asString())
				.isEqualTo("Malformed percent-encoding in path segment '%'");
			RawResponse halfCharacter = raw.send(rawRequest("GET", "/user/%C3")).read();
			assertThat(halfCharacter.status()).isEqualTo(400);
			assertThat(TestHttp.json(halfCharacter.bodyString()).get("detail").asString())
				.isEqualTo("Malformed percent-encoding in path segment '%C3'");
		}
	}

	@Test
	void malformedEscapeInACatchAllNamesItsSegment() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw.send(rawRequest("GET", "/files/a/%zz")).read();
			assertThat(response.status()).isEqualTo(400);
			assertThat(TestHttp.json(response.bodyString()).get("detail").asString())
				.isEqualTo("Malformed percent-encoding in path segment '%zz'");
		}
	}

	@Test
	void unicodeRouteMatchesThePathAsClientsEncodeIt() {
		assertResponse(get("/caf%C3%A9/cr%C3%AApe"), 200, TEXT, "Café: crêpe");
	}

	@Test
	void unicodeRouteAnswersTheTestClientInProcessAndOverHttp() {
		FastroTestClient inProcess = FastroTestClient.bindTo(this.context);
		FastroTestClient overHttp = FastroTestClient.bindToServer(this.port, JsonMapper.builder().build());
		for (FastroTestClient client : List.of(inProcess, overHttp)) {
			assertThat(client.get("/café/crêpe").exchange()).hasStatus(200).hasBody("Café: crêpe");
		}
	}

	@Test
	void unicodeRouteIsNotMatchedByTheLowerCaseEscapesNoClientWrites() {
		assertThat(get("/caf%c3%a9/cr%C3%AApe").statusCode()).isEqualTo(404);
	}

	@Test
	void rawUnicodeInTheRequestTargetIsBadRequest() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			raw.send("GET /café/crêpe HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.UTF_8));
			RawResponse response = raw.read();
			assertThat(response.status()).isEqualTo(400);
			assertThat(response.header("content-type")).isEqualTo("application/problem+json");
		}
	}

	@Test
	void encodedSlashStaysInsideTheParameter() {
		assertResponse(get("/user/a%2Fb"), 200, TEXT, "User a/b");
	}

	@Test
	void regexConstrainedParameterFindsTheUser() {
		assertResponse(get("/users/1"), 200, APPLICATION_JSON,
				"{\"id\":1,\"name\":\"Ada Lovelace\",\"email\":\"ada@fastro.dev\"}");
		assertResponse(get("/users/2"), 200, APPLICATION_JSON,
				"{\"id\":2,\"name\":\"Alan Turing\",\"email\":\"alan@fastro.dev\"}");
	}

	@Test
	void regexIsMatchedAgainstTheDecodedValue() {
		// %31 is '1'.
		assertResponse(get("/users/%31"), 200, APPLICATION_JSON,
				"{\"id\":1,\"name\":\"Ada Lovelace\",\"email\":\"ada@fastro.dev\"}");
		assertResponse(get("/user/%31"), 200, TEXT, "User 1");
	}

	@Test
	void idTooLargeForALongIsBadRequest() {
		assertProblem(get("/users/99999999999999999999"), 400,
				"{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"Path parameter 'id' must be a whole number, not '99999999999999999999'\",\"instance\":\"/users/99999999999999999999\"}");
	}

	@Test
	void valueFailingTheRegexMatchesNoRoute() {
		assertProblem(get("/users/abc"), 404,
				"{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No route for GET /users/abc\",\"instance\":\"/users/abc\"}");
	}

	@Test
	void unknownUserIsNotFoundFromTheHandler() {
		assertProblem(get("/users/999"), 404,
				"{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No user 999\",\"instance\":\"/users/999\"}");
	}

	@Test
	void trailingSlashIsStrict() {
		assertThat(get("/user/1/").statusCode()).isEqualTo(404);
		assertThat(get("/users/").statusCode()).isEqualTo(404);
		assertThat(get("/middleware/").statusCode()).isEqualTo(404);
	}

	@Test
	void staticSegmentBeatsParameter() {
		assertResponse(get("/user/me"), 200, TEXT, "Me, the static route");
		assertResponse(get("/user/mex"), 200, TEXT, "User mex");
		assertResponse(get("/user/m"), 200, TEXT, "User m");
	}

	@Test
	void catchAllTakesTheRestOfThePath() {
		assertResponse(get("/files/a/b.txt"), 200, TEXT, "File a/b.txt");
		assertResponse(get("/files/docs/r%C3%A9sum%C3%A9.pdf"), 200, TEXT, "File docs/résumé.pdf");
	}

	@Test
	void catchAllNeedsItsSegment() {
		assertThat(get("/files").statusCode()).isEqualTo(404);
	}

	// ---- query strings

	@Test
	void queryIsDecodedAsAForm() {
		assertResponse(get("/query?name=a+b%20c"), 200, TEXT, "Hello a b c");
		assertResponse(get("/query?name=caf%C3%A9&name=second"), 200, TEXT, "Hello café");
	}

	@Test
	void missingQueryParameterIsNull() {
		assertResponse(get("/query"), 200, TEXT, "Hello null");
		assertResponse(get("/query?other=1"), 200, TEXT, "Hello null");
	}

	@Test
	void malformedQueryIsBadRequest() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw.send(rawRequest("GET", "/query?name=%zz")).read();
			assertThat(response.status()).isEqualTo(400);
			assertThat(response.header("content-type")).isEqualTo("application/problem+json");
			assertThat(response.bodyString()).isEqualTo(
					"{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"Malformed query parameters: invalid percent-encoding in '%zz'\",\"instance\":\"/query\"}");
		}
	}

	@Test
	void tooManyQueryParametersIsBadRequest() {
		// fastro.server.max-parameters: 1000
		assertResponse(get("/query?" + "a=1&".repeat(999) + "name=x"), 200, TEXT, "Hello x");
		assertProblem(get("/query?" + "a=1&".repeat(1000) + "name=x"), 400,
				"{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"Too many query parameters: at most 1000 allowed\",\"instance\":\"/query\"}");
	}

	@Test
	void absoluteFormRequestTargetIsRouted() throws IOException {
		// RFC 9112 3.2.2: a server must accept the absolute-form of the request target.
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw.send(rawRequest("GET", "http://localhost:" + this.port + "/user/1?x=1")).read();
			assertThat(response.status()).as(response.bodyString()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo("User 1");
		}
	}

	@Test
	void queryStringDoesNotTakePartInRouting() {
		assertResponse(get("/user/7?name=x"), 200, TEXT, "User 7");
	}

	// ---- methods

	@Test
	void unknownPathIsNotFound() {
		assertProblem(get("/nope"), 404,
				"{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No route for GET /nope\",\"instance\":\"/nope\"}");
	}

	@Test
	void wrongMethodIsMethodNotAllowedWithAllow() {
		HttpResponse<String> response = call("DELETE", "/user/1");
		assertProblem(response, 405,
				"{\"type\":\"about:blank\",\"title\":\"Method Not Allowed\",\"status\":405,\"detail\":\"Method DELETE is not allowed on /user/1; allowed: GET, HEAD, OPTIONS\",\"instance\":\"/user/1\"}");
		assertThat(response.headers().allValues("allow")).containsExactly("GET, HEAD, OPTIONS");
	}

	@Test
	void getOnAPostOnlyRouteListsPost() {
		HttpResponse<String> response = get("/json");
		assertThat(response.statusCode()).isEqualTo(405);
		assertThat(header(response, "allow")).isEqualTo("OPTIONS, POST");
	}

	@Test
	void optionsAnswersNoContentWithAllow() {
		HttpResponse<String> response = call("OPTIONS", "/users");
		assertThat(response.statusCode()).isEqualTo(204);
		assertThat(response.headers().allValues("allow")).containsExactly("GET, HEAD, OPTIONS, POST");
		assertThat(response.body()).isEmpty();
		assertThat(call("OPTIONS", "/user/1").headers().allValues("allow")).containsExactly("GET, HEAD, OPTIONS");
	}

	@Test
	void noContentCarriesNoContentLength() throws IOException {
		// RFC 9110 8.6: a server must not send content-length in a 204.
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw.send(rawRequest("OPTIONS", "/users")).read();
			assertThat(response.status()).isEqualTo(204);
			assertThat(response.header("content-length")).isNull();
			assertThat(response.header("transfer-encoding")).isNull();
		}
	}

	@Test
	void optionsOnAnUnknownPathIsNotFound() {
		assertThat(call("OPTIONS", "/nope").statusCode()).isEqualTo(404);
	}

	@Test
	void headAnswersLikeGetWithoutTheBody() throws IOException {
		RawResponse get;
		try (RawHttp raw = new RawHttp(this.port)) {
			get = raw.send(rawRequest("GET", "/user/1")).read();
		}
		assertThat(get.bodyString()).isEqualTo("User 1");
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse head = raw.send(rawRequest("HEAD", "/user/1")).readToHead();
			assertThat(head.status()).isEqualTo(200);
			assertThat(head.header("content-type")).isEqualTo(TEXT);
			assertThat(head.header("content-length")).isEqualTo("6");
			// The same headers in the same order, but the date, which may have turned a
			// second between the two answers.
			assertThat(withoutDate(head)).isEqualTo(withoutDate(get));
			// Had the body been sent, its six bytes would come before this response's
			// status line.
			RawResponse next = raw.send(rawRequest("GET", "/")).read();
			assertThat(next.statusLine()).isEqualTo("HTTP/1.1 200 OK");
			assertThat(next.bodyString()).isEqualTo("Hello world!");
		}
	}

	@Test
	void headOnAMethodNotAllowedKeepsAllowAndSendsNoBody() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse head = raw.send(rawRequest("HEAD", "/json")).readToHead();
			assertThat(head.status()).isEqualTo(405);
			assertThat(head.header("allow")).isEqualTo("OPTIONS, POST");
			RawResponse next = raw.send(rawRequest("GET", "/user/5")).read();
			assertThat(next.bodyString()).isEqualTo("User 5");
		}
	}

	@Test
	void headOnAnUnknownPathIsNotFoundWithoutBody() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse head = raw.send(rawRequest("HEAD", "/nope")).readToHead();
			assertThat(head.status()).isEqualTo(404);
			assertThat(head.header("content-type")).isEqualTo("application/problem+json");
			RawResponse next = raw.send(rawRequest("GET", "/user/2")).read();
			assertThat(next.statusLine()).isEqualTo("HTTP/1.1 200 OK");
			assertThat(next.bodyString()).isEqualTo("User 2");
		}
	}

	// ---- the route cache

	/**
	 * The demo runs with the defaults, so its route cache is off: parameter routes are
	 * found by the tree walk, and there are no cache meters to count lookups.
	 * {@link RouteCacheUnderAttackTest} turns it on.
	 */
	@Test
	void routeCacheIsOffByDefault() {
		String path = "/user/" + UUID.randomUUID();
		assertResponse(get(path), 200, TEXT, "User " + path.substring("/user/".length()));
		assertResponse(get(path), 200, TEXT, "User " + path.substring("/user/".length()));
		assertThat(this.meters.find("fastro.router.cache.gets").meters()).isEmpty();
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class StaticBesideParameter {

		@Bean
		Routes staticBesideParameter() {
			return Routes.builder().get("/user/me", ctx -> "Me, the static route").build();
		}

	}

	private static List<Map.Entry<String, String>> withoutDate(RawResponse response) {
		return response.headers().stream().filter((header) -> !header.getKey().equalsIgnoreCase("date")).toList();
	}

}
