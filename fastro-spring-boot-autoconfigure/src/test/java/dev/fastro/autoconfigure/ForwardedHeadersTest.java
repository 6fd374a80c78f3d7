package dev.fastro.autoconfigure;

import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Behind a proxy, {@code fastro.server.forward-headers-strategy=native} makes the
 * client's address, scheme, host and port those the proxy names; by default, the headers
 * are ignored.
 */
class ForwardedHeadersTest {

	private static final String FORWARDED = "forwarded: for=203.0.113.7;proto=https;host=shop.example";

	private static final String[] X_FORWARDED = { "x-forwarded-for: 198.51.100.9", "x-forwarded-proto: https",
			"x-forwarded-host: api.example" };

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(WhoRoutes.class);

	@Test
	void forwardedHeadersAreIgnoredByDefault() {
		this.runner.run(context -> {
			int port = context.getBean(FastroServer.class).port();
			assertThat(who(port, FORWARDED)).isEqualTo("127.0.0.1 http localhost 80");
			assertThat(who(port, X_FORWARDED)).isEqualTo("127.0.0.1 http localhost 80");
		});
	}

	@Test
	void nativeStrategyReadsForwardedAndXForwardedHeaders() {
		this.runner.withPropertyValues("fastro.server.forward-headers-strategy=native").run(context -> {
			int port = context.getBean(FastroServer.class).port();
			assertThat(who(port, FORWARDED)).isEqualTo("203.0.113.7 https shop.example 443");
			assertThat(who(port, X_FORWARDED)).isEqualTo("198.51.100.9 https api.example 443");
			assertThat(who(port, "x-forwarded-host: api.example", "x-forwarded-port: 8443"))
				.isEqualTo("127.0.0.1 http api.example 8443");
			assertThat(who(port, "forwarded: host=shop.example:8080")).isEqualTo("127.0.0.1 http shop.example 8080");
			assertThat(who(port)).isEqualTo("127.0.0.1 http localhost 80");
		});
	}

	private static String who(int port, String... headers) throws Exception {
		try (RawHttp wire = new RawHttp(port)) {
			return wire.send(rawRequest("GET", "/who", headers)).read().bodyString();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class WhoRoutes {

		@Bean
		Routes who() {
			return Routes.builder()
				.get("/who",
						ctx -> ctx.remoteAddress().getHostString() + " " + ctx.scheme() + " " + ctx.host() + " "
								+ ctx.port())
				.build();
		}

	}

}
