package dev.fastro.autoconfigure;

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
 * their order, after Fastro's own configuration.
 */
class FastroServerCustomizerTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(Customized.class);

	@Test
	void customizersAdjustTheServerInTheirOrder() {
		this.runner.run(context -> {
			Customized customized = context.getBean(Customized.class);
			assertThat(customized.applied).containsExactly("first", "second");
			int port = context.getBean(FastroServer.class).port();
			assertThat(TestHttp.call(port, "GET", "/").body()).isEqualTo("hello");
			assertThat(customized.connections).hasPositiveValue();
		});
	}

	@Test
	void aCustomizerHasTheLastWordOverFastrosConfiguration() {
		this.runner.withPropertyValues("fastro.server.compression.enabled=true")
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
				return server.doOnConnection(connection -> this.connections.incrementAndGet());
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
