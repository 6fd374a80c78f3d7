package dev.fastro.demo.hardening;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import dev.fastro.http.Handler;
import dev.fastro.http.Middleware;
import dev.fastro.http.Response;
import dev.fastro.http.ResponseHook;
import dev.fastro.http.Routes;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Routes only the hardening tests have: handlers that never finish, block too long, write
 * a bad header, count their calls (to prove a request never reached a handler), read a
 * form or any JSON.
 */
@TestConfiguration(proxyBeanMethods = false)
public class HostileRoutes {

	/** Calls of {@code /test/count} and the paths below it. */
	static final AtomicInteger counted = new AtomicInteger();

	/**
	 * {@code /test/pending}: the threads its never-ending result was subscribed to and
	 * cancelled on.
	 */
	static final AtomicReference<Thread> pendingSubscribedOn = new AtomicReference<>();

	static final AtomicReference<Thread> pendingCancelledOn = new AtomicReference<>();

	/**
	 * {@code /test/slow-blocking?id=N}: the ids of the calls that started, and that were
	 * interrupted asleep.
	 */
	static final Set<String> blockingStarted = ConcurrentHashMap.newKeySet();

	static final Set<String> blockingInterrupted = ConcurrentHashMap.newKeySet();

	/**
	 * {@code /test/body/{status}/input-stream?id=}: the ids of the requests whose stream
	 * was closed.
	 */
	static final Set<String> bodyStreamsClosed = ConcurrentHashMap.newKeySet();

	/**
	 * {@code /test/body/{status}/endless-stream?id=}: the ids of the requests whose
	 * stream was cancelled.
	 */
	static final Set<String> endlessStreamsCancelled = ConcurrentHashMap.newKeySet();

	/**
	 * Global middleware marking the answers it shapes, to show which answers pass through
	 * it.
	 */
	@Bean
	Middleware markedByMiddleware() {
		return (ctx, next) -> {
			ctx.header("x-global-middleware", "seen");
			return next.handle(ctx);
		};
	}

	/** A response hook marking the answers it sees. */
	@Bean
	ResponseHook markedByResponseHook() {
		return ctx -> ctx.header("x-response-hook", "seen");
	}

	@Bean
	Routes hostileTestRoutes() {
		Handler count = ctx -> {
			counted.incrementAndGet();
			return "counted";
		};
		return Routes.builder().get("/test/count", count).get("/test/count/{*rest}", ctx -> {
			counted.incrementAndGet();
			return "counted " + ctx.param("rest");
		})
			.post("/test/count", count)
			.get("/test/never", ctx -> Mono.never())
			.get("/test/never-stream", ctx -> Flux.never())
			.get("/test/never-stream-in-response", ctx -> Response.ok(Flux.never()))
			.get("/test/late-second-item",
					ctx -> Flux.just("first")
						.concatWith(Mono.delay(Duration.ofMillis(2 * HostileApp.REQUEST_TIMEOUT_MILLIS))
							.thenReturn("second")))
			.get("/test/pending",
					ctx -> Mono.never()
						.doOnSubscribe(subscription -> pendingSubscribedOn.set(Thread.currentThread()))
						.doOnCancel(() -> pendingCancelledOn.set(Thread.currentThread())))
			.get("/test/slow-blocking", Handler.blocking(ctx -> {
				String id = String.valueOf(ctx.query("id"));
				blockingStarted.add(id);
				try {
					Thread.sleep(10_000);
				}
				catch (InterruptedException ex) {
					blockingInterrupted.add(id);
					throw ex;
				}
				return "late";
			}))
			.get("/test/crlf", ctx -> {
				ctx.header("x-bad", "a\r\nb");
				return "should not be sent";
			})
			.get("/test/bad-name", ctx -> {
				ctx.header("x bad", "a");
				return "should not be sent";
			})
			.get("/test/body/{status}/{kind}", ctx -> {
				ctx.status(ctx.paramInt("status"));
				String id = ctx.query("id");
				return switch (ctx.param("kind")) {
					case "text" -> "body";
					case "json-stream" -> Flux.just("body");
					case "json-stream-later" -> Flux.just("body").delayElements(Duration.ofMillis(10));
					case "endless-stream" -> Flux.interval(Duration.ofMillis(10))
						// A tick the writer has not asked for yet, on a busy machine, is
						// dropped rather than failing the stream with an overflow.
						.onBackpressureDrop()
						.map((tick) -> "body")
						.doOnCancel(() -> endlessStreamsCancelled.add(id));
					default -> new ByteArrayInputStream("body".getBytes(StandardCharsets.US_ASCII)) {

						@Override
						public void close() {
							bodyStreamsClosed.add(id);
						}

					};
				};
			})
			.post("/test/form", ctx -> String.valueOf(ctx.form().size()))
			.post("/test/json-tree", ctx -> ctx.body(JsonNode.class))
			.build();
	}

}
