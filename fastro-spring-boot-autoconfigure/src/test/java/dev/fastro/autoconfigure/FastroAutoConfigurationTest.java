package dev.fastro.autoconfigure;

import java.time.Duration;

import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.http.Routes;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.spi.RequestPipeline;
import dev.fastro.router.internal.RouteCacheStats;
import dev.fastro.router.internal.RouteConflictException;
import dev.fastro.router.internal.RoutePatternException;
import dev.fastro.router.internal.Router;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.util.unit.DataSize;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.StartupFailures.causes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

class FastroAutoConfigurationTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(HelloRoutes.class);

	@Test
	void servesWithEveryFrameworkBean() {
		this.runner.run(context -> {
			assertThat(context).hasSingleBean(Dispatcher.class)
				.hasSingleBean(JsonCodec.class)
				.hasSingleBean(RequestPipeline.class)
				.hasSingleBean(FastroServer.class)
				.hasSingleBean(FastroServerLifecycle.class)
				.hasBean(FastroAutoConfiguration.BLOCKING_SCHEDULER);
			assertThat(context.getBean(FastroServer.class).isRunning()).isTrue();
			assertThat(context.getEnvironment().getProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class))
				.isEqualTo(context.getBean(FastroServer.class).port());
			assertThat(context.getBean(Dispatcher.class).router().routes()).hasSize(1);
			assertThat(context.getBean(RequestPipeline.class).match("GET", "/hello").pattern()).isEqualTo("/hello");
		});
	}

	@Test
	void shutdownFollowsSpringBootsKeysUnlessFastrosOwnIsSet() {
		this.runner.run(context -> assertThat(shutdownTimeout(context)).isEqualTo(Duration.ofSeconds(30)));
		this.runner.withPropertyValues("spring.lifecycle.timeout-per-shutdown-phase=5s")
			.run(context -> assertThat(shutdownTimeout(context)).isEqualTo(Duration.ofSeconds(5)));
		this.runner.withPropertyValues("server.shutdown=immediate", "spring.lifecycle.timeout-per-shutdown-phase=5s")
			.run(context -> assertThat(shutdownTimeout(context)).isZero());
		this.runner.withPropertyValues("server.shutdown=immediate", "fastro.server.shutdown-timeout=7s")
			.run(context -> assertThat(shutdownTimeout(context)).isEqualTo(Duration.ofSeconds(7)));
	}

	@Test
	void blockingRoutesRunOnPlatformThreadsUnlessVirtualThreadsAreEnabled() {
		this.runner.run(context -> assertThat(blockingThread(context).getName()).startsWith("fastro-blocking"));
		// Spring Boot's rule: spring.threads.virtual.enabled=true, on Java 21 or later.
		this.runner.withPropertyValues("spring.threads.virtual.enabled=true")
			.run(context -> assertThat(blockingThread(context).getName().startsWith("fastro-blocking"))
				.isEqualTo(Runtime.version().feature() < 21));
	}

	private static Duration shutdownTimeout(AssertableApplicationContext context) {
		return context.getBean(FastroServerLifecycle.class).shutdownTimeout();
	}

	private static Thread blockingThread(AssertableApplicationContext context) {
		Scheduler scheduler = context.getBean(FastroAutoConfiguration.BLOCKING_SCHEDULER, Scheduler.class);
		return Mono.fromCallable(Thread::currentThread).subscribeOn(scheduler).block(Duration.ofSeconds(10));
	}

	@Test
	void stopsTheServerWithTheContext() {
		FastroServer[] server = new FastroServer[1];
		this.runner.run(context -> server[0] = context.getBean(FastroServer.class));
		assertThat(server[0].isRunning()).isFalse();
	}

	@Test
	void countsTheOpenConnections() {
		this.runner.run(context -> {
			FastroServer server = context.getBean(FastroServer.class);
			assertThat(server.openConnections()).isZero();
			try (RawHttp first = new RawHttp(server.port()); RawHttp second = new RawHttp(server.port())) {
				// An answer proves the server has accepted the connection.
				assertThat(first.send(rawRequest("GET", "/hello")).read().status()).isEqualTo(200);
				assertThat(second.send(rawRequest("GET", "/hello")).read().status()).isEqualTo(200);
				assertThat(server.openConnections()).isEqualTo(2);
				assertThat(first.send(rawRequest("GET", "/hello", "connection: close")).read().status()).isEqualTo(200);
				assertThat(first.closedWithin(Duration.ofSeconds(5))).isTrue();
				await().atMost(Duration.ofSeconds(10)).until(server::openConnections, equalTo(1));
			}
			await().atMost(Duration.ofSeconds(10)).until(server::openConnections, equalTo(0));
		});
	}

	@Test
	void usesTheApplicationsJsonMapper() {
		this.runner.run(context -> assertThat(context.getBean(JsonCodec.class).mapper())
			.isSameAs(context.getBean(JsonMapper.class)));
	}

	@Test
	void leavesTheRouteCacheOffByDefault() {
		this.runner.withBean("more", Routes.class, () -> Routes.builder().get("/users/:id", ctx -> "user").build())
			.run(context -> {
				Router<?> router = context.getBean(Dispatcher.class).router();
				assertThat(router.find("GET", "/hello/")).isNull();
				assertThat(router.find("GET", "/users/7")).isNotNull();
				assertThat(router.find("GET", "/users/7")).isNotNull();
				assertThat(router.cacheStats()).isEqualTo(new RouteCacheStats(0, 0, 0, 0));
			});
	}

	@Test
	void appliesTheRouterProperties() {
		this.runner.withPropertyValues("fastro.router.ignore-trailing-slash=true", "fastro.router.cache.enabled=true")
			.withBean("more", Routes.class, () -> Routes.builder().get("/users/:id", ctx -> "user").build())
			.run(context -> {
				Router<?> router = context.getBean(Dispatcher.class).router();
				assertThat(router.find("GET", "/hello/")).isNotNull();
				router.find("GET", "/users/7");
				router.find("GET", "/users/7");
				assertThat(router.find("GET", "/nothing")).isNull();
				// The miss for /nothing counts too: every path that is not a static route
				// is looked up first.
				RouteCacheStats stats = router.cacheStats();
				assertThat(stats.hits()).isEqualTo(1);
				assertThat(stats.misses()).isEqualTo(2);
				assertThat(stats.size()).isEqualTo(1);
			});
	}

	@Test
	void boundsTheCacheByTheConfiguredSize() {
		this.runner.withPropertyValues("fastro.router.cache.enabled=true", "fastro.router.cache.max-size=1KB")
			.withBean("more", Routes.class, () -> Routes.builder().get("/users/:id", ctx -> "user").build())
			.run(context -> {
				Router<?> router = context.getBean(Dispatcher.class).router();
				for (int i = 0; i < 100; i++) {
					router.find("GET", "/users/" + i);
				}
				RouteCacheStats stats = router.cacheStats();
				assertThat(stats.weight()).isPositive().isLessThanOrEqualTo(1024);
				assertThat(stats.size()).isLessThan(100);
			});
	}

	@Test
	void turnsOffEntirelyWhenDisabled() {
		this.runner.withPropertyValues("fastro.enabled=false").run(context -> {
			assertThat(context).doesNotHaveBean(Dispatcher.class)
				.doesNotHaveBean(FastroServer.class)
				.doesNotHaveBean(FastroServerLifecycle.class)
				.doesNotHaveBean(JsonCodec.class)
				.doesNotHaveBean(FastroProperties.class);
		});
	}

	@Test
	void backsOffForTheApplicationsBlockingScheduler() {
		Scheduler own = Schedulers.newSingle("own-blocking");
		try {
			this.runner.withBean(FastroAutoConfiguration.BLOCKING_SCHEDULER, Scheduler.class, () -> own)
				.run(context -> assertThat(blockingThread(context).getName()).startsWith("own-blocking"));
		}
		finally {
			own.dispose();
		}
	}

	@Test
	void refusesAPortOutOfRange() {
		this.runner.withPropertyValues("fastro.server.port=70000")
			.run(context -> assertThat(causes(context.getStartupFailure()))
				.contains("Binding validation errors on fastro")
				.contains("field 'server.port': rejected value [70000]")
				.contains("must be between 0 and 65535"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "0", "-1MB" })
	void refusesANonPositiveCacheSize(String size) {
		this.runner.withPropertyValues("fastro.router.cache.max-size=" + size)
			.run(context -> assertThat(causes(context.getStartupFailure()))
				.contains("field 'router.cache.maxSize': rejected value [" + DataSize.parse(size) + "]")
				.contains("must be positive"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "-1B", "3GB" })
	void refusesAMaxBodySizeNoBufferCanHold(String size) {
		this.runner.withPropertyValues("fastro.server.max-body-size=" + size)
			.run(context -> assertThat(causes(context.getStartupFailure()))
				.contains("field 'server.maxBodySize': rejected value [" + DataSize.parse(size) + "]")
				.contains("must be between 0B and 2GB (a body is received whole, in one buffer)"));
	}

	@Test
	void refusesAMaxBodySizeThatIsNotASize() {
		this.runner.withPropertyValues("fastro.server.max-body-size=lots")
			.run(context -> assertThat(causes(context.getStartupFailure()))
				.contains("Failed to bind properties under 'fastro.server.max-body-size'"));
	}

	@Test
	void refusesTwoRoutesThatCollideNamingBothBeansAndPositions() {
		this.runner
			.withBean("clash", Routes.class,
					() -> Routes.builder().get("/bye", ctx -> "bye").get("/hello", ctx -> "again").build())
			.run(context -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(RouteConflictException.class)
				.hasMessage("Route conflict for GET: '/hello' (bean 'clash', route #2) and '/hello' "
						+ "(bean 'hello', route #1) match the same paths"));
	}

	@Test
	void namesTheRoutesBeansOfAConflictInTheirOrder() {
		this.runner.withUserConfiguration(OrderedRoutes.class)
			.run(context -> assertThat(context).getFailure()
				.rootCause()
				.hasMessage("Route conflict for GET: '/users/{id}' (bean 'first', route #2) and '/users/{name}' "
						+ "(bean 'second', route #1) match the same paths"));
	}

	@Test
	void refusesAMalformedPatternNamingItAndItsBean() {
		this.runner.withBean("broken", Routes.class, () -> Routes.builder().get("/a/{", ctx -> "never").build())
			.run(context -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(RoutePatternException.class)
				.hasMessage("Malformed route pattern '/a/{' (bean 'broken', route #1) at position 3: unclosed '{'"));
	}

	@Configuration(proxyBeanMethods = false)
	static class HelloRoutes {

		@Bean
		Routes hello() {
			return Routes.builder().get("/hello", ctx -> "Hello").build();
		}

	}

	/**
	 * Declared in the reverse of their order, so that names follow the order and not the
	 * declaration.
	 */
	@Configuration(proxyBeanMethods = false)
	static class OrderedRoutes {

		@Bean
		@Order(2)
		Routes second() {
			return Routes.builder().get("/users/{name}", ctx -> "by name").build();
		}

		@Bean
		@Order(1)
		Routes first() {
			return Routes.builder().get("/users/new", ctx -> "form").get("/users/{id}", ctx -> "by id").build();
		}

	}

}
