package dev.fastro.demo;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.UUID;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.http.Routes;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.router.internal.RouteCacheStats;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.APPLICATION_JSON;
import static dev.fastro.test.TestHttp.TEXT;
import static dev.fastro.test.TestHttp.assertProblem;
import static dev.fastro.test.TestHttp.assertResponse;
import static dev.fastro.test.TestHttp.call;
import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.header;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Routing of the demo app: parameters and their decoding, regex constraints, catch-all,
 * strict trailing slashes, query strings, the 404, 405, OPTIONS and HEAD answers, and the
 * route cache being off by default. One test route, a static {@code /user/me}, sits
 * beside the demo's {@code /user/:id} to show that static beats a parameter.
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
@Import(RoutingTest.StaticBesideParameter.class)
class RoutingTest {

	@LocalFastroPort
	int port;

	@Autowired
	Dispatcher dispatcher;

	// ---- path parameters

	@Test
	void emptyParameterIsNotFound() {
		assertProblem(get(this.port, "/user/"), 404,
				"{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No route for GET /user/\",\"instance\":\"/user/\"}");
	}

	@Test
	void parameterIsPercentDecodedAsUtf8() {
		HttpResponse<String> response = get(this.port, "/user/caf%C3%A9");
		assertResponse(response, 200, TEXT, "User café");
		assertThat(header(response, "content-length")).isEqualTo("10");
	}

