package dev.fastro.perf.fastro;

import java.util.Collections;
import java.util.concurrent.atomic.LongAdder;

import dev.fastro.http.AttributeKey;
import dev.fastro.http.Middleware;
import dev.fastro.http.Routes;
import dev.fastro.perf.Payload;
import dev.fastro.perf.Workload;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * What we ship: a Spring Boot application with the full application context, serving the five
 * scenarios through {@code fastro-spring-boot-starter}, exactly as BENCHMARK-SPEC.md describes the
 * middleware scenario. The harness sets {@code --fastro.server.port}, one event-loop thread, and
 * for its experiments {@code --perf.routes=N} (generated routes) and
 * {@code --fastro.router.cache.enabled=false}.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
public class FastroPerfApp {

	private static final AttributeKey<String> USER = AttributeKey.of("user", String.class);

	/** What the group's timing middleware measures, as an application would keep it. */
	private final LongAdder middlewareNanos = new LongAdder();

	/**
	 * Starts the application. Fastro serves on its own Reactor Netty server, so the application has
	 * no Spring web server of its own, even though WebFlux is on this module's class path.
	 * @param args Spring Boot arguments, such as {@code --fastro.server.port=8080}
	 */
	public static void main(String[] args) {
		SpringApplication application = new SpringApplication(FastroPerfApp.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		application.run(args);
	}

	/**
	 * The five scenarios.
	 * @return the routes
	 */
	@Bean
	Routes benchmark() {
		Middleware timing = (ctx, next) -> {
			long start = System.nanoTime();
			try {
				return next.handle(ctx);
			}
			finally {
				this.middlewareNanos.add(System.nanoTime() - start);
			}
		};
		Middleware setUser = (ctx, next) -> {
			ctx.set(USER, "fastro");
			return next.handle(ctx);
		};
		Middleware copyUser = (ctx, next) -> {
			Object result = next.handle(ctx);
			ctx.header("x-user", ctx.get(USER));
			return result;
		};
		return Routes.builder()
			.get("/", ctx -> "Hello world!")
			.get("/user/:id", ctx -> "User " + ctx.param("id"))
			.get("/query", ctx -> "Hello " + ctx.query("name"))
			.group("/", group -> group.use(timing)
				.get("/middleware", ctx -> "Hello " + ctx.get(USER), setUser, copyUser))
			.post("/json", ctx -> ctx.body(Payload.class))
			.build();
	}

	/**
	 * One route per middleware count, each through that many pass-through middlewares.
	 * @return the routes
	 */
	@Bean
	Routes middlewareScaling() {
		Middleware passThrough = (ctx, next) -> next.handle(ctx);
		Routes.Builder routes = Routes.builder();
		for (int count : Workload.MIDDLEWARE_COUNTS) {
			routes.get(Workload.middlewarePath(count), ctx -> Workload.MIDDLEWARE_SCALING_BODY,
					Collections.nCopies(count, passThrough).toArray(Middleware[]::new));
		}
		return routes.build();
	}

	/**
	 * The generated routes of the route-count experiment, none unless {@code perf.routes} is set.
	 * @param generated how many routes to generate
	 * @return the routes
	 */
	@Bean
	Routes generatedRoutes(@Value("${perf.routes:0}") int generated) {
		Routes.Builder routes = Routes.builder();
		for (int i = 0; i < generated; i++) {
			routes.get(Workload.generatedRoutePrefix(i) + ":id", ctx -> "User " + ctx.param("id"));
		}
		return routes.build();
	}
}
