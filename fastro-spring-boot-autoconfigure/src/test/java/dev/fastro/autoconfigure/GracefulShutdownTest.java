package dev.fastro.autoconfigure;

import java.net.ConnectException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import dev.fastro.http.Routes;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static dev.fastro.test.TestHttp.get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Closing the context lets in-flight requests finish, then refuses new connections. */
class GracefulShutdownTest {

	static final CountDownLatch started = new CountDownLatch(5);

	@Test
	void inFlightRequestsFinishWhenTheContextCloses() throws Exception {
		ConfigurableApplicationContext context = new SpringApplicationBuilder(SlowApp.class)
			.web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.server.shutdown-timeout=10s")
			.run();
		int port = context.getEnvironment().getRequiredProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class);
		List<CompletableFuture<HttpResponse<String>>> inFlight = IntStream.range(0, 5)
			.mapToObj(i -> CompletableFuture.supplyAsync(() -> get(port, "/slow")))
			.toList();
		assertThat(started.await(5, TimeUnit.SECONDS)).as("all requests reached the handler").isTrue();

		context.close();

		for (CompletableFuture<HttpResponse<String>> request : inFlight) {
			HttpResponse<String> response = request.get(5, TimeUnit.SECONDS);
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body()).isEqualTo("finished");
		}
		assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(ConnectException.class);
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
			FastroServerAutoConfiguration.class })
	static class SlowApp {

		@Bean
		Routes slow() {
			return Routes.builder().get("/slow", ctx -> {
				started.countDown();
				return Mono.delay(Duration.ofMillis(800)).thenReturn("finished");
			}).build();
		}

	}

}
