package dev.fastro.perf.webflux;

import java.util.concurrent.atomic.LongAdder;

import dev.fastro.demo.Payload;
import dev.fastro.perf.Workload;
import reactor.core.publisher.Mono;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.HandlerFilterFunction;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * What a Spring user would pick instead of Fastro: a Spring Boot application with
 * {@code spring-boot-starter-webflux} and functional endpoints, default settings except
 * the port ({@code --server.port}) and the one event-loop thread
 * ({@code -Dreactor.netty.ioWorkerCount=1}). The middleware scenario uses
 * {@link HandlerFilterFunction}s doing what the Fastro app's middlewares do. Fastro's
 * starter is on this module's class path too, so the harness starts this application with
 * {@code --fastro.enabled=false}.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
public class WebFluxServer {

	private static final String USER = "user";

	private final LongAdder middlewareNanos = new LongAdder();

	/**
	 * Starts the application.
	 * @param args Spring Boot arguments, such as {@code --server.port=8080}
	 */
	public static void main(String[] args) {
		SpringApplication.run(WebFluxServer.class, args);
	}

	/**
	 * The five scenarios and the middleware-count routes.
	 * @return the router function
	 */
	@Bean
	RouterFunction<ServerResponse> benchmarkRoutes() {
		HandlerFilterFunction<ServerResponse, ServerResponse> timing = (req, next) -> {
			long start = System.nanoTime();
			return next.handle(req).doFinally(signal -> this.middlewareNanos.add(System.nanoTime() - start));
		};
		HandlerFilterFunction<ServerResponse, ServerResponse> setUser = (req, next) -> {
			req.attributes().put(USER, "fastro");
			return next.handle(req);
		};
		// A built ServerResponse has read-only headers, so the header goes on the
		// exchange's response, which the ServerResponse's own headers are merged
		// into when it is written.
		HandlerFilterFunction<ServerResponse, ServerResponse> copyUser = (req, next) -> next.handle(req)
			.doOnNext(res -> req.exchange()
				.getResponse()
				.getHeaders()
				.set("x-user", (String) req.attributes().get(USER)));

		RouterFunctions.Builder routes = RouterFunctions.route()
			.GET("/", req -> text("Hello world!"))
			.GET("/user/{id}", req -> text("User " + req.pathVariable("id")))
			.GET("/query", req -> text("Hello " + req.queryParam("name").orElse(null)))
			.add(RouterFunctions.route()
				.GET("/middleware", req -> text("Hello " + req.attribute(USER).orElse(null)))
				.filter(copyUser)
				.filter(setUser)
				.filter(timing)
				.build())
			.POST("/json", req -> req.bodyToMono(Payload.class)
				.flatMap(payload -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(payload)));
		for (int count : Workload.MIDDLEWARE_COUNTS) {
			routes.add(middlewareScalingRoute(count));
		}
		return routes.build();
	}

	private static RouterFunction<ServerResponse> middlewareScalingRoute(int count) {
		HandlerFunction<ServerResponse> handler = req -> text(Workload.MIDDLEWARE_SCALING_BODY);
		RouterFunctions.Builder route = RouterFunctions.route().GET(Workload.middlewarePath(count), handler);
		for (int i = 0; i < count; i++) {
			route.filter((req, next) -> next.handle(req));
		}
		return route.build();
	}

	private static Mono<ServerResponse> text(String body) {
		// Set as a literal string: MediaType would print "text/plain;charset=UTF-8".
		return ServerResponse.ok().header(HttpHeaders.CONTENT_TYPE, Workload.TEXT_PLAIN).bodyValue(body);
	}

}
