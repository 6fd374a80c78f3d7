package dev.fastro.demo;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestHttp;
import dev.fastro.test.autoconfigure.AutoConfigureFastroTestClient;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.APPLICATION_JSON;
import static dev.fastro.test.TestHttp.PROBLEM_JSON;
import static dev.fastro.test.TestHttp.assertProblem;
import static dev.fastro.test.TestHttp.assertResponse;
import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.header;
import static dev.fastro.test.TestHttp.json;
import static dev.fastro.test.TestHttp.post;
import static dev.fastro.test.TestHttp.request;
import static dev.fastro.test.TestHttp.send;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request bodies: JSON reading and its errors, the size limit, and the validated POST
 * /users.
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
@AutoConfigureFastroTestClient
class BodyTest {

	private static final int LIMIT = 1024 * 1024;

	@LocalFastroPort
	int port;

	@Autowired
	UserDirectory users;

	@Autowired
	FastroTestClient client;

	// ---- JSON errors

	@Test
	void nonJsonContentTypeIsUnsupportedMediaType() {
		assertProblem(post(this.port, "/json", "text/plain", "{\"name\":\"fastro\",\"email\":\"hello@fastro.dev\"}"),
				415,
				"{\"type\":\"about:blank\",\"title\":\"Unsupported Media Type\",\"status\":415,\"detail\":\"Expected a JSON body (content-type application/json), got 'text/plain'\",\"instance\":\"/json\"}");
	}

