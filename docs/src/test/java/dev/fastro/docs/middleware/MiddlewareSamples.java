package dev.fastro.docs.middleware;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.docs.middleware.Maintenance.MaintenanceWindow;
import dev.fastro.docs.middleware.RequestIds.ErrorReporter;
import dev.fastro.http.HttpException;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The application the tests of this package share: every sample of the Middleware page
 * that is a bean, with what they need and routes to exercise them.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@Import({ Scopes.class, Timing.class, Maintenance.class, RequestIds.class, GlobalCors.class })
class MiddlewareSamples {

	@Bean
	SwitchableWindow maintenanceWindow() {
		return new SwitchableWindow();
	}

	@Bean
	RecordingReporter errorReporter() {
		return new RecordingReporter();
	}

	@Bean
	Routes testRoutes(SwitchableWindow window) {
		return Routes.builder()
			// for the maintenance mode
			.get("/orders", (ctx) -> {
				window.handled.incrementAndGet();
				return "orders";
			})
			.get("/status", (ctx) -> window.isOpen() ? "maintenance" : "up")
			// for the timing
			.get("/now", (ctx) -> Response.status(201).body("now"))
			.get("/later", (ctx) -> Mono.delay(Duration.ofMillis(10)).thenReturn("later"))
			.get("/stream", (ctx) -> Flux.just(1, 2, 3))
			.get("/later-failing", (ctx) -> Mono.error(new HttpException(409, "Too late")))
			.get("/failing", (ctx) -> {
				throw new HttpException(409, "Conflict");
			})
			.get("/status-seen", (ctx) -> Response.status(201).body("x"), (ctx, next) -> {
				Object result = next.handle(ctx);
				ctx.header("x-status-seen", String.valueOf(ctx.status()));
				return result;
			})
			// for the hooks
			.get("/hello", (ctx) -> "hello")
			.get("/broken", (ctx) -> {
				throw new IllegalStateException("Bug");
			})
			.get("/unavailable", (ctx) -> {
				throw new HttpException(503, "Try later");
			})
			// for CORS
			.get("/carts", (ctx) -> "carts")
			.build();
	}

	/** A maintenance window that tests open and close. */
	static class SwitchableWindow implements MaintenanceWindow {

		final AtomicBoolean open = new AtomicBoolean();

		final AtomicInteger handled = new AtomicInteger();

		@Override
		public boolean isOpen() {
			return this.open.get();
		}

	}

	/** An error reporter that records what it is told. */
	static class RecordingReporter implements ErrorReporter {

		final List<String> reported = new CopyOnWriteArrayList<>();

		@Override
		public void report(String requestId, String route, Throwable error) {
			this.reported.add(requestId + " " + route + " " + error.getClass().getSimpleName());
		}

	}

}
