package dev.fastro.perf.peers;

import java.util.concurrent.atomic.LongAdder;

import io.javalin.Javalin;
import io.javalin.http.Context;

/**
 * The five benchmark scenarios on Javalin 7, written the way its documentation writes a
 * server: routes declared up front in {@code Javalin.create(config -> ...)},
 * {@code pathParam}, {@code queryParam}, {@code bodyAsClass} and {@code json} with
 * Javalin's default Jackson mapper, and the middleware scenario as {@code before} and
 * {@code after} handlers on its path. Jetty 12 runs with Javalin's defaults (its own
 * thread pool; Javalin has no knob for one event loop, and Jetty has no event loop in
 * Netty's sense).
 */
public final class JavalinServer {

	static final String TEXT_PLAIN = "text/plain; charset=utf-8";

	/**
	 * The middleware scenario's timing, kept as the Fastro app's timing middleware does.
	 */
	private static final LongAdder MIDDLEWARE_NANOS = new LongAdder();

	private static final String STARTED = "perf.started";

	private JavalinServer() {
	}

	/**
	 * Starts the server and keeps it running until the JVM is stopped.
	 * @param args {@code --port=N}
	 */
	public static void main(String[] args) {
		int port = PeerArguments.port(args);
		create().start(port);
	}

	/**
	 * Creates the application, not yet started.
	 * @return the application
	 */
	static Javalin create() {
		return Javalin.create(config -> {
			config.routes.get("/", ctx -> text(ctx, "Hello world!"));
			config.routes.get("/user/{id}", ctx -> text(ctx, "User " + ctx.pathParam("id")));
			config.routes.get("/query", ctx -> text(ctx, "Hello " + ctx.queryParam("name")));
			config.routes.before("/middleware", ctx -> ctx.attribute(STARTED, System.nanoTime()));
			config.routes.before("/middleware", ctx -> ctx.attribute("user", "fastro"));
			config.routes.get("/middleware", ctx -> text(ctx, "Hello " + ctx.<String>attribute("user")));
			config.routes.after("/middleware", ctx -> ctx.header("x-user", ctx.<String>attribute("user")));
			config.routes.after("/middleware",
					ctx -> MIDDLEWARE_NANOS.add(System.nanoTime() - ctx.<Long>attribute(STARTED)));
			config.routes.post("/json", ctx -> ctx.json(ctx.bodyAsClass(PeerPayload.class)));
		});
	}

	private static void text(Context ctx, String body) {
		ctx.contentType(TEXT_PLAIN).result(body);
	}

}
