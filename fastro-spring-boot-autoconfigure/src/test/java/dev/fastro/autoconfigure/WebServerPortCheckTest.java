package dev.fastro.autoconfigure;

import java.io.IOException;
import java.net.ServerSocket;

import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.autoconfigure.internal.PortClashException;
import dev.fastro.http.Routes;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.reactor.netty.autoconfigure.NettyReactiveWebServerAutoConfiguration;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.webflux.autoconfigure.HttpHandlerAutoConfiguration;
import org.springframework.boot.webflux.autoconfigure.WebFluxAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A WebFlux application that also serves Fastro: its embedded web server and Fastro's
 * must not share a port, and start-up says so before either binds.
 */
class WebServerPortCheckTest {

	@Test
	void refusesTheDefaultPortsNamingBothProperties() {
		// Neither port is set, so both are 8080; the check fails before anything binds
		// it.
		assertThatExceptionOfType(PortClashException.class).isThrownBy(() -> start(WebApplicationType.REACTIVE))
			.withMessage("Fastro and the application's embedded web server would both listen on port 8080: "
					+ "set server.port or fastro.server.port to another port");
	}

	@Test
	void refusesTheSamePortSetTwice() throws IOException {
		int port = freePort();
		assertThatExceptionOfType(PortClashException.class)
			.isThrownBy(() -> start(WebApplicationType.REACTIVE, "server.port=" + port, "fastro.server.port=" + port))
			.extracting(PortClashException::getPort)
			.isEqualTo(port);
	}

	@Test
	void startsBothServersOnDifferentPorts() throws IOException {
		int webPort = freePort();
		int fastroPort = freePort();
		try (ConfigurableApplicationContext context = start(WebApplicationType.REACTIVE, "server.port=" + webPort,
				"fastro.server.port=" + fastroPort)) {
			assertThat(((WebServerApplicationContext) context).getWebServer().getPort()).isEqualTo(webPort);
			assertThat(context.getBean(FastroServerLifecycle.class).isRunning()).isTrue();
			assertThat(context.getEnvironment().getProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class))
				.isEqualTo(fastroPort);
		}
	}

	@Test
	void startsBothServersOnOnePortOfDifferentAddresses() throws IOException {
		int port = freePort();
		try (ConfigurableApplicationContext context = start(WebApplicationType.REACTIVE, "server.port=" + port,
				"server.address=127.0.0.1", "fastro.server.port=" + port, "fastro.server.address=127.0.0.2")) {
			assertThat(((WebServerApplicationContext) context).getWebServer().getPort()).isEqualTo(port);
			assertThat(context.getBean(FastroServerLifecycle.class).isRunning()).isTrue();
		}
	}

	@Test
	void startsFastroAloneOnThatPortWhenTheApplicationIsNoWebApplication() throws IOException {
		int port = freePort();
		try (ConfigurableApplicationContext context = start(WebApplicationType.NONE, "server.port=" + port,
				"fastro.server.port=" + port)) {
			assertThat(context).isNotInstanceOf(WebServerApplicationContext.class);
			assertThat(context.getBean(FastroServerLifecycle.class).isRunning()).isTrue();
		}
	}

	private static ConfigurableApplicationContext start(WebApplicationType type, String... properties) {
		return new SpringApplicationBuilder(WebFluxApp.class).web(type).properties(properties).run();
	}

	/** A port that was free a moment ago. */
	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ JacksonAutoConfiguration.class, NettyReactiveWebServerAutoConfiguration.class,
			HttpHandlerAutoConfiguration.class, WebFluxAutoConfiguration.class, FastroAutoConfiguration.class,
			FastroServerAutoConfiguration.class })
	static class WebFluxApp {

		@Bean
		Routes hello() {
			return Routes.builder().get("/hello", ctx -> "Hello").build();
		}

	}

}
