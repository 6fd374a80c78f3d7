package dev.fastro.autoconfigure;

import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import dev.fastro.http.Routes;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.request;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fastro.load-shedding.*}: off, nothing is limited; an adaptive limit starts and
 * sheds; properties that make no sense fail start-up naming the key.
 */
class LoadSheddingAutoConfigurationTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withUserConfiguration(HeldRoutes.class)
		.withPropertyValues("fastro.server.port=0");

	@Test
	void offNoRouteIsLimited() {
		this.runner.run((context) -> assertThat(context.getBean(Dispatcher.class).inFlightLimit()).isNull());
	}

	@Test
	void anAdaptiveLimitStartsAndShedsWhenFull() {
		this.runner.withPropertyValues("fastro.load-shedding.max-in-flight=2", "fastro.load-shedding.adaptive=true")
			.run((context) -> {
				HeldRoutes routes = context.getBean(HeldRoutes.class);
				int port = context.getBean(FastroServer.class).port();
				List<CompletableFuture<HttpResponse<String>>> held = new ArrayList<>();
				for (int i = 0; i < 2; i++) {
					held.add(TestHttp.CLIENT.sendAsync(request(port, "/held").build(), BodyHandlers.ofString()));
				}
				assertThat(routes.entered.tryAcquire(2, 10, TimeUnit.SECONDS)).isTrue();
				HttpResponse<String> shed = get(port, "/held");
				assertThat(shed.statusCode()).isEqualTo(503);
				assertThat(shed.body()).contains(
						"The server is at its adaptive limit of 2 requests in flight (at most 2); retry in 1 second");
				routes.release.complete("answered");
				for (CompletableFuture<HttpResponse<String>> response : held) {
					assertThat(response.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
				}
			});
	}

	@Test
	void aLimitBelowOneFailsNamingTheKey() {
		this.runner.withPropertyValues("fastro.load-shedding.max-in-flight=0")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("field 'loadShedding.maxInFlight': rejected value [0]")
				.hasMessageContaining("must be at least 1"));
	}

	@Test
	void adaptiveWithoutAMaximumFailsNamingTheKey() {
		this.runner.withPropertyValues("fastro.load-shedding.adaptive=true")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("field 'loadShedding.adaptive'")
				.hasMessageContaining("needs fastro.load-shedding.max-in-flight"));
	}

	@Test
	void adaptiveWithoutTheLibraryFailsNamingTheKey() {
		this.runner.withClassLoader(new FilteredClassLoader("com.netflix.concurrency.limits."))
			.withPropertyValues("fastro.load-shedding.max-in-flight=2", "fastro.load-shedding.adaptive=true")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("fastro.load-shedding.adaptive")
				.hasMessageContaining("com.netflix.concurrency-limits:concurrency-limits-core"));
	}

	@Test
	void aFixedLimitNeedsNoLibrary() {
		this.runner.withClassLoader(new FilteredClassLoader("com.netflix.concurrency.limits."))
			.withPropertyValues("fastro.load-shedding.max-in-flight=2")
			.run((context) -> {
				assertThat(context.getBean(Dispatcher.class).inFlightLimit().limit()).isEqualTo(2);
				assertThat(get(context.getBean(FastroServer.class).port(), "/free").body()).isEqualTo("free");
			});
	}

	@Configuration(proxyBeanMethods = false)
	static class HeldRoutes {

		final Semaphore entered = new Semaphore(0);

		final CompletableFuture<String> release = new CompletableFuture<>();

		@Bean
		Routes held() {
			return Routes.builder().get("/held", (ctx) -> {
				this.entered.release();
				return Mono.fromFuture(this.release);
			}).get("/free", (ctx) -> "free").build();
		}

	}

}
