package dev.fastro.perf.servers;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;

import dev.fastro.demo.Payload;
import dev.fastro.perf.Workload;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.QueryStringDecoder;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import tools.jackson.databind.json.JsonMapper;

/**
 * The 100% line: the five scenarios written the way Reactor Netty's reference
 * documentation writes a server, {@code HttpServer.create().handle(...)} with plain
 * {@code if} dispatch. Nothing here is slowed down on purpose or sped up with tricks a
 * normal user would not write.
 *
 * <p>
 * The event loop has one thread through {@code -Dreactor.netty.ioWorkerCount=1}, which
 * the harness passes to every server. The scenario methods are shared with
 * {@link NativeRoutedServer}, which differs only in how it dispatches.
 */
public final class NativeServer {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	/**
	 * The middleware scenario's timing, kept like the Fastro app's timing middleware
	 * keeps it.
	 */
	private static final LongAdder MIDDLEWARE_NANOS = new LongAdder();

	private NativeServer() {
	}

	/**
	 * Starts the server and blocks until it is stopped.
	 * @param args {@code --port=N}
	 */
	public static void main(String[] args) {
		int port = ServerArgs.parse(args).intValue(ServerArgs.PORT, 8080);
		DisposableServer server = HttpServer.create().port(port).handle(NativeServer::handle).bindNow();
		server.onDispose().block();
	}

	private static Publisher<Void> handle(HttpServerRequest req, HttpServerResponse res) {
		String path = req.fullPath();
		if (req.method().equals(HttpMethod.GET)) {
			if (path.equals("/")) {
				return text(res, "Hello world!");
			}
			if (path.startsWith("/user/")) {
				return text(res, "User " + path.substring("/user/".length()));
			}
			if (path.equals("/query")) {
				return query(req, res);
			}
			if (path.equals("/middleware")) {
				return middleware(res);
			}
		}
		else if (req.method().equals(HttpMethod.POST) && path.equals("/json")) {
			return json(req, res);
		}
		return res.sendNotFound();
	}

	static Publisher<Void> text(HttpServerResponse res, String body) {
		return res.header(HttpHeaderNames.CONTENT_TYPE, Workload.TEXT_PLAIN).sendString(Mono.just(body));
	}

	static Publisher<Void> query(HttpServerRequest req, HttpServerResponse res) {
		List<String> names = new QueryStringDecoder(req.uri()).parameters().get("name");
		return text(res, "Hello " + ((names != null) ? names.get(0) : null));
	}

	/**
	 * The middleware scenario's work, inline: time the request, set the user, copy it
	 * into x-user.
	 */
	static Publisher<Void> middleware(HttpServerResponse res) {
		long start = System.nanoTime();
		try {
			String user = "fastro";
			return text(res.header("x-user", user), "Hello " + user);
		}
		finally {
			MIDDLEWARE_NANOS.add(System.nanoTime() - start);
		}
	}

	static Publisher<Void> json(HttpServerRequest req, HttpServerResponse res) {
		return res.header(HttpHeaderNames.CONTENT_TYPE, Workload.APPLICATION_JSON)
			.sendByteArray(req.receive()
				.aggregate()
				.asByteArray()
				.map(json -> MAPPER.writeValueAsBytes(MAPPER.readValue(json, Payload.class))));
	}

}
