package dev.fastro.perf.peers;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.FileSystemAccess;
import io.vertx.ext.web.handler.StaticHandler;

/**
 * The five benchmark scenarios on Vert.x Web, written the way its documentation writes a
 * server: one {@link Router} with a handler per route, path parameters from
 * {@code pathParam}, the query from {@code queryParams}, the JSON body read by a
 * {@link BodyHandler} into a record and written back with {@code json(..)} (Jackson
 * databind, which Vert.x uses when it is present).
 *
 * <p>
 * Like every server of the benchmark it has one event loop, and it runs on the native
 * epoll transport, as Reactor Netty does on Linux; it refuses to start without it so a
 * missing native library cannot silently measure NIO instead.
 *
 * <p>
 * With {@code --static-files=DIR} it also serves that directory's files at
 * {@code /<name>} through a {@link StaticHandler} with Vert.x's defaults, on a route
 * after the scenarios' routes: the static-files experiment.
 *
 * <p>
 * For the live experiments it echoes WebSocket messages at {@value #WEBSOCKET_PATH},
 * upgrading the request with {@code toWebSocket()}, and sends server-sent events at
 * {@value #EVENTS_PATH}: Vert.x Web has no server-sent events of its own, so the
 * {@code text/event-stream} answer is written by hand, as its users do, each event from
 * one periodic timer to every open answer.
 *
 * <p>
 * For the overload experiment, {@value #WORK_PATH} does a fixed amount of CPU work, the
 * perf module's {@code Workload.work()}, off the event loop with {@code executeBlocking},
 * as Vert.x documents for blocking code, with its defaults.
 */
public final class VertxServer {

	static final String TEXT_PLAIN = "text/plain; charset=utf-8";

	/**
	 * The middleware scenario's timing, kept as the Fastro app's timing middleware does.
	 */
	private static final LongAdder MIDDLEWARE_NANOS = new LongAdder();

	/** The perf module's {@code Workload.WEBSOCKET_PATH}. */
	static final String WEBSOCKET_PATH = "/ws/echo";

	/** The perf module's {@code Workload.EVENTS_PATH}. */
	static final String EVENTS_PATH = "/events";

	/** The perf module's {@code Workload.EVENT_INTERVAL}, in milliseconds. */
	private static final long EVENT_INTERVAL_MILLIS = 1000;

	/** The perf module's {@code Workload.WORK_PATH}. */
	static final String WORK_PATH = "/work";

	/** The perf module's {@code Workload.WORK_ROUNDS}. */
	static final int WORK_ROUNDS = 36;

	/** The block the perf module's {@code Workload.work()} hashes: 64 KiB of zeros. */
	private static final byte[] WORK_BLOCK = new byte[64 * 1024];

	private VertxServer() {
	}

	/**
	 * Starts the server and keeps it running until the JVM is stopped.
	 * @param args {@code --port=N}, and {@code --static-files=DIR} to serve a directory
	 */
	public static void main(String[] args) {
		int port = PeerArguments.port(args);
		HttpServer server = start(vertx(), port, PeerArguments.staticFiles(args)).await();
		System.out.println("Vert.x listening on port " + server.actualPort());
	}

