package dev.fastro.demo;

import java.lang.reflect.Type;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
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
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.context.annotation.Configuration;

/**
 * Examples to learn from: injected services, a regex-constrained parameter, a JSON
 * endpoint validated by its annotations, asynchronous and blocking handlers, a catch-all,
 * an upload streamed as it arrives, a route written in Unicode, and a group for
 * administrators only.
 */
@Configuration(proxyBeanMethods = false)
class ExampleRoutes {

	private static final Type LIST_OF_USERS = new ParameterizedTypeReference<List<User>>() {
	}.getType();

	@Bean
	Routes users(UserDirectory users) {
		return Routes.builder()
			.group("/users",
					group -> group.tag("users")
						.get("/", ctx -> Flux.fromIterable(users.all()))
						.describe(doc -> doc.summary("Lists every user").returns(200, LIST_OF_USERS))
						.get("/{id:[0-9]+}",
								ctx -> users.find(ctx.paramLong("id"))
									.orElseThrow(() -> HttpException.notFound("No user " + ctx.param("id"))))
						.describe(doc -> doc.summary("Finds a user by id")
							.param("id", long.class)
							.returns(200, User.class)
							.returns(404))
						.post("/", ctx -> {
							NewUser input = ctx.body(NewUser.class);
							User user = users.add(input.name(), input.email());
							return Response.created("/users/" + user.id(), user);
						})
						.describe(doc -> doc.summary("Adds a user")
							.accepts(NewUser.class)
							.returns(201, User.class)
							.returns(400)))
			.build();
	}

	@Bean
	Routes asyncAndBlocking() {
		return Routes.builder()
			.tag("examples")
			.get("/async/greeting/:name",
					ctx -> Mono.delay(Duration.ofMillis(5)).map(tick -> "Hello, " + ctx.param("name") + "!"))
			.describe(doc -> doc.summary("Greets by name, after a timer").returns(200, String.class))
			.get("/async/sum", ctx -> {
				long a = ctx.queryLong("a");
				long b = ctx.queryLong("b");
				return CompletableFuture.supplyAsync(() -> new Sum(Math.addExact(a, b)));
			})
			.describe(doc -> doc.summary("Adds two integers on another thread")
				.query("a", long.class)
				.query("b", long.class)
				.returns(200, Sum.class)
				.returns(400)
				.returns(422))
			.get("/reports/slow", Handler.blocking(ctx -> {
				Thread.sleep(20);
				return new Report("ready", Schedulers.isInNonBlockingThread());
			}))
			.describe(doc -> doc.summary("Writes a report off the event loop").returns(200, Report.class))
			.get("/files/{*path}", ctx -> "File " + ctx.param("path"))
			.describe(doc -> doc.summary("Names the file at any path below /files").returns(200, String.class))
			// A body as it arrives, up to 64 MB, hashed without ever being held whole.
			.post("/uploads", Handler.streaming(64L << 20, ctx -> {
				MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
				return ctx.bodyStream()
					.reduce(0L, (size, chunk) -> size + digest(sha256, chunk))
					.map(size -> new Digest(size, HexFormat.of().formatHex(sha256.digest())));
			}))
			.describe(doc -> doc.summary("Hashes a body of up to 64 MB as it arrives")
				.accepts(byte[].class, "application/octet-stream")
				.returns(200, Digest.class)
				.returns(413))
			.get("/café/{dish}", ctx -> "Café: " + ctx.param("dish"))
			.describe(doc -> doc.summary("Serves a dish at a path written in Unicode").returns(200, String.class))
			.build();
	}

	/**
	 * Statistics for administrators: {@link DemoSecurity} opens the {@code /admin} group
	 * only to tokens with the role {@code ADMIN}.
	 */
	@Bean
	Routes admin(LongAdder middlewareNanos) {
		return Routes.builder()
			.group("/admin",
					group -> group.tag("admin")
						.get("/stats", ctx -> new Stats(middlewareNanos.sum()))
						.describe(doc -> doc.summary("Time spent in the benchmark's middleware")
							.returns(200, Stats.class)
							.returns(401)
							.returns(403)))
			.build();
	}

	/** What {@code /async/sum} answers. */
	record Sum(long sum) {
	}

	/** What {@code /reports/slow} answers. */
	record Report(String report, boolean onEventLoop) {
	}

	/** What {@code /uploads} answers. */
	record Digest(long size, String sha256) {
	}

	/** What {@code /admin/stats} answers. */
	record Stats(long middlewareNanos) {
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
