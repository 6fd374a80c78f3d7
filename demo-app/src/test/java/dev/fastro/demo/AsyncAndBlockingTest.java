package dev.fastro.demo;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.http.Handler;
import dev.fastro.http.Routes;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.APPLICATION_JSON;
import static dev.fastro.test.TestHttp.CLIENT;
import static dev.fastro.test.TestHttp.JSON;
import static dev.fastro.test.TestHttp.TEXT;
import static dev.fastro.test.TestHttp.assertJsonEquals;
import static dev.fastro.test.TestHttp.assertProblem;
import static dev.fastro.test.TestHttp.assertResponse;
import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.header;
import static dev.fastro.test.TestHttp.json;
import static dev.fastro.test.TestHttp.request;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Results that arrive later (Mono, CompletableFuture), blocking handlers, and streamed
 * Flux results. One test route, {@code /test/together}, proves that blocking handlers run
 * at the same time.
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
@Import(AsyncAndBlockingTest.Together.class)
class AsyncAndBlockingTest {

	private static final String ADA = "{\"id\":1,\"name\":\"Ada Lovelace\",\"email\":\"ada@fastro.dev\"}";

	private static final String ALAN = "{\"id\":2,\"name\":\"Alan Turing\",\"email\":\"alan@fastro.dev\"}";

	@LocalFastroPort
	int port;

	@Autowired
	UserDirectory users;

	@Test
	void monoResult() {
		assertResponse(get(this.port, "/async/greeting/bob"), 200, TEXT, "Hello, bob!");
		assertResponse(get(this.port, "/async/greeting/Jos%C3%A9"), 200, TEXT, "Hello, José!");
	}

	@Test
	void completableFutureResult() {
		assertResponse(get(this.port, "/async/sum?a=1&b=2"), 200, APPLICATION_JSON, "{\"sum\":3}");
		assertResponse(get(this.port, "/async/sum?a=-5&b=2"), 200, APPLICATION_JSON, "{\"sum\":-3}");
	}

	@Test
	void queryParameterThatIsNotANumberIsABadRequestNamingIt() {
		assertProblem(get(this.port, "/async/sum?a=x&b=1"), 400,
				"{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"Query parameter 'a' must be a whole number, not 'x'\",\"instance\":\"/async/sum\"}");
	}

	@Test
	void missingQueryParameterIsABadRequestNamingIt() {
		assertProblem(get(this.port, "/async/sum?b=1"), 400,
				"{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"Query parameter 'a' is required\",\"instance\":\"/async/sum\"}");
	}

	@Test
	void overflowingSumIsUnprocessableNotSilentlyWrong() {
		assertProblem(get(this.port, "/async/sum?a=9223372036854775807&b=1"), 422,
				"{\"type\":\"about:blank\",\"title\":\"Unprocessable Entity\",\"status\":422,\"detail\":\"The result does not fit a 64-bit integer\",\"instance\":\"/async/sum\"}");
	}

	@Test
	void blockingHandlerRunsOffTheEventLoop() {
		HttpResponse<String> response = get(this.port, "/reports/slow");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(header(response, "content-type")).isEqualTo(APPLICATION_JSON);
		assertThat(header(response, "content-length")).isEqualTo(String.valueOf(response.body().length()));
		assertJsonEquals(response.body(), "{\"report\":\"ready\",\"onEventLoop\":false}");
	}

	@Test
	void blockingHandlersRunConcurrently() {
		// Each handler waits at a barrier for all the others: served one after the other,
		// none would pass it.
		List<CompletableFuture<HttpResponse<String>>> calls = IntStream.range(0, Together.HANDLERS)
			.mapToObj(i -> CLIENT.sendAsync(request(this.port, "/test/together").build(),
					BodyHandlers.ofString(StandardCharsets.UTF_8)))
			.toList();
		for (CompletableFuture<HttpResponse<String>> call : calls) {
			assertResponse(call.join(), 200, TEXT, "together");
		}
	}

	@Test
	void fluxIsStreamedAsAJsonArray() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw.send(rawRequest("GET", "/users")).read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.header("content-type")).isEqualTo(APPLICATION_JSON);
			assertThat(response.header("transfer-encoding")).isEqualTo("chunked");
			assertThat(response.header("content-length")).isNull();
			String body = response.bodyString();
			assertThat(body).startsWith("[" + ADA + "," + ALAN).endsWith("}]");
			assertThat(json(body)).isEqualTo(json(JSON.writeValueAsString(this.users.all())));
		}
	}

	@Test
	void fluxIsStreamedAsNdjsonWhenAccepted() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw.send(rawRequest("GET", "/users", "accept: application/x-ndjson")).read();
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.header("content-type")).isEqualTo("application/x-ndjson");
			assertThat(response.header("transfer-encoding")).isEqualTo("chunked");
			String body = response.bodyString();
			assertThat(body).startsWith(ADA + "\n" + ALAN + "\n").endsWith("}\n");
			List<String> lines = body.lines().toList();
			assertThat(lines).hasSize(this.users.all().size());
			List<User> expected = List.copyOf(this.users.all());
			for (int i = 0; i < lines.size(); i++) {
				assertThat(json(lines.get(i))).isEqualTo(json(JSON.writeValueAsString(expected.get(i))));
			}
		}
	}

	@Test
	void headOnAStreamedRouteSendsNoBody() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse head = raw.send(rawRequest("HEAD", "/users")).readToHead();
			assertThat(head.status()).isEqualTo(200);
			assertThat(head.header("content-type")).isEqualTo(APPLICATION_JSON);
			RawResponse next = raw.send(rawRequest("GET", "/async/greeting/eve")).read();
			assertThat(next.statusLine()).isEqualTo("HTTP/1.1 200 OK");
			assertThat(next.bodyString()).isEqualTo("Hello, eve!");
		}
	}

	@Test
	void headOnABlockingRouteSendsNoBody() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse head = raw.send(rawRequest("HEAD", "/reports/slow")).readToHead();
			assertThat(head.status()).isEqualTo(200);
			assertThat(head.header("content-length")).isEqualTo("38");
			assertThat(raw.send(rawRequest("GET", "/user/8")).read().bodyString()).isEqualTo("User 8");
		}
	}

	@Test
	void streamedResponseLeavesTheConnectionUsable() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			assertThat(raw.send(rawRequest("GET", "/users")).read().status()).isEqualTo(200);
			RawResponse next = raw.send(rawRequest("GET", "/async/greeting/ann")).read();
			assertThat(next.bodyString()).isEqualTo("Hello, ann!");
		}
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Together {

		/**
		 * No more than the smallest blocking pool has threads (ten, on one core), so that
		 * all can run at once.
		 */
		static final int HANDLERS = 8;

		private final CyclicBarrier barrier = new CyclicBarrier(HANDLERS);

		@Bean
		Routes together() {
			return Routes.builder().get("/test/together", Handler.blocking(ctx -> {
				// Past this bound the barrier breaks, and every waiting handler answers
				// 500.
				this.barrier.await(10, TimeUnit.SECONDS);
				return "together";
			})).build();
		}

	}

}
