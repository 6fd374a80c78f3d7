package dev.fastro.demo;

import java.util.concurrent.atomic.LongAdder;

import dev.fastro.http.AttributeKey;
import dev.fastro.http.Middleware;
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The five scenarios of the original Fastro benchmark, as perf's README describes them.
 * Only the middleware route has middleware, so the other four measure routing and writing
 * alone. The perf module's Fastro server imports this configuration, so what is measured
 * is what is shown here.
 */
@Configuration(proxyBeanMethods = false)
public class BenchmarkRoutes {

	static final AttributeKey<String> USER = AttributeKey.of("user", String.class);

	/**
	 * Total nanoseconds spent in the middleware group, as the benchmark's timing
	 * middleware keeps it.
	 */
	@Bean
	LongAdder middlewareNanos() {
		return new LongAdder();
	}

	@Bean
	Routes benchmark(LongAdder middlewareNanos) {
		Middleware timing = (ctx, next) -> {
			long start = System.nanoTime();
			try {
				return next.handle(ctx);
			}
			finally {
				middlewareNanos.add(System.nanoTime() - start);
			}
		};
		Middleware setUser = (ctx, next) -> next.handle(ctx.set(USER, "fastro"));
		Middleware copyUserHeader = (ctx, next) -> {
			Object result = next.handle(ctx);
			ctx.header("x-user", ctx.get(USER));
			return result;
		};
		return Routes.builder()
			.tag("benchmark")
			.get("/", ctx -> "Hello world!")
			.describe(doc -> doc.summary("Says hello").returns(200, String.class))
			.get("/user/:id", ctx -> "User " + ctx.param("id"))
			.describe(doc -> doc.summary("Names a user by a path parameter").returns(200, String.class))
			.get("/query", ctx -> "Hello " + ctx.query("name"))
			.describe(doc -> doc.summary("Greets by a query parameter")
				.optionalQuery("name", String.class)
				.returns(200, String.class))
			.group("/",
					timed -> timed.use(timing)
						.get("/middleware", ctx -> "Hello " + ctx.get(USER), setUser, copyUserHeader)
						.describe(doc -> doc.summary("Greets the user two middleware set").returns(200, String.class)))
			.post("/json", ctx -> ctx.body(Payload.class))
			.describe(doc -> doc.summary("Echoes a JSON body").accepts(Payload.class).returns(200, Payload.class))
			.build();
	}

}
