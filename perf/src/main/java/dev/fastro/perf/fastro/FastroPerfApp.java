package dev.fastro.perf.fastro;

import java.security.MessageDigest;
import java.util.Collections;

import dev.fastro.demo.BenchmarkRoutes;
import dev.fastro.http.Handler;
import dev.fastro.http.Middleware;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import dev.fastro.observation.FastroServerMeterObservationHandler;
import dev.fastro.perf.Workload;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.observation.ObservationHandler.FirstMatchingCompositeObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import reactor.core.publisher.Flux;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.http.codec.ServerSentEvent;

/**
 * What we ship: a Spring Boot application with the full application context, serving the
 * five scenarios through {@code fastro-spring-boot-starter} with the demo app's own
 * {@link BenchmarkRoutes}, plus the routes of the scaling experiments. The harness sets
 * {@code --fastro.server.port}, one event-loop thread, and for its experiments
 * {@code --perf.routes=N} (generated routes), {@code --fastro.router.cache.enabled=true}
 * {@code --perf.metrics=true} (observed requests) and
 * {@code --fastro.server.http1-exchange=reactor-netty} (Reactor Netty's exchange), and
 * Fastro's own {@code fastro.server.ssl}, {@code http2} and {@code compression}
 * properties for the protocols and compression experiments.
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
	 * The compression experiment's 10 KiB JSON answer, compressed when the harness starts
	 * the app with {@code --fastro.server.compression.enabled=true} and the client
	 * accepts it.
	 * @return the route
	 */
	@Bean
	Routes compressible() {
		return Routes.builder()
			.get(Workload.COMPRESS_PATH,
					ctx -> Response.ok(Workload.COMPRESSIBLE_JSON).contentType(Workload.APPLICATION_JSON))
			.build();
	}

	/**
	 * The upload bench's route: the body streamed as it arrives (up to
	 * {@link Workload#UPLOAD_LIMIT}, above the server's limit for whole bodies), each
	 * chunk hashed while Fastro lends it, answered with its length and SHA-256 digest.
	 * @return the route
	 */
	@Bean
	Routes upload() {
		return Routes.builder().post(Workload.UPLOAD_PATH, Handler.streaming(Workload.UPLOAD_LIMIT, ctx -> {
			MessageDigest digest = Workload.uploadDigest();
			return ctx.bodyStream().reduce(0L, (length, chunk) -> {
				int readable = chunk.readableBytes();
				digest.update(chunk.nioBuffer());
				return length + readable;
			}).map(length -> Workload.uploadAnswer(length, digest));
		})).build();
	}

	/**
	 * The overload experiment's route: a fixed amount of CPU work
	 * ({@link Workload#work()}, about 1.5 ms), marked blocking as a handler that holds
	 * its thread must be, so it runs on Fastro's blocking scheduler and a flood of
	 * requests waits there rather than on the event loop.
	 * @return the route
	 */
	@Bean
	Routes work() {
		return Routes.builder().get(Workload.WORK_PATH, Handler.blocking(ctx -> Workload.work())).build();
	}

	/**
	 * The live experiments' routes: a WebSocket that sends every message back as it came
	 * (the same {@code WebSocketMessage}, so a binary payload is not copied), and
	 * server-sent events from one ticker shared by every subscriber, each of which keeps
	 * only the latest event should its client read slower than one a second. Off on
	 * Reactor Netty's exchange, which cannot switch to WebSocket.
	 * @return the routes
	 */
	@Bean
	@ConditionalOnProperty(name = "fastro.server.http1-exchange", havingValue = "fastro", matchIfMissing = true)
	Routes live() {
		Flux<ServerSentEvent<String>> ticker = Flux.interval(Workload.EVENT_INTERVAL)
			.map(tick -> ServerSentEvent.builder(Workload.event(tick)).build())
			.share();
		return Routes.builder()
			.websocket(Workload.WEBSOCKET_PATH, session -> session.send(session.receive()))
			.get(Workload.EVENTS_PATH, ctx -> ticker.onBackpressureLatest())
			.build();
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

	/**
	 * The observation registry {@code fastro-metrics} observes its requests with, as
	 * Actuator sets it up: Fastro's meter handler and Micrometer's default one, grouped
	 * in that order as Spring Boot groups them, so that each observation is recorded by
	 * the first one that supports it.
	 * @param meters the registry the observations are timed into
	 * @return the observation registry
	 */
	public static ObservationRegistry observationRegistry(MeterRegistry meters) {
		ObservationRegistry registry = ObservationRegistry.create();
		registry.observationConfig()
			.observationHandler(new FirstMatchingCompositeObservationHandler(
					new FastroServerMeterObservationHandler(meters, true), new DefaultMeterObservationHandler(meters)));
		return registry;
	}

	/**
	 * With {@code --perf.metrics=true} ({@code fastro-metrics}), every request is
	 * observed into a Prometheus registry, as Actuator with
	 * {@code micrometer-registry-prometheus} sets it up: a meter registry and an
	 * observation registry whose meter handlers, Fastro's and Micrometer's default, time
	 * each observation into it. Declared here rather than through Actuator's
	 * auto-configuration, which would observe the plain {@code fastro} server too, since
	 * it shares this class path.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("perf.metrics")
	static class Metrics {

		@Bean
		PrometheusMeterRegistry prometheusMeterRegistry() {
			return new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
		}

		@Bean
		ObservationRegistry observationRegistry(PrometheusMeterRegistry meters) {
			return FastroPerfApp.observationRegistry(meters);
		}

		/**
		 * The scrape, so that a run can be checked to have recorded what it served.
		 * @param meters the registry
		 * @return the route
		 */
		@Bean
		Routes prometheusScrape(PrometheusMeterRegistry meters) {
			return Routes.builder().get("/metrics", ctx -> meters.scrape()).build();
		}

	}

}