	/**
	 * Creates a Vert.x instance with one event loop on the native transport.
	 * @return the instance
	 * @throws IllegalStateException if the native transport is not available
	 */
	static Vertx vertx() {
		Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setPreferNativeTransport(true));
		if (!vertx.isNativeTransportEnabled()) {
			vertx.close();
			throw new IllegalStateException("no native transport", vertx.unavailableNativeTransportCause());
		}
		return vertx;
	}

	/**
	 * Starts the server.
	 * @param vertx the Vert.x instance
	 * @param port the port, 0 for any free one
	 * @return the listening server
	 */
	static Future<HttpServer> start(Vertx vertx, int port) {
		return start(vertx, port, null);
	}

	/**
	 * Starts the server, serving a directory's files too.
	 * @param vertx the Vert.x instance
	 * @param port the port, 0 for any free one
	 * @param staticFiles the directory, {@code null} for none
	 * @return the listening server
	 */
	static Future<HttpServer> start(Vertx vertx, int port, String staticFiles) {
		Router router = router(vertx);
		live(vertx, router);
		router.get(WORK_PATH)
			.handler(ctx -> ctx.vertx()
				.executeBlocking(VertxServer::work)
				.onSuccess(answer -> text(ctx, answer))
				.onFailure(ctx::fail));
		if (staticFiles != null) {
			// An absolute directory needs access to the whole file system; everything
			// else is StaticHandler's default.
			router.get().handler(StaticHandler.create(FileSystemAccess.ROOT, staticFiles));
		}
		return vertx.createHttpServer().requestHandler(router).listen(port);
	}

	static Router router(Vertx vertx) {
		Router router = Router.router(vertx);
		router.get("/").handler(ctx -> text(ctx, "Hello world!"));
		router.get("/user/:id").handler(ctx -> text(ctx, "User " + ctx.pathParam("id")));
		router.get("/query").handler(ctx -> text(ctx, "Hello " + ctx.queryParams().get("name")));
		router.get("/middleware")
			.handler(VertxServer::timing)
			.handler(VertxServer::setUser)
			.handler(VertxServer::userHeader)
			.handler(ctx -> text(ctx, "Hello " + ctx.get("user")));
		router.post("/json")
			.handler(BodyHandler.create())
			.handler(ctx -> ctx.json(ctx.body().asPojo(PeerPayload.class)));
		return router;
	}

	/**
	 * The live experiments' routes: the WebSocket echo, each message written back as the
	 * same kind with the same payload, and the event stream, fed by one timer.
	 */
	static void live(Vertx vertx, Router router) {
		router.get(WEBSOCKET_PATH).handler(ctx -> ctx.request().toWebSocket().onSuccess(VertxServer::echo));
		Set<HttpServerResponse> subscribers = ConcurrentHashMap.newKeySet();
		AtomicLong ticks = new AtomicLong();
		vertx.setPeriodic(EVENT_INTERVAL_MILLIS, EVENT_INTERVAL_MILLIS, timer -> {
			String event = "data: tick " + ticks.getAndIncrement() + "\n\n";
			subscribers.forEach(response -> response.write(event));
		});
		router.get(EVENTS_PATH).handler(ctx -> {
			HttpServerResponse response = ctx.response()
				.setChunked(true)
				.putHeader("content-type", "text/event-stream")
				.putHeader("cache-control", "no-cache");
			response.closeHandler(closed -> subscribers.remove(response));
			response.writeHead();
			subscribers.add(response);
		});
	}

	/**
	 * The perf module's {@code Workload.work()}: 64 KiB of zeros hashed
	 * {@link #WORK_ROUNDS} times with SHA-256, the digest in lowercase hex.
	 */
	static String work() throws NoSuchAlgorithmException {
		MessageDigest digest = MessageDigest.getInstance("SHA-256");
		for (int i = 0; i < WORK_ROUNDS; i++) {
			digest.update(WORK_BLOCK);
		}
		return HexFormat.of().formatHex(digest.digest());
	}

	private static void echo(ServerWebSocket webSocket) {
		webSocket.textMessageHandler(webSocket::writeTextMessage);
		webSocket.binaryMessageHandler(webSocket::writeBinaryMessage);
	}

	private static void text(RoutingContext ctx, String body) {
		ctx.response().putHeader("content-type", TEXT_PLAIN).end(body);
	}

	/** Times the rest of the chain, which runs synchronously inside {@code next()}. */
	private static void timing(RoutingContext ctx) {
		long start = System.nanoTime();
		try {
			ctx.next();
		}
		finally {
			MIDDLEWARE_NANOS.add(System.nanoTime() - start);
		}
	}

	private static void setUser(RoutingContext ctx) {
		ctx.put("user", "fastro");
		ctx.next();
	}

	/** Copies the user into {@code x-user} once the handler has answered. */
	private static void userHeader(RoutingContext ctx) {
		ctx.addHeadersEndHandler(done -> ctx.response().putHeader("x-user", ctx.<String>get("user")));
		ctx.next();
	}

}
