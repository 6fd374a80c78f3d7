package dev.fastro.autoconfigure;

import java.net.URI;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import dev.fastro.http.Routes;
import dev.fastro.http.WebSocketMessage;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.TestHttp;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Mono;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A WebSocket session through an application's life, with Actuator's metrics: its upgrade
 * is one {@code http.server.requests} observation with status 101, open sessions are a
 * gauge, and the server's graceful shutdown says {@code 1001} to each.
 */
@ExtendWith(NettyLeakDetection.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WebSocketLifecycleTest {

	static ConfigurableApplicationContext context;

	static int port;

	@BeforeAll
	static void start() {
		context = new SpringApplicationBuilder(App.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.server.shutdown-timeout=10s")
			.run();
		port = context.getBean(FastroServer.class).port();
	}

	@AfterAll
	static void stop() {
		context.close();
	}

	@Test
	@Order(1)
	void recordsTheUpgradeAs101AndCountsTheOpenSessions() throws Exception {
		MeterRegistry meters = context.getBean(MeterRegistry.class);
		WebSocketTest.Listener listener = new WebSocketTest.Listener();
		WebSocket socket = connect(listener);
		assertThat(listener.next()).isEqualTo("text:welcome");
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(
					meters.find("http.server.requests").tag("uri", "/live/{channel}").tag("status", "101").timer())
				.isNotNull());
		assertThat(meters.get("fastro.websocket.sessions.active").gauge().value()).isEqualTo(1);
		socket.sendClose(1000, "").join();
		assertThat(listener.next()).isEqualTo("close:1000");
		await().atMost(Duration.ofSeconds(10))
			.until(() -> meters.get("fastro.websocket.sessions.active").gauge().value() == 0);
	}

	@Test
	@Order(2)
	void saysGoingAwayToEveryOpenSessionOnShutdown() throws Exception {
		WebSocketTest.Listener first = new WebSocketTest.Listener();
		WebSocketTest.Listener second = new WebSocketTest.Listener();
		connect(first);
		connect(second);
		assertThat(first.next()).isEqualTo("text:welcome");
		assertThat(second.next()).isEqualTo("text:welcome");
		context.close();
		assertThat(first.next()).isEqualTo("close:1001 Server shutting down");
		assertThat(second.next()).isEqualTo("close:1001 Server shutting down");
	}

	private static WebSocket connect(WebSocketTest.Listener listener) throws Exception {
		return TestHttp.newClient()
			.newWebSocketBuilder()
			.buildAsync(URI.create("ws://127.0.0.1:" + port + "/live/news"), listener)
			.get(10, TimeUnit.SECONDS);
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class App {

		@Bean
		Routes live() {
			return Routes.builder()
				.websocket("/live/{channel}",
						(session) -> session.send(Mono.just(WebSocketMessage.text("welcome")))
							.then(session.receive().then()))
				.build();
		}

	}

}
