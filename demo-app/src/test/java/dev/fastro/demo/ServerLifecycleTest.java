package dev.fastro.demo;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.fastro.autoconfigure.FastroServerStartedEvent;
import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.TEXT;
import static dev.fastro.test.TestHttp.assertResponse;
import static dev.fastro.test.TestHttp.get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Start and stop of the server with the application context, the published port,
 * keep-alive.
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
@Import(ServerLifecycleTest.StartedEvents.class)
class ServerLifecycleTest {

	@LocalFastroPort
	int port;

	@Autowired
	Environment environment;

	@Autowired
	StartedEvents started;

	@Test
	void boundPortIsPublished() {
		assertThat(this.port).isPositive().isNotEqualTo(8080);
		assertThat(this.environment.getProperty("local.fastro.port", Integer.class)).isEqualTo(this.port);
		assertResponse(get(this.port, "/"), 200, TEXT, "Hello world!");
	}

	@Test
	void startedEventIsPublishedOnceWithTheBoundPort() {
		assertThat(this.started.events).hasSize(1);
		FastroServerStartedEvent event = this.started.events.get(0);
		assertThat(event.getPort()).isEqualTo(this.port);
		assertThat(event.getAddress().getPort()).isEqualTo(this.port);
	}

	@Test
	void oneConnectionCarriesSeveralRequests() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse root = raw.send(rawRequest("GET", "/")).read();
			assertThat(root.bodyString()).isEqualTo("Hello world!");
			RawResponse user = raw.send(rawRequest("GET", "/user/42")).read();
			assertThat(user.bodyString()).isEqualTo("User 42");
			String json = "{\"name\":\"fastro\",\"email\":\"hello@fastro.dev\"}";
			RawResponse post = raw
				.send(rawRequest("POST", "/json", "content-type: application/json", "content-length: " + json.length())
						+ json)
				.read();
			assertThat(post.bodyString()).isEqualTo(json);
			RawResponse missing = raw.send(rawRequest("GET", "/nope")).read();
			assertThat(missing.status()).isEqualTo(404);
			RawResponse middleware = raw.send(rawRequest("GET", "/middleware")).read();
			assertThat(middleware.header("x-user")).isEqualTo("fastro");
			// Each answer came on the connection the answers before it left open.
			for (RawResponse response : List.of(root, user, post, missing, middleware)) {
				assertThat(response.header("connection")).as(response.statusLine()).isNull();
			}
		}
	}

	@Test
	void pipelinedRequestsAreAnsweredInOrder() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			raw.send(rawRequest("GET", "/user/1") + rawRequest("GET", "/async/greeting/x")
					+ rawRequest("GET", "/user/3"));
			assertThat(raw.read().bodyString()).isEqualTo("User 1");
			assertThat(raw.read().bodyString()).isEqualTo("Hello, x!");
			assertThat(raw.read().bodyString()).isEqualTo("User 3");
		}
	}

	@Test
	void connectionCloseIsHonoured() throws IOException {
		try (RawHttp raw = new RawHttp(this.port)) {
			RawResponse response = raw.send(rawRequest("GET", "/", "connection: close")).read();
			assertThat(response.bodyString()).isEqualTo("Hello world!");
			assertThat(raw.closedWithin(Duration.ofSeconds(2))).isTrue();
		}
	}

	@Test
	void closingTheContextStopsTheServer() throws IOException {
		int otherPort;
		try (ConfigurableApplicationContext other = new SpringApplicationBuilder(DemoApplication.class)
			.run("--fastro.server.port=0", "--fastro.server.shutdown-timeout=2s", "--spring.main.banner-mode=off")) {
			otherPort = other.getEnvironment().getProperty("local.fastro.port", Integer.class);
			assertThat(otherPort).isNotEqualTo(this.port);
			assertResponse(get(otherPort, "/user/9"), 200, TEXT, "User 9");
		}
		assertThatExceptionOfType(ConnectException.class).isThrownBy(() -> new Socket("127.0.0.1", otherPort).close());
		// The context under test is still serving.
		assertResponse(get(this.port, "/"), 200, TEXT, "Hello world!");
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class StartedEvents {

		final List<FastroServerStartedEvent> events = new CopyOnWriteArrayList<>();

		@EventListener
		void onStarted(FastroServerStartedEvent event) {
			this.events.add(event);
		}

	}

}
