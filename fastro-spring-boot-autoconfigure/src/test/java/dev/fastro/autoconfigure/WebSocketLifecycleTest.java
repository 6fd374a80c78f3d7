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
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * A WebSocket session through an application's life, with Actuator's metrics: its upgrade
 * is one {@code http.server.requests} observation with status 101, open sessions are a
 * gauge, the idle timeout and the server's graceful shutdown say {@code 1001} to each,
 * and Reactor Netty's exchange, which cannot serve them, fails start-up.
 */
@ExtendWith(NettyLeakDetection.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WebSocketLifecycleTest {

	static ConfigurableApplicationContext context;

	static int port;

	@BeforeAll
	static void start() {
		context = start("fastro.server.shutdown-timeout=10s");
		port = context.getBean(FastroServer.class).port();
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return new SpringApplicationBuilder(App.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.security.enabled=false")
			.properties(properties)
			.run();
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

	@Test
	void closesASessionIdleForTheIdleTimeoutWith1001() throws Exception {
		try (ConfigurableApplicationContext idle = start("fastro.websocket.idle-timeout=200ms")) {
			WebSocketTest.Listener listener = new WebSocketTest.Listener();
			connect(idle.getBean(FastroServer.class).port(), listener);
			assertThat(listener.next()).isEqualTo("text:welcome");
			assertThat(listener.next()).isEqualTo("close:1001 Idle timeout");
		}
	}

	@Test
	void refusesToStartAWebSocketRouteOnReactorNettysExchange() {
		assertThatThrownBy(() -> start("fastro.server.http1-exchange=reactor-netty"))
			.hasRootCauseInstanceOf(InvalidConfigurationPropertyValueException.class)
			.rootCause()
			.hasMessageContaining("fastro.server.http1-exchange")
			.hasMessageContaining("GET /live/{channel}");
	}

	private static WebSocket connect(WebSocketTest.Listener listener) throws Exception {
		return connect(port, listener);
	}

	private static WebSocket connect(int port, WebSocketTest.Listener listener) throws Exception {
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
