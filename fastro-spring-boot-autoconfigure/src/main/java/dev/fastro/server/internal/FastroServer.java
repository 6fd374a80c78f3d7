package dev.fastro.server.internal;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.DispatcherWrapper;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.internal.RequestLimits;
import io.netty.channel.ChannelOption;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.netty.DisposableServer;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.LoopResources;

/**
 * Fastro's own Reactor Netty server. Started, it binds and serves the {@link Dispatcher};
 * stopped, it refuses new connections, lets in-flight requests finish within a grace
 * period, then closes what is left. While it serves, a non-daemon thread keeps the JVM
 * alive, since Netty's threads are daemons.
 */
public final class FastroServer {

	private static final Log logger = LogFactory.getLog(FastroServer.class);

	private final ServerOptions options;

	private final HttpServer server;

	private final Dispatcher dispatcher;

	private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);

	private final LoopResources loops;

	private final boolean servesHttp1Exchanges;

	private final AtomicInteger webSocketSessions = new AtomicInteger();

	private volatile DisposableServer running;

	/**
	 * Creates the server; it binds when started.
	 * @param options the server's options
	 * @param dispatcher the dispatcher that answers requests
	 * @param wrapper what wraps the dispatcher for every request, decided now, such as
	 * observation; {@code dispatcher -> dispatcher} for nothing
	 * @param json the JSON codec
	 * @param limits the limits on what a request may make the server parse
	 * @param customizers adjust Reactor Netty's server, in this order, after Fastro's own
	 * configuration and before its handler is installed; on Fastro's own exchange, only
	 * what concerns connections applies
	 */
	public FastroServer(ServerOptions options, Dispatcher dispatcher, DispatcherWrapper wrapper, JsonCodec json,
			RequestLimits limits, List<? extends Function<HttpServer, HttpServer>> customizers) {
		this.options = options;
		this.dispatcher = dispatcher;
		this.loops = (options.eventLoopThreads() > 0) ? LoopResources.create("fastro", options.eventLoopThreads(), true)
				: null;
		FastroHttpHandler handler = new FastroHttpHandler(dispatcher, wrapper.wrap(dispatcher), json, limits,
				options.maxBodySize());
		this.servesHttp1Exchanges = servesExchanges(options);
		AccessLogLine accessLog = new AccessLogLine(dispatcher);
		ServerPipeline pipeline = new ServerPipeline(options, json, this.servesHttp1Exchanges ? handler : null,
				options.accessLog() ? accessLog : null, this.webSocketSessions);
		HttpServer server = HttpServer.create()
			.host(options.host())
			.port(options.port())
			.httpRequestDecoder(decoder -> decoder.maxInitialLineLength(options.maxInitialLineLength())
				.maxHeaderSize(options.maxHeaderSize()))
			.doOnChannelInit((observer, channel, remote) -> pipeline.install(channel.pipeline()))
			// A client may half-close after its last request and still read the answers
			// (see ConnectionCloser).
			.childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
			.childOption(ChannelOption.ALLOCATOR, options.allocator())
			.accessLog(options.accessLog(), accessLog)
			.channelGroup(this.connections);
		if (options.tls() != null) {
			server = options.tls().apply(server);
		}
		// Reactor Netty's compression serves its exchange: HTTP/2 streams, and HTTP/1.1
		// when asked to.
		if (options.compression() != null && (options.http2() != null || !this.servesHttp1Exchanges)) {
			server = compressed(server, options.compression());
		}
		if (options.forwardedHeaders()) {
			server = server.forwarded(new ForwardedHeaders(options.trustedProxies()));
		}
		if (this.loops != null) {
			server = server.runOn(this.loops);
		}
		ExchangeSettings settings = ExchangeSettings.of(server.configuration());
		for (Function<HttpServer, HttpServer> customizer : customizers) {
			server = customizer.apply(server);
		}
		if (this.servesHttp1Exchanges) {
			settings.assertUnchangedIn(server.configuration());
		}
		this.server = (options.http2() != null)
				? withHttp2(server, options).childObserve(new Http2AuthorityRefusals(json))
					.handle(new Http2StreamChecks(handler, options.trustedProxies()))
				: server.handle(handler);
	}

	/**
	 * Whether Fastro serves the requests of HTTP/1.1 connections itself
	 * ({@link Http1Exchanges}) rather than through Reactor Netty's exchange: unless the
	 * application asked for Reactor Netty's. HTTP/2 streams are Reactor Netty's either
	 * way. The one rule: TLS, compression, forwarded headers, the access log and
	 * customizers are served on either.
	 */
	private static boolean servesExchanges(ServerOptions options) {
		return !options.reactorNettyExchange();
	}

	/**
	 * Compression on Reactor Netty's exchange, by the same rule as on Fastro's
	 * ({@link ResponseCompressor}). Reactor Netty checks the length first, and asks about
	 * a body large enough or of unknown length once the handler has answered.
	 */
	private static HttpServer compressed(HttpServer server, CompressionRule rule) {
		return server.compress(rule.minResponseSize()).compress((request, response) -> {
			String coding = rule.coding(request.requestHeaders(), response.responseHeaders());
			if (coding == null) {
				return false;
			}
			// Netty's encoder, added now, reads the request's Accept-Encoding when the
			// response goes out, and must find the coding chosen here.
			request.requestHeaders().set(HttpHeaderNames.ACCEPT_ENCODING, coding);
			return true;
		});
	}

	/**
	 * HTTP/2 beside HTTP/1.1: h2 through ALPN when the server is secure, else h2c, by
	 * prior knowledge or the HTTP/1.1 upgrade. Netty's defaults that guard against frame
	 * floods (rapid reset, CONTINUATION, SETTINGS, PING) stay as they are. An HTTP/2
	 * connection passes none of Fastro's HTTP/1.1 guards, so Reactor Netty's own idle
	 * timeout closes it (with a GOAWAY) when it has been idle that long.
	 */
	private static HttpServer withHttp2(HttpServer server, ServerOptions options) {
		Http2Limits limits = options.http2();
		HttpProtocol h2 = server.configuration().isSecure() ? HttpProtocol.H2 : HttpProtocol.H2C;
		return server.protocol(h2, HttpProtocol.HTTP11)
			.idleTimeout(options.idleTimeout())
			.http2Settings(settings -> settings.maxConcurrentStreams(limits.maxConcurrentStreams())
				.initialWindowSize(limits.initialWindowSize())
				.maxHeaderListSize(limits.maxHeaderListSize()));
	}

	/**
	 * Binds and starts serving.
	 * @throws FastroBindException naming the address, when it cannot be bound
	 */
	public synchronized void start() {
		if (this.running != null) {
			return;
		}
		try {
			this.running = this.server.bindNow();
		}
		catch (RuntimeException ex) {
			throw new FastroBindException(this.options.host(), this.options.port(), ex);
		}
		DisposableServer bound = this.running;
		Thread keepAlive = new Thread(() -> bound.onDispose().block(), "fastro-server-" + port());
		keepAlive.setDaemon(false);
		keepAlive.start();
	}

	/**
	 * Stops accepting connections, ends the server-sent event streams, waits up to
	 * {@code gracePeriod} for in-flight requests to finish, then closes every connection
	 * left.
	 */
	public synchronized void stop(Duration gracePeriod) {
		DisposableServer server = this.running;
		if (server == null) {
			return;
		}
		this.running = null;
		long deadline = System.nanoTime() + gracePeriod.toNanos();
		ConnectionState.draining(this.connections, true);
		// Each WebSocket's close frame goes before the connection's close, which then
		// waits for the closing handshake.
		WebSocketConnection.goingAway(this.connections);
		// Their connections draining, the streams' ends close them.
		this.dispatcher.endEventStreams();
		boolean finished;
		try {
			server.disposeNow(gracePeriod);
			// Reactor Netty has waited for the exchanges it serves. The connections whose
			// exchanges Fastro serves close once their answers are written.
			finished = this.connections.close().awaitUninterruptibly(remainingMillis(deadline));
		}
		catch (IllegalStateException ex) {
			finished = false;
		}
		if (!finished) {
			logger.warn("Fastro: in-flight requests did not finish within " + gracePeriod + "; closing them");
			ConnectionState.draining(this.connections, false);
			this.connections.close().awaitUninterruptibly(gracePeriod.toMillis());
		}
		if (this.loops != null) {
			this.loops.disposeLater().block(gracePeriod);
		}
	}

	private static long remainingMillis(long deadline) {
		return Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
	}

	/**
	 * Whether Fastro serves HTTP/1.1 exchanges itself, or leaves them to Reactor Netty's
	 * exchange, as it does when asked to.
	 */
	public boolean servesHttp1Exchanges() {
		return this.servesHttp1Exchanges;
	}

	public boolean isRunning() {
		return this.running != null;
	}

	/** The bound address; the bound port even when 0 was asked for. */
	public InetSocketAddress address() {
		DisposableServer server = this.running;
		if (server == null) {
			throw new IllegalStateException("Fastro is not running");
		}
		return (InetSocketAddress) server.address();
	}

	public int port() {
		return address().getPort();
	}

	/** How many WebSocket sessions are open, for monitoring. */
	public int openWebSockets() {
		return this.webSocketSessions.get();
	}

	/**
	 * How many client connections are open: for monitoring, and for a test that must know
	 * when the server has let go of the connections it closed.
	 */
	public int openConnections() {
		return this.connections.size();
	}

}
