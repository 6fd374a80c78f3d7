package dev.fastro.autoconfigure.internal;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.http.Routes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** The start-up log line gives a URL that a browser or curl can open. */
@ExtendWith(OutputCaptureExtension.class)
class FastroServerLifecycleTest {

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource(delimiter = '|', textBlock = """
			0.0.0.0         | http://localhost:8090
			::              | http://localhost:8090
			127.0.0.1       | http://127.0.0.1:8090
			::1             | http://[::1]:8090
			2001:db8:0:0::7 | http://[2001:db8::7]:8090
			""")
	void urlOfABoundAddress(String address, String url) throws UnknownHostException {
		assertThat(FastroServerLifecycle.url(new InetSocketAddress(InetAddress.getByName(address), 8090)))
			.isEqualTo(url);
	}

	@Test
	void logsWhereTheServerListens(CapturedOutput output) {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
					FastroServerAutoConfiguration.class))
			.withPropertyValues("fastro.server.port=0")
			.withBean(Routes.class, () -> Routes.builder().get("/", ctx -> "Hello").build())
			.run(context -> {
				int port = context.getEnvironment()
					.getRequiredProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class);
				assertThat(output).contains("Fastro serving 1 routes on http://localhost:" + port + " (bound in ")
					.doesNotContain("Reactor Netty's exchange");
			});
	}

	@Test
	void logsThatReactorNettyServesTheExchangesWhenAskedTo(CapturedOutput output) {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
					FastroServerAutoConfiguration.class))
			.withPropertyValues("fastro.server.port=0", "fastro.server.http1-exchange=reactor-netty")
			.run(context -> assertThat(output).contains("; HTTP/1.1 through Reactor Netty's exchange)"));
	}

}
