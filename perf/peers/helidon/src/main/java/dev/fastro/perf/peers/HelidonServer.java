package dev.fastro.perf.peers;

import java.util.concurrent.atomic.LongAdder;

import io.helidon.http.Header;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

/**
 * The five benchmark scenarios on Helidon SE 4, written the way its WebServer
 * documentation writes a server: a {@link WebServer} with an {@link HttpRouting} of one
 * handler per route, path parameters from {@code req.path().pathParameters()}, the query
 * from {@code req.query()}, and the JSON body read into a record and sent back through
 * Helidon's Jackson media support.
 *
 * <p>
 * The middleware scenario is three handlers on {@code /middleware} before the one that
 * answers, each passing the request on with {@code res.next()}, as the documentation's
 * "filtering through routes" does. {@code next()} only marks the response, and Helidon
 * calls the next handler once this one returned, so the timing handler measures up to the
 * moment the answer is sent ({@code whenSent}) and the header is added right before it is
 * written ({@code beforeSend}). The user travels in the request's context.
 *
 * <p>
 * Helidon runs every request on a virtual thread of its own; it has no event-loop
 * setting, so it runs with its defaults on the one pinned core.
 */
public final class HelidonServer {

	private static final Header TEXT_PLAIN = HeaderValues.create(HeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");

	/**
	 * The middleware scenario's timing, kept as the Fastro app's timing middleware does.
	 */
	private static final LongAdder MIDDLEWARE_NANOS = new LongAdder();

	private HelidonServer() {
	}

	/**
	 * Starts the server and keeps it running until the JVM is stopped.
	 * @param args {@code --port=N}
	 */
	public static void main(String[] args) {
		WebServer server = start(PeerArguments.port(args));
		System.out.println("Helidon listening on port " + server.port());
	}

	/**
	 * Starts the server.
	 * @param port the port, 0 for any free one
	 * @return the started server
	 */
	static WebServer start(int port) {
		return WebServer.builder().port(port).routing(HelidonServer::routing).build().start();
	}

	static void routing(HttpRouting.Builder routing) {
		routing.get("/", (req, res) -> text(res, "Hello world!"))
			.get("/user/{id}", (req, res) -> text(res, "User " + req.path().pathParameters().get("id")))
			.get("/query", (req, res) -> text(res, "Hello " + req.query().get("name")))
			.get("/middleware", HelidonServer::timing)
			.get("/middleware", HelidonServer::setUser)
			.get("/middleware", HelidonServer::userHeader)
			.get("/middleware", (req, res) -> text(res, "Hello " + user(req)))
			.post("/json", (req, res) -> res.send(req.content().as(PeerPayload.class)));
	}

	private static void text(ServerResponse res, String body) {
		res.header(TEXT_PLAIN).send(body);
	}

	/** Times the rest of the handling, up to the moment the answer is sent. */
	private static void timing(ServerRequest req, ServerResponse res) {
		long start = System.nanoTime();
		res.whenSent(() -> MIDDLEWARE_NANOS.add(System.nanoTime() - start));
		res.next();
	}

	private static void setUser(ServerRequest req, ServerResponse res) {
		req.context().register("user", "fastro");
		res.next();
	}

	/** Copies the user into {@code x-user} once the handler has answered. */
	private static void userHeader(ServerRequest req, ServerResponse res) {
		res.beforeSend(() -> res.header("x-user", user(req)));
		res.next();
	}

	private static String user(ServerRequest req) {
		return req.context().get("user", String.class).orElseThrow();
	}

}
