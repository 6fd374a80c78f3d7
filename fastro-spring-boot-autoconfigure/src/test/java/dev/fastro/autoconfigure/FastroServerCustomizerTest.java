package dev.fastro.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link FastroServerCustomizer} beans adjust Reactor Netty's server before it binds, in
 * their order, after Fastro's own configuration: its connections on Fastro's own
 * exchange, and its request handling too on Reactor Netty's.
 */
class FastroServerCustomizerTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(Customized.class);

	@Test
	void customizersAdjustTheServerInTheirOrderOnFastrosOwnExchange() {
		this.runner.run(context -> {
			Customized customized = context.getBean(Customized.class);
			assertThat(customized.applied).containsExactly("first", "second");
			FastroServer server = context.getBean(FastroServer.class);
			assertThat(server.servesHttp1Exchanges()).isTrue();
			assertThat(TestHttp.call(server.port(), "GET", "/").body()).isEqualTo("hello");
			assertThat(customized.connections).hasPositiveValue();
		});
	}

	@Test
	void aCustomizerOfRequestHandlingFailsStartUpOnFastrosOwnExchange() {
		this.runner.withBean("noCompression", FastroServerCustomizer.class, () -> server -> server.compress(true))
			.run(context -> assertThat(context).getFailure()
				.rootCause()
				.hasMessage("A FastroServerCustomizer changed Reactor Netty's compression, which only Reactor Netty's "
						+ "own exchange applies; set fastro.server.http1-exchange=reactor-netty to have it serve "
						+ "HTTP/1.1 requests"));
		this.runner
			.withBean("idle", FastroServerCustomizer.class, () -> server -> server.idleTimeout(Duration.ofSeconds(1)))
			.run(context -> assertThat(context).getFailure().rootCause().hasMessageContaining("idle timeout"));
		this.runner.withBean("counter", FastroServerCustomizer.class, () -> server -> server.doOnConnection((c) -> {
		})).run(context -> assertThat(context).getFailure().rootCause().hasMessageContaining("doOnConnection"));
	}

	@Test
	void aCustomizerHasTheLastWordOverFastrosConfigurationOnReactorNettysExchange() {
		this.runner
			.withPropertyValues("fastro.server.compression.enabled=true", "fastro.server.http1-exchange=reactor-netty")
			.withBean("noCompression", FastroServerCustomizer.class, () -> server -> server.compress(false))
			.run(context -> {
				int port = context.getBean(FastroServer.class).port();
				assertThat(TestHttp.call(port, "GET", "/large", "accept-encoding", "gzip")
					.headers()
					.firstValue("content-encoding")).isEmpty();
			});
	}

	@Configuration(proxyBeanMethods = false)
	static class Customized {

		final List<String> applied = new CopyOnWriteArrayList<>();

		final AtomicInteger connections = new AtomicInteger();

		@Bean
		@Order(2)
		FastroServerCustomizer second() {
			return server -> {
				this.applied.add("second");
				return server.doOnChannelInit((observer, channel, address) -> this.connections.incrementAndGet());
			};
		}

		@Bean
		@Order(1)
		FastroServerCustomizer first() {
			return server -> {
				this.applied.add("first");
				return server;
			};
		}

		@Bean
		Routes hello() {
			return Routes.builder().get("/", ctx -> "hello").get("/large", ctx -> "x".repeat(8192)).build();
		}

	}

}
