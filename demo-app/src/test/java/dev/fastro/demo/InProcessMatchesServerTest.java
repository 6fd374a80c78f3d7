package dev.fastro.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestRequest;
import dev.fastro.test.client.TestResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The in-process client answers as the server does: for every route of the demo app, and
 * its error answers, and the demo page's static files, the same request is sent in
 * process and over a socket, and the two answers compared as the server writes them
 * (status line, every header line in order, body), but for the {@code Date} header the
 * in-process client does not model. A streamed body is compared once its chunks are
 * joined. A user created by {@code POST /users} is left out: the two requests would
 * create two users with different ids; so are the Actuator endpoints whose answers change
 * from call to call (health details, metrics).
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
class InProcessMatchesServerTest {

	private static final String JSON = "content-type: application/json";

	@LocalFastroPort
	int port;

	@Autowired
	ApplicationContext context;

	static List<Arguments> requests() {
		return List.of(request("GET", "/"), request("HEAD", "/"), request("GET", "/user/caf%C3%A9"),
				request("GET", "/query?name=a+b%20c"), request("GET", "/middleware"),
				request("POST", "/json", JSON, "{\"name\":\"fastro\",\"email\":\"hello@fastro.dev\"}"),
				request("POST", "/json", "content-type: text/plain", "{}"),
				request("POST", "/json", JSON, "{\"name\":[\"x\"]}"), request("POST", "/json", JSON, "{\n oops"),
				request("GET", "/users"), request("HEAD", "/users"),
				request("GET", "/users", "accept: application/x-ndjson"), request("GET", "/users/1"),
				request("GET", "/users/999"), request("GET", "/users/99999999999999999999"),
				request("POST", "/users", JSON, "{\"name\":\" \",\"email\":\"nope\"}"),
				request("GET", "/async/greeting/ada"), request("GET", "/async/sum?a=1&b=2"),
				request("GET", "/async/sum?a=9223372036854775807&b=1"), request("GET", "/async/sum?b=1"),
				request("GET", "/reports/slow"), request("GET", "/files/docs/r%C3%A9sum%C3%A9.pdf"),
				request("GET", "/caf%C3%A9/cr%C3%AApe"), request("GET", "/admin/stats"),
				request("GET", "/admin/stats", "authorization: Bearer nope"),
				request("GET", "/admin/stats", "authorization: Bearer demo-token"), request("HEAD", "/users/1"),
				request("GET", "/nope"), request("DELETE", "/user/1"), request("OPTIONS", "/users"),
				request("GET", "/user/%zz"), request("GET", "/actuator/info"),
				request("GET", "/actuator/health/liveness"), request("GET", "/actuator/nope"),
				request("GET", "/index.html"), request("HEAD", "/demo.css"), request("GET", "/demo.js"),
				request("GET", "/demo.css", "range: bytes=0-9"), request("GET", "/%2eenv"));
	}

	private static Arguments request(String method, String target, String... headersThenBody) {
		return Arguments.of(method, target, List.of(headersThenBody));
	}

	@ParameterizedTest(name = "{0} {1} {2}")
	@MethodSource("requests")
	void inProcessAnswerIsTheServers(String method, String target, List<String> headersThenBody) throws IOException {
		boolean hasBody = method.equals("POST");
		List<String> headers = new ArrayList<>(
				hasBody ? headersThenBody.subList(0, headersThenBody.size() - 1) : headersThenBody);
		String body = hasBody ? headersThenBody.get(headersThenBody.size() - 1) : "";
		TestRequest inProcess = FastroTestClient.bindTo(this.context).method(method, target);
		for (String header : headers) {
			int colon = header.indexOf(':');
			inProcess.header(header.substring(0, colon), header.substring(colon + 1).trim());
		}
		if (hasBody) {
			inProcess.body(body, null);
			headers.add("content-length: " + body.getBytes(StandardCharsets.UTF_8).length);
		}
		RawResponse overSocket;
		try (RawHttp raw = new RawHttp(this.port)) {
			raw.send(rawRequest(method, target, headers.toArray(String[]::new)) + body);
			overSocket = method.equals("HEAD") ? raw.readToHead() : raw.read();
		}
		assertThat(asWritten(inProcess.exchange())).isEqualTo(asWritten(overSocket));
	}

	private static String asWritten(TestResponse response) {
		return asWritten(
				"HTTP/1.1 " + response.status() + " " + HttpResponseStatus.valueOf(response.status()).reasonPhrase(),
				response.headers(), response.bodyBytes());
	}

	private static String asWritten(RawResponse response) {
		return asWritten(response.statusLine(), response.headers(), response.body());
	}

	private static String asWritten(String statusLine, List<Map.Entry<String, String>> headers, byte[] body) {
		StringBuilder written = new StringBuilder(statusLine).append("\r\n");
		for (Map.Entry<String, String> header : headers) {
			if (!header.getKey().equalsIgnoreCase("date")) {
				written.append(header.getKey()).append(": ").append(header.getValue()).append("\r\n");
			}
		}
		return written.append("\r\n").append(new String(body, StandardCharsets.ISO_8859_1)).toString();
	}

}
