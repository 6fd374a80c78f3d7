package dev.fastro.autoconfigure;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Flux;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With {@code fastro.server.access-log.enabled}, every request gets one line on Reactor
 * Netty's access-log logger, with the pattern of the route it reached. On Fastro's own
 * HTTP/1.1 exchange here, on Reactor Netty's in
 * {@link AccessLogOnReactorNettysExchangeTest}.
 */
@ExtendWith(OutputCaptureExtension.class)
class AccessLogTest {

	/** Whether Fastro serves the HTTP/1.1 exchanges of the server the runner starts. */
	boolean onFastrosExchange = true;

	ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0", "fastro.server.access-log.enabled=true",
				"fastro.server.max-body-size=16B")
		.withUserConfiguration(LoggedRoutes.class);

	@Test
	void logsOneLinePerRequestWithItsRoute(CapturedOutput output) {
		this.runner.run(context -> {
			assertThat(context.getBean(FastroServer.class).servesHttp1Exchanges()).isEqualTo(this.onFastrosExchange);
			int port = context.getBean(FastroServer.class).port();
			try (RawHttp wire = new RawHttp(port)) {
				assertThat(wire.send(rawRequest("GET", "/users/7?x=1")).read().status()).isEqualTo(200);
				assertThat(wire.send(rawRequest("GET", "/nope")).read().status()).isEqualTo(404);
				assertThat(
						wire.send(rawRequest("POST", "/echo", "content-length: 17") + "x".repeat(17)).read().status())
					.isEqualTo(413);
			}
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(output.getAll())
					.containsPattern("reactor.netty.http.server.AccessLog\\W.*127.0.0.1 - - "
							+ "\\[\\d{2}/[A-Z][a-z]{2}/\\d{4}:\\d{2}:\\d{2}:\\d{2} [+-]\\d{4}\\] "
							+ "\"GET /users/7\\?x=1 HTTP/1.1\" 200 1 \\d+ route=/users/\\{id\\}")
					.containsPattern("\"GET /nope HTTP/1.1\" 404 \\d+ \\d+ route=-")
					.containsPattern("\"POST /echo HTTP/1.1\" 413 \\d+ \\d+ route=/echo"));
		});
	}

	@Test
	void logsPipelinedRequestsEachWithItsOwnAnswer(CapturedOutput output) {
		this.runner.run(context -> {
			int port = context.getBean(FastroServer.class).port();
			List<RawResponse> answers;
			try (RawHttp wire = new RawHttp(port)) {
				wire.send(rawRequest("GET", "/users/31") + rawRequest("GET", "/nope/32")
						+ rawRequest("POST", "/echo", "content-length: 5") + "hello"
						+ rawRequest("GET", "/users/3333"));
				answers = List.of(wire.read(), wire.read(), wire.read(), wire.read());
			}
			assertThat(answers).extracting(RawResponse::status).containsExactly(200, 404, 200, 200);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(output.getAll())
					.containsPattern("\"GET /users/31 HTTP/1.1\" 200 2 \\d+ route=/users/\\{id\\}\n")
					.containsPattern(
							"\"GET /nope/32 HTTP/1.1\" 404 " + answers.get(1).body().length + " \\d+ route=-\n")
					.containsPattern("\"POST /echo HTTP/1.1\" 200 5 \\d+ route=/echo\n")
					.containsPattern("\"GET /users/3333 HTTP/1.1\" 200 4 \\d+ route=/users/\\{id\\}\n"));
		});
	}

	@Test
	void logsAStreamedAnswerWithTheBytesSentAndNoLineForAnInterimAnswer(CapturedOutput output) {
		this.runner.withPropertyValues("fastro.server.max-body-size=1KB").run(context -> {
			int port = context.getBean(FastroServer.class).port();
			RawResponse streamed;
			RawResponse continued;
			try (RawHttp wire = new RawHttp(port)) {
				streamed = wire.send(rawRequest("GET", "/stream")).read();
				wire.send(rawRequest("POST", "/echo", "content-length: 6", "expect: 100-continue"));
				assertThat(wire.readToHead().status()).isEqualTo(100);
				continued = wire.send("waited").read();
			}
			assertThat(streamed.header("transfer-encoding")).isEqualTo("chunked");
			assertThat(continued.status()).isEqualTo(200);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(output.getAll())
					.containsPattern("\"GET /stream HTTP/1.1\" 200 " + streamed.body().length + " \\d+ route=/stream\n")
					.containsPattern("\"POST /echo HTTP/1.1\" 200 6 \\d+ route=/echo\n"));
			assertThat(output.getAll()).doesNotContain("\" 100 ");
		});
	}

	@Test
	void logsTheProblemBodyOfARequestRefusedBeforeItsExchange(CapturedOutput output) {
		this.runner.run(context -> {
			int port = context.getBean(FastroServer.class).port();
			RawResponse refused;
			try (RawHttp wire = new RawHttp(port)) {
				refused = wire.send("GET /users/8 HTTP/1.1\r\nhost: a b\r\n\r\n").read();
			}
			assertThat(refused.status()).isEqualTo(400);
			assertThat(refused.body()).isNotEmpty();
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(output.getAll())
					.contains("\"GET /users/8 HTTP/1.1\" 400 " + refused.body().length + " "));
		});
	}

	@Test
	void logsAnAnswerToAHeadThatNeverEndedWithoutARequestLine(CapturedOutput output) {
		this.runner.withPropertyValues("fastro.server.read-timeout=300ms").run(context -> {
			int port = context.getBean(FastroServer.class).port();
			RawResponse timedOut;
			try (RawHttp wire = new RawHttp(port)) {
				timedOut = wire.send("GET /users/9 HTTP/1.1\r\nhost: localhost\r\n").read();
			}
			assertThat(timedOut.status()).isEqualTo(408);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(output.getAll())
					.containsPattern("\\] \"- - -\" 408 " + timedOut.body().length + " \\d+ route=-\n"));
		});
	}

	@Test
	void behindAProxyLogsTheClientItNames(CapturedOutput output) {
		this.runner.withPropertyValues("fastro.server.forward-headers-strategy=native").run(context -> {
			int port = context.getBean(FastroServer.class).port();
			try (RawHttp wire = new RawHttp(port)) {
				assertThat(wire.send(rawRequest("GET", "/users/41", "x-forwarded-for: 203.0.113.7, 10.0.0.1"))
					.read()
					.status()).isEqualTo(200);
				assertThat(wire.send(rawRequest("GET", "/users/42", "forwarded: for=\"[2001:db8::7]:4711\""))
					.read()
					.status()).isEqualTo(200);
				assertThat(wire.send(rawRequest("GET", "/users/43")).read().status()).isEqualTo(200);
			}
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(output.getAll())
					.containsPattern("\\s203.0.113.7 - - \\[[^]]+\\] \"GET /users/41 ")
					.containsPattern("\\s2001:db8:0:0:0:0:0:7 - - \\[[^]]+\\] \"GET /users/42 ")
					.containsPattern("\\s127.0.0.1 - - \\[[^]]+\\] \"GET /users/43 "));
		});
	}

	@Test
	void behindAProxyItDoesNotTrustLogsTheProxy(CapturedOutput output) {
		this.runner
			.withPropertyValues("fastro.server.forward-headers-strategy=native",
					"fastro.server.trusted-proxies=10.0.0.0/8")
			.run(context -> {
				int port = context.getBean(FastroServer.class).port();
				try (RawHttp wire = new RawHttp(port)) {
					assertThat(
							wire.send(rawRequest("GET", "/users/44", "x-forwarded-for: 203.0.113.7")).read().status())
						.isEqualTo(200);
				}
				await().atMost(Duration.ofSeconds(10))
					.untilAsserted(() -> assertThat(output.getAll())
						.containsPattern("\\s127.0.0.1 - - \\[[^]]+\\] \"GET /users/44 "));
			});
	}

	@Test
	void behindAProxyLogsTheClientItNamesOnHttp2Too(CapturedOutput output) {
		this.runner
			.withPropertyValues("fastro.server.forward-headers-strategy=native", "fastro.server.http2.enabled=true")
			.run(context -> {
				int port = context.getBean(FastroServer.class).port();
				HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
				for (String id : List.of("45", "46")) {
					HttpResponse<String> upgraded = client
						.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/users/" + id))
							.header("x-forwarded-for", "198.51.100." + id)
							.build(), HttpResponse.BodyHandlers.ofString());
					assertThat(upgraded.version()).isEqualTo(HttpClient.Version.HTTP_2);
				}
				await().atMost(Duration.ofSeconds(10))
					.untilAsserted(() -> assertThat(output.getAll())
						.containsPattern("\\s198.51.100.45 - - \\[[^]]+\\] \"GET /users/45 HTTP/2.0\" 200 ")
						.containsPattern("\\s198.51.100.46 - - \\[[^]]+\\] \"GET /users/46 HTTP/2.0\" 200 "));
			});
	}

	@Test
	void logsHttp2AndHttp11OnAServerThatSpeaksBoth(CapturedOutput output) {
		this.runner.withPropertyValues("fastro.server.http2.enabled=true").run(context -> {
			int port = context.getBean(FastroServer.class).port();
			HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
			for (String id : List.of("1", "2")) {
				HttpResponse<String> upgraded = client.send(
						HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/users/" + id)).build(),
						HttpResponse.BodyHandlers.ofString());
				assertThat(upgraded.version()).isEqualTo(HttpClient.Version.HTTP_2);
			}
			RawResponse refused;
			try (RawHttp wire = new RawHttp(port)) {
				assertThat(wire.send(rawRequest("GET", "/users/3")).read().status()).isEqualTo(200);
				refused = wire.send("GET /users/4 HTTP/1.1\r\nhost: a b\r\n\r\n").read();
			}
			assertThat(refused.status()).isEqualTo(400);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(output.getAll())
					.containsPattern("\"GET /users/1 HTTP/2.0\" 200 1 \\d+ route=/users/\\{id\\}")
					.containsPattern("\"GET /users/2 HTTP/2.0\" 200 1 \\d+ route=/users/\\{id\\}")
					.containsPattern("\"GET /users/3 HTTP/1.1\" 200 1 \\d+ route=/users/\\{id\\}")
					.contains("\"GET /users/4 HTTP/1.1\" 400 " + refused.body().length + " "));
			assertThat(output.getAll()).doesNotContain("\" 101 ");
		});
	}

	@Test
	void logsTheBodyBytesAsSentCompressed(CapturedOutput output) {
		this.runner
			.withPropertyValues("fastro.server.compression.enabled=true",
					"fastro.server.compression.min-response-size=1B")
			.run(context -> {
				int port = context.getBean(FastroServer.class).port();
				RawResponse compressed;
				try (RawHttp wire = new RawHttp(port)) {
					compressed = wire.send(rawRequest("GET", "/users/1234567890", "accept-encoding: gzip")).read();
				}
				assertThat(compressed.header("content-encoding")).isEqualTo("gzip");
				assertThat(compressed.body()).hasSizeGreaterThan(10);
				await().atMost(Duration.ofSeconds(10))
					.untilAsserted(() -> assertThat(output.getAll())
						.contains("\"GET /users/1234567890 HTTP/1.1\" 200 " + compressed.body().length + " "));
			});
	}

	@Configuration(proxyBeanMethods = false)
	static class LoggedRoutes {

		@Bean
		Routes logged() {
			return Routes.builder()
				.get("/users/{id}", ctx -> ctx.param("id"))
				.post("/echo", ctx -> ctx.bodyString())
				.get("/stream", ctx -> Flux.just("a", "bb", "ccc"))
				.build();
		}

	}

}
