package dev.fastro.perf.servers;

import java.io.File;
import java.security.MessageDigest;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

import dev.fastro.demo.Payload;
import dev.fastro.perf.Workload;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.Http11SslContextSpec;
import reactor.netty.http.Http2SslContextSpec;
import reactor.netty.http.HttpProtocol;
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
 *
 * <p>
 * For the live experiments it also echoes WebSocket frames at
 * {@link Workload#WEBSOCKET_PATH} with {@code sendWebsocket}, and sends the shared
 * ticker's events at {@link Workload#EVENTS_PATH} with {@code sse()}.
 */
public final class NativeServer {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	/**
	 * The middleware scenario's timing, kept like the Fastro app's timing middleware
	 * keeps it.
	 */
	private static final LongAdder MIDDLEWARE_NANOS = new LongAdder();

	/** The events of {@link Workload#EVENTS_PATH}: one ticker, shared by every client. */
	private static final Flux<String> TICKER = Flux.interval(Workload.EVENT_INTERVAL).map(Workload::event).share();

	private NativeServer() {
	}

	/**
	 * Starts the server and blocks until it is stopped.
	 * @param args {@code --port=N}; for the protocols experiment {@code --transport=h2c},
	 * {@code tls} or {@code h2}, the secure ones with {@code --certificate=FILE} and
	 * {@code --private-key=FILE} (PEM); for the compression experiment
	 * {@code --compress=true}
	 */
	public static void main(String[] args) {
		ServerArgs arguments = ServerArgs.parse(args);
		HttpServer server = transport(HttpServer.create().port(arguments.intValue(ServerArgs.PORT, 8080)), arguments);
		if (Boolean.parseBoolean(arguments.value(ServerArgs.COMPRESS, "false"))) {
			// As Reactor Netty's reference documentation enables it: Netty's encoder
			// chooses gzip, deflate, or Brotli when brotli4j is on the class path, from
			// Accept-Encoding.
			server = server.compress(true);
		}
		DisposableServer bound = server.handle(NativeServer::handle).bindNow();
		bound.onDispose().block();
	}

	/**
	 * The transport as Reactor Netty's reference documentation configures it: HTTP/2
	 * through {@code protocol(...)}, TLS through {@code secure(...)} with the SSL context
	 * spec of the protocols offered. h2c keeps HTTP/1.1 beside it, as Fastro's h2c does,
	 * so both accept prior knowledge and the {@code Upgrade}, and the harness's HTTP/1.1
	 * readiness check.
	 */
	private static HttpServer transport(HttpServer server, ServerArgs arguments) {
		String transport = arguments.value(ServerArgs.TRANSPORT, "h1");
		return switch (transport) {
			case "h1" -> server;
			case "h2c" -> server.protocol(HttpProtocol.HTTP11, HttpProtocol.H2C);
			case "tls" -> server.secure(spec -> spec.sslContext(Http11SslContextSpec
				.forServer(file(arguments, ServerArgs.CERTIFICATE), file(arguments, ServerArgs.PRIVATE_KEY))));
			case "h2" -> server.protocol(HttpProtocol.HTTP11, HttpProtocol.H2)
				.secure(spec -> spec.sslContext(Http2SslContextSpec.forServer(file(arguments, ServerArgs.CERTIFICATE),
						file(arguments, ServerArgs.PRIVATE_KEY))));
			default -> throw new IllegalArgumentException("unknown --transport=" + transport);
		};
	}

	private static File file(ServerArgs arguments, String key) {
		return new File(arguments.required(key));
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
			if (path.equals(Workload.COMPRESS_PATH)) {
				return compressible(res);
			}
			if (path.equals(Workload.WEBSOCKET_PATH)) {
				return echo(res);
			}
			if (path.equals(Workload.EVENTS_PATH)) {
				return events(res);
			}
		}
		else if (req.method().equals(HttpMethod.POST) && path.equals("/json")) {
			return json(req, res);
		}
		else if (req.method().equals(HttpMethod.POST) && path.equals(Workload.UPLOAD_PATH)) {
			return upload(req, res);
		}
		return res.sendNotFound();
	}

	/**
	 * The compression experiment's answer, compressed by the server's
	 * {@code compress(true)} when the client accepts it.
	 */
	private static Publisher<Void> compressible(HttpServerResponse res) {
		return res.header(HttpHeaderNames.CONTENT_TYPE, Workload.APPLICATION_JSON)
			.sendString(Mono.just(Workload.COMPRESSIBLE_JSON));
	}

	/**
	 * The WebSocket echo as Reactor Netty's reference documentation writes one: every
	 * frame the client sends goes back as it came, retained since Reactor Netty releases
	 * what it received once it is handed on. Pings and the closing handshake are Reactor
	 * Netty's.
	 */
	private static Publisher<Void> echo(HttpServerResponse res) {
		return res.sendWebsocket((in, out) -> out.sendObject(in.receiveFrames().map(WebSocketFrame::retain)));
	}

	/**
	 * The server-sent events as Reactor Netty's reference documentation writes them:
	 * {@code sse()} for the content type, each event a buffer flushed as it is sent.
	 */
	private static Publisher<Void> events(HttpServerResponse res) {
		return res.sse()
			.send(TICKER.onBackpressureLatest()
				.map(data -> ByteBufUtil.writeUtf8(res.alloc(), "data: " + data + "\n\n")), buffer -> true);
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

	/**
	 * The upload bench: the body as Reactor Netty receives it, each buffer hashed as it
	 * arrives, then the length and digest.
	 */
	private static Publisher<Void> upload(HttpServerRequest req, HttpServerResponse res) {
		MessageDigest digest = Workload.uploadDigest();
		return res.header(HttpHeaderNames.CONTENT_TYPE, Workload.TEXT_PLAIN)
			.sendString(req.receive().reduce(0L, (length, buffer) -> {
				int readable = buffer.readableBytes();
				digest.update(buffer.nioBuffer());
				return length + readable;
			}).map(length -> Workload.uploadAnswer(length, digest)));
	}

	static Publisher<Void> json(HttpServerRequest req, HttpServerResponse res) {
		return res.header(HttpHeaderNames.CONTENT_TYPE, Workload.APPLICATION_JSON)
			.sendByteArray(req.receive()
				.aggregate()
				.asByteArray()
				.map(json -> MAPPER.writeValueAsBytes(MAPPER.readValue(json, Payload.class))));
	}

}
