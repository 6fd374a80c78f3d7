package dev.fastro.demo;

import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;

import dev.fastro.http.ExceptionHandler;
import dev.fastro.http.Handler;
import dev.fastro.http.HttpException;
import dev.fastro.http.Problem;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import io.netty.buffer.ByteBuf;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Examples to learn from: injected services, a regex-constrained parameter, a JSON
 * endpoint validated by its annotations, asynchronous and blocking handlers, a catch-all,
 * an upload streamed as it arrives, a route written in Unicode, and a group for
 * administrators only.
 */
@Configuration(proxyBeanMethods = false)
class ExampleRoutes {

	@Bean
	Routes users(UserDirectory users) {
		return Routes.builder()
			.group("/users",
					group -> group.get("/", ctx -> Flux.fromIterable(users.all()))
						.get("/{id:[0-9]+}",
								ctx -> users.find(ctx.paramLong("id"))
									.orElseThrow(() -> HttpException.notFound("No user " + ctx.param("id"))))
						.post("/", ctx -> {
							NewUser input = ctx.body(NewUser.class);
							User user = users.add(input.name(), input.email());
							return Response.created("/users/" + user.id(), user);
						}))
			.build();
	}

	@Bean
	Routes asyncAndBlocking() {
		return Routes.builder()
			.get("/async/greeting/:name",
					ctx -> Mono.delay(Duration.ofMillis(5)).map(tick -> "Hello, " + ctx.param("name") + "!"))
			.get("/async/sum", ctx -> {
				long a = ctx.queryLong("a");
				long b = ctx.queryLong("b");
				return CompletableFuture.supplyAsync(() -> Map.of("sum", Math.addExact(a, b)));
			})
			.get("/reports/slow", Handler.blocking(ctx -> {
				Thread.sleep(20);
				return Map.of("report", "ready", "onEventLoop", Schedulers.isInNonBlockingThread());
			}))
			.get("/files/{*path}", ctx -> "File " + ctx.param("path"))
			// A body as it arrives, up to 64 MB, hashed without ever being held whole.
			.post("/uploads", Handler.streaming(64L << 20, ctx -> {
				MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
				return ctx.bodyStream()
					.reduce(0L, (size, chunk) -> size + digest(sha256, chunk))
					.map(size -> Map.of("size", size, "sha256", HexFormat.of().formatHex(sha256.digest())));
			}))
			.get("/café/{dish}", ctx -> "Café: " + ctx.param("dish"))
			.build();
	}

	/**
	 * Statistics for administrators: {@link DemoSecurity} opens the {@code /admin} group
	 * only to tokens with the role {@code ADMIN}.
	 */
	@Bean
	Routes admin(LongAdder middlewareNanos) {
		return Routes.builder()
			.group("/admin", group -> group.get("/stats", ctx -> Map.of("middlewareNanos", middlewareNanos.sum())))
			.build();
	}

	private static long digest(MessageDigest digest, ByteBuf chunk) {
		int size = chunk.readableBytes();
		digest.update(chunk.nioBuffer());
		return size;
	}

	/** Answers an arithmetic overflow, such as a sum past {@code Long.MAX_VALUE}, 422. */
	@Bean
	ExceptionHandler<ArithmeticException> overflow() {
		return ExceptionHandler.of(ArithmeticException.class,
				(ctx, ex) -> Problem.of(422, "The result does not fit a 64-bit integer", ctx.path()));
	}

}