	@Test
	void plusInAPathParameterStaysAPlus() {
		assertResponse(get(this.port, "/user/a+b"), 200, TEXT, "User a+b");
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
		HttpResponse<String> response = get(this.port, "/user/%C3%28");
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
	void encodedSlashStaysInsideTheParameter() {
		assertResponse(get(this.port, "/user/a%2Fb"), 200, TEXT, "User a/b");
	}

	@Test
	void regexConstrainedParameterFindsTheUser() {
		assertResponse(get(this.port, "/users/1"), 200, APPLICATION_JSON,
				"{\"id\":1,\"name\":\"Ada Lovelace\",\"email\":\"ada@fastro.dev\"}");
		assertResponse(get(this.port, "/users/2"), 200, APPLICATION_JSON,
				"{\"id\":2,\"name\":\"Alan Turing\",\"email\":\"alan@fastro.dev\"}");
	}

	@Test
	void regexIsMatchedAgainstTheDecodedValue() {
		// %31 is '1'.
		assertResponse(get(this.port, "/users/%31"), 200, APPLICATION_JSON,
				"{\"id\":1,\"name\":\"Ada Lovelace\",\"email\":\"ada@fastro.dev\"}");
		assertResponse(get(this.port, "/user/%31"), 200, TEXT, "User 1");
	}

	@Test
	void idTooLargeForALongIsBadRequest() {
		assertProblem(get(this.port, "/users/99999999999999999999"), 400,
				"{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"Path parameter 'id' must be a whole number, not '99999999999999999999'\",\"instance\":\"/users/99999999999999999999\"}");
	}

	@Test
	void valueFailingTheRegexMatchesNoRoute() {
		assertProblem(get(this.port, "/users/abc"), 404,
				"{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No route for GET /users/abc\",\"instance\":\"/users/abc\"}");
	}

	@Test
	void unknownUserIsNotFoundFromTheHandler() {
		assertProblem(get(this.port, "/users/999"), 404,
				"{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No user 999\",\"instance\":\"/users/999\"}");
	}

	@Test
	void trailingSlashIsStrict() {
		assertThat(get(this.port, "/user/1/").statusCode()).isEqualTo(404);
		assertThat(get(this.port, "/users/").statusCode()).isEqualTo(404);
		assertThat(get(this.port, "/middleware/").statusCode()).isEqualTo(404);
	}

	@Test
	void staticSegmentBeatsParameter() {
		assertResponse(get(this.port, "/user/me"), 200, TEXT, "Me, the static route");
		assertResponse(get(this.port, "/user/mex"), 200, TEXT, "User mex");
		assertResponse(get(this.port, "/user/m"), 200, TEXT, "User m");
	}

	@Test
	void catchAllTakesTheRestOfThePath() {
		assertResponse(get(this.port, "/files/a/b.txt"), 200, TEXT, "File a/b.txt");
		assertResponse(get(this.port, "/files/docs/r%C3%A9sum%C3%A9.pdf"), 200, TEXT, "File docs/résumé.pdf");
	}

	@Test
	void catchAllNeedsItsSegment() {
		assertThat(get(this.port, "/files").statusCode()).isEqualTo(404);
	}

	// ---- query strings

	@Test
	void queryIsDecodedAsAForm() {
		assertResponse(get(this.port, "/query?name=a+b%20c"), 200, TEXT, "Hello a b c");
		assertResponse(get(this.port, "/query?name=caf%C3%A9&name=second"), 200, TEXT, "Hello café");
	}

	@Test
	void missingQueryParameterIsNull() {
		assertResponse(get(this.port, "/query"), 200, TEXT, "Hello null");
		assertResponse(get(this.port, "/query?other=1"), 200, TEXT, "Hello null");
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
		assertResponse(get(this.port, "/query?" + "a=1&".repeat(999) + "name=x"), 200, TEXT, "Hello x");
		assertProblem(get(this.port, "/query?" + "a=1&".repeat(1000) + "name=x"), 400,
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
		assertResponse(get(this.port, "/user/7?name=x"), 200, TEXT, "User 7");
	}

	// ---- methods

	@Test
	void unknownPathIsNotFound() {
		assertProblem(get(this.port, "/nope"), 404,
				"{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No route for GET /nope\",\"instance\":\"/nope\"}");
	}

	@Test
	void wrongMethodIsMethodNotAllowedWithAllow() {
		HttpResponse<String> response = call(this.port, "DELETE", "/user/1");
		assertProblem(response, 405,
				"{\"type\":\"about:blank\",\"title\":\"Method Not Allowed\",\"status\":405,\"detail\":\"Method DELETE is not allowed on /user/1; allowed: GET, HEAD, OPTIONS\",\"instance\":\"/user/1\"}");
		assertThat(response.headers().allValues("allow")).containsExactly("GET, HEAD, OPTIONS");
	}

	@Test
	void getOnAPostOnlyRouteListsPost() {
		HttpResponse<String> response = get(this.port, "/json");
		assertThat(response.statusCode()).isEqualTo(405);
		assertThat(header(response, "allow")).isEqualTo("OPTIONS, POST");
	}

	@Test
	void optionsAnswersNoContentWithAllow() {
		HttpResponse<String> response = call(this.port, "OPTIONS", "/users");
		assertThat(response.statusCode()).isEqualTo(204);
		assertThat(response.headers().allValues("allow")).containsExactly("GET, HEAD, OPTIONS, POST");
		assertThat(response.body()).isEmpty();
		assertThat(call(this.port, "OPTIONS", "/user/1").headers().allValues("allow"))
			.containsExactly("GET, HEAD, OPTIONS");
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
		assertThat(call(this.port, "OPTIONS", "/nope").statusCode()).isEqualTo(404);
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
			assertThat(head.headers()).isEqualTo(get.headers());
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
	 * found by the tree walk and nothing is counted. {@link RouteCacheUnderAttackTest}
	 * turns it on.
	 */
	@Test
	void routeCacheIsOffByDefault() {
		String path = "/user/" + UUID.randomUUID();
		assertResponse(get(this.port, path), 200, TEXT, "User " + path.substring("/user/".length()));
		assertResponse(get(this.port, path), 200, TEXT, "User " + path.substring("/user/".length()));
		assertThat(this.dispatcher.router().cacheStats()).isEqualTo(new RouteCacheStats(0, 0, 0, 0));
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class StaticBesideParameter {

		@Bean
		Routes staticBesideParameter() {
			return Routes.builder().get("/user/me", ctx -> "Me, the static route").build();
		}

	}

}
