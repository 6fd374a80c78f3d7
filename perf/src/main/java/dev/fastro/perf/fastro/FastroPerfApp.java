package dev.fastro.perf.fastro;

import java.util.Collections;

import dev.fastro.demo.BenchmarkRoutes;
import dev.fastro.http.Middleware;
import dev.fastro.http.Routes;
import dev.fastro.perf.Workload;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * What we ship: a Spring Boot application with the full application context, serving the
 * five scenarios through {@code fastro-spring-boot-starter} with the demo app's own
 * {@link BenchmarkRoutes}, plus the routes of the scaling experiments. The harness sets
 * {@code --fastro.server.port}, one event-loop thread, and for its experiments
 * {@code --perf.routes=N} (generated routes) and
 * {@code --fastro.router.cache.enabled=true}.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import(BenchmarkRoutes.class)
public class FastroPerfApp {

	/**
	 * Starts the application. Fastro serves on its own Reactor Netty server, so the
	 * application has no Spring web server of its own, even though WebFlux is on this
	 * module's class path.
	 * @param args Spring Boot arguments, such as {@code --fastro.server.port=8080}
	 */
	public static void main(String[] args) {
		SpringApplication application = new SpringApplication(FastroPerfApp.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		application.run(args);
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
	 * The generated routes of the route-count experiment, none unless {@code perf.routes}
	 * is set.
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