	@Test
	void missingContentTypeIsUnsupportedMediaType() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw.send(rawRequest("POST", "/json", "content-length: 2") + "{}").read();
			assertThat(response.status()).isEqualTo(415);
			assertThat(json(response.bodyString()).get("detail").asString())
				.isEqualTo("Expected a JSON body (content-type application/json), got no content-type");
		}
	}

	@Test
	void jsonSuffixContentTypeIsAccepted() {
		assertResponse(post(this.port, "/json", "application/vnd.fastro+json", "{\"name\":\"n\",\"email\":\"e\"}"), 200,
				APPLICATION_JSON, "{\"name\":\"n\",\"email\":\"e\"}");
	}

	@Test
	void malformedJsonIsBadRequestNamingLineAndColumn() {
		HttpResponse<String> response = post(this.port, "/json", "application/json",
				"{\n  \"name\": \"fastro\",\n  oops\n}");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(header(response, "content-type")).isEqualTo(PROBLEM_JSON);
		JsonNode problem = json(response.body());
		assertThat(problem.get("title").asString()).isEqualTo("Bad Request");
		assertThat(problem.get("instance").asString()).isEqualTo("/json");
		assertThat(problem.get("detail").asString()).startsWith("Malformed JSON at line 3, column 3: ");
	}

	@Test
	void wrongShapeIsBadRequestNamingTheField() {
		HttpResponse<String> response = post(this.port, "/json", "application/json", "{\"name\":[\"x\"]}");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(header(response, "content-type")).isEqualTo(PROBLEM_JSON);
		String detail = json(response.body()).get("detail").asString();
		assertThat(detail).startsWith("JSON does not fit Payload at field 'name': ").doesNotContain("\n");
	}

	@Test
	void emptyJsonBodyIsBadRequest() {
		HttpResponse<String> response = send(
				request(this.port, "/json").header("content-type", "application/json").POST(BodyPublishers.noBody()));
		assertProblem(response, 400,
				"{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"Request body is empty; expected JSON for Payload\",\"instance\":\"/json\"}");
	}

	@Test
	void trailingTokensAfterTheJsonAreBadRequest() {
		HttpResponse<String> response = post(this.port, "/json", "application/json",
				"{\"name\":\"a\",\"email\":\"b\"} xyz");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(json(response.body()).get("detail").asString()).startsWith("Malformed JSON at line 1, column 26: ");
	}

	@Test
	void emptyChunkedBodyIsBadRequest() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw
				.send(rawRequest("POST", "/json", "content-type: application/json", "transfer-encoding: chunked")
						+ "0\r\n\r\n")
				.read();
			assertThat(response.status()).isEqualTo(400);
			assertThat(json(response.bodyString()).get("detail").asString())
				.isEqualTo("Request body is empty; expected JSON for Payload");
		}
	}

	@Test
	void jsonNullBodyIsBadRequestOnTheEchoRoute() {
		// ctx.body(Payload.class) hands the handler null for the JSON literal null.
		HttpResponse<String> response = post(this.port, "/json", "application/json", "null");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
		assertThat(header(response, "content-type")).isEqualTo(PROBLEM_JSON);
	}

	@Test
	void jsonNullBodyIsAClientErrorNotAServerError() {
		// A client's body must never make a 500, nor reach the validator as null.
		HttpResponse<String> response = post(this.port, "/users", "application/json", "null");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
		assertThat(header(response, "content-type")).isEqualTo(PROBLEM_JSON);
	}

	@Test
	void expectContinueIsAnsweredBeforeTheBodyIsSent() throws IOException {
		String body = "{\"name\":\"fastro\",\"email\":\"hello@fastro.dev\"}";
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse interim = raw
				.send(rawRequest("POST", "/json", "content-type: application/json", "content-length: " + body.length(),
						"expect: 100-continue"))
				.read();
			assertThat(interim.statusLine()).isEqualTo("HTTP/1.1 100 Continue");
			RawResponse response = raw.send(body).read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo(body);
		}
	}

	@Test
	void clientLeavingMidBodyDoesNotDisturbTheServer() throws IOException {
		String contentLength = rawRequest("POST", "/json", "content-type: application/json", "content-length: 100")
				+ "{\"name\":";
		String chunked = rawRequest("POST", "/json", "content-type: application/json", "transfer-encoding: chunked")
				+ "5\r\n{\"nam\r\n";
		for (String halfARequest : new String[] { contentLength, chunked }) {
			try (RawHttp raw = new RawHttp(this.port)) {
				raw.send(halfARequest).shutdownOutput();
				// The server closing its side proves it saw the client leave mid-body.
				RawHttp.Received received = raw.readUntilClose(Duration.ofSeconds(10));
				assertThat(received.ended()).as("closed by the server: %s", received).isTrue();
			}
		}
		// The buffers of both half-received bodies must be released: the leak detection
		// checks it after the class.
		assertResponse(get(this.port, "/"), 200, TestHttp.TEXT, "Hello world!");
	}

	// ---- the size limit (fastro.server.max-body-size: 1MB)

	@Test
	void bodyAtTheLimitIsAccepted() {
		String body = jsonOfSize(LIMIT);
		HttpResponse<String> response = post(this.port, "/json", "application/json", body);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(body);
	}

	@Test
	void chunkedBodyAtTheLimitIsAccepted() {
		// A body publisher of unknown length makes HttpClient send the body chunked.
		String body = jsonOfSize(LIMIT);
		HttpResponse<String> response = send(request(this.port, "/json").header("content-type", "application/json")
			.POST(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)))));
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(body);
	}

	@Test
	void anUploadPastTheServersLimitStreamsToTheRouteThatTakesIt() throws Exception {
		byte[] file = new byte[3 * LIMIT];
		Arrays.fill(file, (byte) 'x');
		String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(file));
		HttpResponse<String> response = send(request(this.port, "/uploads")
			.POST(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(file))));
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(json(response.body()))
			.isEqualTo(json("{\"size\":" + file.length + ",\"sha256\":\"" + sha256 + "\"}"));
		assertThat(this.client.post("/uploads").body(file, "application/octet-stream").exchange().bodyString())
			.contains(sha256);
	}

	@Test
	void declaredLengthOverTheLimitIsRefusedAndTheConnectionClosed() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			// Refused on the headers alone: the server must answer without waiting for
			// the body.
			RawResponse response = raw
				.send(rawRequest("POST", "/json", "content-type: application/json", "content-length: " + (LIMIT + 1)))
				.read();
			assertThat(response.status()).isEqualTo(413);
			assertThat(response.header("connection")).isEqualTo("close");
			assertThat(response.header("content-type")).isEqualTo(PROBLEM_JSON);
			assertThat(response.bodyString()).isEqualTo(
					"{\"type\":\"about:blank\",\"title\":\"Request Entity Too Large\",\"status\":413,\"detail\":\"Request body is larger than the limit of 1048576 bytes\",\"instance\":\"/json\"}");
			assertThat(raw.closedWithin(Duration.ofSeconds(2))).isTrue();
		}
	}

	@Test
	void declaredLengthOverTheLimitIsRefusedWithoutContinue() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw
				.send(rawRequest("POST", "/json", "content-type: application/json", "content-length: " + (LIMIT + 1),
						"expect: 100-continue"))
				.read();
			assertThat(response.status()).isEqualTo(413);
			assertThat(response.header("connection")).isEqualTo("close");
			assertThat(raw.closedWithin(Duration.ofSeconds(2))).isTrue();
		}
	}

	@Test
	void chunkedBodyOverTheLimitIsRefused() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			raw.send(rawRequest("POST", "/json", "content-type: application/json", "transfer-encoding: chunked"));
			byte[] chunk = ("2000\r\n" + "x".repeat(0x2000) + "\r\n").getBytes(StandardCharsets.US_ASCII);
			try {
				// One chunk past the limit, and no last chunk: the server must stop at
				// the limit.
				for (int sent = 0; sent <= LIMIT; sent += 0x2000) {
					raw.send(chunk);
				}
			}
			catch (IOException ex) {
				// The server may close before it read everything; its answer is still
				// there to read.
			}
			RawResponse response = raw.read();
			assertThat(response.status()).isEqualTo(413);
			assertThat(response.header("connection")).isEqualTo("close");
			assertThat(json(response.bodyString()).get("detail").asString())
				.isEqualTo("Request body is larger than the limit of 1048576 bytes");
			assertThat(raw.closedWithin(Duration.ofSeconds(2))).isTrue();
		}
	}

	// ---- POST /users, validated by NewUser's constraints

	@Test
	void invalidUserIsBadRequestWithEveryInvalidField() {
		int before = this.users.all().size();
		assertThat(this.client.post("/users").json("{\"name\":\" \",\"email\":\"nope\"}").exchange())
			.isProblem(400, "Invalid request content.")
			.hasJsonBody(
					"{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"Invalid request content.\",\"instance\":\"/users\",\"errors\":["
							+ "{\"field\":\"email\",\"pointer\":\"#/email\",\"message\":\"must be a well-formed email address\",\"rejectedValue\":\"nope\"},"
							+ "{\"field\":\"name\",\"pointer\":\"#/name\",\"message\":\"must not be blank\",\"rejectedValue\":\" \"}]}");
		assertThat(this.users.all()).hasSize(before);
	}

	@Test
	void oneInvalidFieldIsTheOnlyOneListed() {
		assertThat(this.client.post("/users").json(new NewUser("Grace", null)).exchange())
			.isProblem(400, "Invalid request content.")
			.hasJsonBody(
					"{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"Invalid request content.\",\"instance\":\"/users\",\"errors\":["
							+ "{\"field\":\"email\",\"pointer\":\"#/email\",\"message\":\"must not be blank\",\"rejectedValue\":null}]}");
	}

	@Test
	void validUserIsCreatedWithItsLocation() {
		HttpResponse<String> response = post(this.port, "/users", "application/json",
				"{\"name\":\"Grace Hopper\",\"email\":\"grace@fastro.dev\"}");
		assertThat(response.statusCode()).isEqualTo(201);
		assertThat(header(response, "content-type")).isEqualTo(APPLICATION_JSON);
		long id = json(response.body()).get("id").asLong();
		assertThat(id).isGreaterThan(2);
		String user = "{\"id\":" + id + ",\"name\":\"Grace Hopper\",\"email\":\"grace@fastro.dev\"}";
		assertResponse(response, 201, APPLICATION_JSON, user);
		assertThat(response.headers().allValues("location")).containsExactly("/users/" + id);
		assertResponse(get(this.port, "/users/" + id), 200, APPLICATION_JSON, user);
	}

	/** A JSON Payload of exactly {@code size} bytes, ASCII only. */
	private static String jsonOfSize(int size) {
		String start = "{\"name\":\"";
		String end = "\",\"email\":\"hello@fastro.dev\"}";
		return start + "n".repeat(size - start.length() - end.length()) + end;
	}

}
