package dev.fastro.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.http.Routes;
import dev.fastro.http.internal.DispatcherWrapper;
import dev.fastro.observation.FastroServerMeterObservationHandler;
import dev.fastro.observation.FastroServerObservationContext;
import dev.fastro.observation.internal.RouteCostScheduler;
import dev.fastro.server.internal.FastroServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.TestHttp.get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.awaitility.Awaitility.await;

/**
 * With Spring Boot's metrics, Fastro's meter handler records Fastro's requests: Boot
 * groups it before its own handler, its switch for long task timers applies, and an
 * application may replace it.
 */
class FastroMetricsAutoConfigurationTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class, FastroObservationAutoConfiguration.class,
				FastroMetricsAutoConfiguration.class, FastroRouteCostAutoConfiguration.class,
				ObservationAutoConfiguration.class, MetricsAutoConfiguration.class,
				SimpleMetricsExportAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(FastroAutoConfigurationTest.HelloRoutes.class);

	@Test
	void recordsFastrosRequestsWithTheirLongTaskTimers() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(FastroServerMeterObservationHandler.class);
			MeterRegistry meters = served(context);
			assertThat(meters.find("http.server.requests.active").longTaskTimer()).isNotNull();
		});
	}

	@Test
	void leavesLongTaskTimersOutWhenBootIgnoresThem() {
		this.runner.withPropertyValues("management.metrics.observations.ignored-meters=long-task-timer")
			.run((context) -> assertThat(served(context).find("http.server.requests.active").meters()).isEmpty());
	}

	@Test
	void namesItsMetersAsBootNamesTheObservationOfServerRequests() {
		this.runner.withPropertyValues("management.observations.http.server.requests.name=fastro.requests")
			.run((context) -> {
				assertThat(get(context.getBean(FastroServer.class).port(), "/hello").statusCode()).isEqualTo(200);
				MeterRegistry meters = context.getBean(MeterRegistry.class);
				await().atMost(Duration.ofSeconds(10))
					.untilAsserted(
							() -> assertThat(meters.find("fastro.requests").tags("uri", "/hello").timer()).isNotNull());
				assertThat(meters.find("fastro.requests.active").longTaskTimer()).isNotNull();
				assertThat(meters.find("http.server.requests").meters()).isEmpty();
				assertThat(meters.find("http.server.requests.active").meters()).isEmpty();
			});
	}

	@Test
	void boundsTheUriValuesAsBootDoes() {
		// Two: the long task timer of a request in flight has the uri UNKNOWN, as in
		// WebFlux, since its route is not known yet. One event loop: the 404's
		// observation stops before the next request is read.
		this.runner
			.withPropertyValues("management.metrics.web.server.max-uri-tags=2", "fastro.server.event-loop-threads=1")
			.run((context) -> {
				int port = context.getBean(FastroServer.class).port();
				MeterRegistry meters = served(context);
				assertThat(get(port, "/nope").statusCode()).isEqualTo(404);
				assertThat(get(port, "/hello").statusCode()).isEqualTo(200);
				await().atMost(Duration.ofSeconds(10))
					.untilAsserted(() -> assertThat(meters.find("http.server.requests").tags("uri", "/hello").timer())
						.extracting(Timer::count)
						.isEqualTo(2L));
				assertThat(meters.find("http.server.requests").tags("uri", "NOT_FOUND").meters()).isEmpty();
			});
	}

	@Test
	void measuresNoRouteCostUnlessAsked() {
		this.runner.run((context) -> {
			assertThat(context).doesNotHaveBean("fastroRouteCostDispatcher")
				.doesNotHaveBean("fastroRouteCostScheduler")
				.doesNotHaveBean("fastroRouteCostReads");
			assertThat(context.getBeansOfType(DispatcherWrapper.class)).doesNotContainKey("fastroRouteCostDispatcher");
			assertThat(context.getBean(FastroAutoConfiguration.BLOCKING_SCHEDULER))
				.isNotInstanceOf(RouteCostScheduler.class);
			MeterRegistry meters = served(context);
			assertThat(meters.find("http.server.requests.cpu").meters()).isEmpty();
			assertThat(meters.find("http.server.requests.allocated").meters()).isEmpty();
		});
	}

	@Test
	void measuresRouteCostWhenAsked() {
		this.runner.withPropertyValues("fastro.metrics.route-cost.enabled=true").run((context) -> {
			assertThat(context).hasBean("fastroRouteCostReads");
			assertThat(context.getBean(FastroAutoConfiguration.BLOCKING_SCHEDULER))
				.isInstanceOf(RouteCostScheduler.class);
			MeterRegistry meters = served(context);
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(meters.find("http.server.requests.cpu").tags("uri", "/hello").summary())
					.isNotNull());
		});
	}

	@Test
	void refusesToStartARouteCostWithoutRegistries() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
					FastroServerAutoConfiguration.class, FastroRouteCostAutoConfiguration.class))
			.withPropertyValues("fastro.server.port=0", "fastro.metrics.route-cost.enabled=true")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("fastro.metrics.route-cost.enabled")
				.hasMessageContaining("MeterRegistry"));
	}

	@Test
	void isNotThereWithoutMicrometersMeters() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
					FastroServerAutoConfiguration.class, FastroMetricsAutoConfiguration.class))
			.withPropertyValues("fastro.server.port=0")
			.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.run((context) -> assertThat(context).doesNotHaveBean(FastroServerMeterObservationHandler.class)
				.hasSingleBean(FastroServer.class));
	}

	@Test
	void theApplicationsHandlerWinsAndIsAskedBeforeBoots() {
		AtomicInteger stopped = new AtomicInteger();
		this.runner.withBean("customHandler", FastroServerMeterObservationHandler.class,
				() -> new FastroServerMeterObservationHandler(new SimpleMeterRegistry(), false) {

					@Override
					public void onStop(FastroServerObservationContext observation) {
						stopped.incrementAndGet();
						super.onStop(observation);
					}

				})
			.run((context) -> {
				assertThat(context).hasSingleBean(FastroServerMeterObservationHandler.class).hasBean("customHandler");
				assertThat(get(context.getBean(FastroServer.class).port(), "/hello").statusCode()).isEqualTo(200);
				await().atMost(Duration.ofSeconds(10)).untilAtomic(stopped, equalTo(1));
				// Boot's own handler, grouped after it, was not asked.
				assertThat(context.getBean(MeterRegistry.class).find("http.server.requests").meters()).isEmpty();
			});
	}

	/** Sends one request and waits until its timer has recorded it. */
	@Test
	void publishesTheRouteCachesStatisticsWhenTheCacheIsOn() {
		this.runner.withPropertyValues("fastro.router.cache.enabled=true")
			.withUserConfiguration(UserRoutes.class)
			.run((context) -> {
				int port = context.getBean(FastroServer.class).port();
				for (String path : List.of("/users/1", "/users/1", "/users/2")) {
					assertThat(get(port, path).statusCode()).isEqualTo(200);
				}
				MeterRegistry meters = context.getBean(MeterRegistry.class);
				assertThat(meters.get("fastro.router.cache.gets").tag("result", "hit").functionCounter().count())
					.isEqualTo(1);
				assertThat(meters.get("fastro.router.cache.gets").tag("result", "miss").functionCounter().count())
					.isEqualTo(2);
				assertThat(meters.get("fastro.router.cache.size").gauge().value()).isEqualTo(2);
				assertThat(meters.get("fastro.router.cache.weight").gauge().value()).isPositive();
			});
	}

	@Test
	void publishesNoRouteCacheMetersWhenTheCacheIsOff() {
		this.runner.withUserConfiguration(UserRoutes.class)
			.run((context) -> assertThat(context.getBean(MeterRegistry.class).find("fastro.router.cache.gets").meters())
				.isEmpty());
	}

	@Configuration(proxyBeanMethods = false)
	static class UserRoutes {

		@Bean
		Routes users() {
			return Routes.builder().get("/users/{id}", ctx -> "User " + ctx.param("id")).build();
		}

	}

	private static MeterRegistry served(AssertableApplicationContext context) {
		assertThat(get(context.getBean(FastroServer.class).port(), "/hello").statusCode()).isEqualTo(200);
		MeterRegistry meters = context.getBean(MeterRegistry.class);
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(
					() -> assertThat(meters.find("http.server.requests").tags("uri", "/hello").timer()).isNotNull());
		return meters;
	}

}
