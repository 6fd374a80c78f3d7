package dev.fastro.server.internal;

import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.spi.Transport;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerUpgradeHandler;
import reactor.netty.NettyPipeline;

/**
 * Fastro's handlers around Reactor Netty's HTTP/1.1 codec, one concern each, sharing one
 * {@link ConnectionState}:
 *
 * <pre>
 * ConnectionCloser -> FramingGuard -> [HTTP codec] -> [access log] -> MessageGuard
 *     -> [ResponseCompressor] -> Http1Exchanges
 * </pre>
 *
 * where Fastro serves the exchanges itself ({@link Http1Exchanges}), else Reactor Netty's
 * exchange in its place. Before the codec they see the raw bytes, after it the decoded
 * requests and the responses going out. They guard HTTP/1.1 only: an HTTP/2 connection
 * never gets them, and an HTTP/1.1 connection upgraded to h2c loses them with its
 * {@code 101} answer. An HTTP/2 connection gets {@link Http2ConnectionErrors} at its end
 * instead.
 */
final class ServerPipeline implements ProtocolSwitches {

	private static final String[] GUARDS = { "fastro.closer", "fastro.framing", "fastro.messages" };

	/** What serves HTTP/1.1 requests on Fastro's exchange, after the guards. */
	private static final String[] EXCHANGE = { "fastro.compression", "fastro.exchanges" };

	private final ServerOptions options;

	private final JsonCodec json;

	private final FastroHttpHandler exchanges;

	private final ForwardedHeaders forwarded;

	private final Transport<Http1Exchange> transport;

	private final AccessLogLine accessLog;

	private final AtomicInteger webSocketSessions;

	/**
	 * @param exchanges the handler Fastro serves HTTP/1.1 exchanges with itself
	 * ({@link Http1Exchanges}), or {@code null} when Reactor Netty serves them
	 * @param accessLog the access log's line, or {@code null} when the access log is off
	 * @param webSocketSessions counts the WebSocket sessions open
	 */
	ServerPipeline(ServerOptions options, JsonCodec json, FastroHttpHandler exchanges, AccessLogLine accessLog,
			AtomicInteger webSocketSessions) {
		this.options = options;
		this.webSocketSessions = webSocketSessions;
		this.json = json;
		this.exchanges = exchanges;
		this.forwarded = options.forwardedHeaders() ? new ForwardedHeaders(options.trustedProxies()) : null;
		this.transport = (this.forwarded != null) ? Http1Exchange.forwarded(this.forwarded) : Http1Exchange.TRANSPORT;
		this.accessLog = accessLog;
	}

	/**
	 * Installs the guards on a new connection: at once when it speaks HTTP/1.1 only, and
	 * once its protocol is known when it may speak HTTP/2 as well. When Fastro serves the
	 * exchanges, {@link Http1Exchanges} goes after them, so that Fastro serves its
	 * HTTP/1.1 requests instead of Reactor Netty.
	 */
	void install(ChannelPipeline pipeline) {
		if (pipeline.get(NettyPipeline.HttpCodec) instanceof HttpServerCodec) {
			installHttp1(pipeline, NettyPipeline.HttpCodec);
		}
		else if (pipeline.get(NettyPipeline.H2OrHttp11Codec) != null) {
			pipeline.addAfter(NettyPipeline.H2OrHttp11Codec, "fastro.protocol", new ProtocolChosen());
		}
		else if (pipeline.get(NettyPipeline.H2CUpgradeHandler) != null) {
			pipeline.addAfter(NettyPipeline.H2CUpgradeHandler, "fastro.protocol", new ProtocolChosen());
		}
	}

	/**
	 * Installs the guards around the HTTP/1.1 codec named {@code codec}, and the exchange
	 * when Fastro serves it. On a connection that may still switch to h2c, the exchange
	 * goes after the upgrade handler, which answers the requests to switch and passes the
	 * others on; the guards stay before it, to see its {@code 101} leave.
	 */
	private void installHttp1(ChannelPipeline pipeline, String codec) {
		ConnectionState state = installAround(pipeline, codec, this.exchanges != null);
		if (this.exchanges == null) {
			return;
		}
		HttpServerUpgradeHandler h2c = pipeline.get(HttpServerUpgradeHandler.class);
		pipeline.addAfter((h2c != null) ? pipeline.context(h2c).name() : GUARDS[2], EXCHANGE[1],
				new Http1Exchanges(this.exchanges, state, this.transport, this));
		if (this.options.compression() != null) {
			pipeline.addAfter(GUARDS[2], EXCHANGE[0], new ResponseCompressor(this.options.compression()));
		}
		// Reactor Netty's exchange takes its idle timeout off when a request arrives,
		// which it never sees here: the guards time the connection out instead.
		removeIfPresent(pipeline, NettyPipeline.IdleTimeoutHandler);
	}

	private ConnectionState installAround(ChannelPipeline pipeline, String codec, boolean servesExchanges) {
		ConnectionState state = new ConnectionState(this.options, this.json);
		pipeline.addBefore(codec, GUARDS[0], new ConnectionCloser(state));
		pipeline.addBefore(codec, GUARDS[1], new FramingGuard(state));
		pipeline.addAfter(codec, GUARDS[2], new MessageGuard(state, servesExchanges, this));
		if (this.accessLog != null && pipeline.get(NettyPipeline.AccessLogHandler) != null) {
			// In place of Reactor Netty's, which reads each request from its own exchange
			// and, on that exchange, would sit after the guard, missing the problem body
			// the guard gives a request it refuses.
			pipeline.remove(NettyPipeline.AccessLogHandler);
			pipeline.addAfter(codec, NettyPipeline.AccessLogHandler,
					new Http1AccessLog(this.accessLog, this.forwarded));
		}
		return state;
	}

	/**
	 * Switches a connection from HTTP/1.1 to h2c around its {@code 101} answer. The
	 * access log goes first, before the {@code 101} passes it: the upgraded request is
	 * logged on its HTTP/2 stream (Reactor Netty takes the access log off too, but only
	 * once the {@code 101} has passed, which it never does where the log sits after the
	 * exchange). The guards go once it has passed, and what an HTTP/2 connection has
	 * instead comes in.
	 */
	@Override
	public void toHttp2(ChannelPipeline pipeline, Runnable write101) {
		if (pipeline.get(NettyPipeline.AccessLogHandler) != null) {
			pipeline.remove(NettyPipeline.AccessLogHandler);
		}
		write101.run();
		for (String name : GUARDS) {
			removeIfPresent(pipeline, name);
		}
		for (String name : EXCHANGE) {
			removeIfPresent(pipeline, name);
		}
		installHttp2(pipeline);
	}

	/**
	 * Switches a connection from HTTP/1.1 to WebSocket around its {@code 101} answer. The
	 * answer passes everything of HTTP/1.1 on its way out, the access log included, which
	 * logs it as the request's answer. Everything of HTTP/1.1 then goes at once, on the
	 * event loop, so no byte the client sends after the answer meets it: the session's
	 * handlers take the codec's place. {@code write101} writes without a flush.
	 */
	@Override
	public void toWebSocket(ChannelPipeline pipeline, WebSocketHandshake handshake, Runnable write101) {
		write101.run();
		for (String name : GUARDS) {
			removeIfPresent(pipeline, name);
		}
		for (String name : EXCHANGE) {
			removeIfPresent(pipeline, name);
		}
		removeIfPresent(pipeline, NettyPipeline.AccessLogHandler);
		// Named as Reactor Netty names it only where h2c's upgrade did not add it.
		String codec = pipeline.context(HttpServerCodec.class).name();
		WebSocketConnection session = handshake.install(pipeline, codec, this.webSocketSessions);
		pipeline.remove(codec);
		// The 101 leaves once the handler serves the session: a client that sends as soon
		// as it is open finds the handler subscribed, to a chat's posts for instance.
		session.open();
		pipeline.flush();
	}

	private static void removeIfPresent(ChannelPipeline pipeline, String name) {
		if (pipeline.get(name) != null) {
			pipeline.remove(name);
		}
	}

	private static void installHttp2(ChannelPipeline pipeline) {
		pipeline.addLast("fastro.h2errors", Http2ConnectionErrors.INSTANCE);
	}

	/**
	 * Waits, on a connection that may speak HTTP/1.1 or HTTP/2, for the first bytes past
	 * the protocol choice (ALPN, or the h2c prior-knowledge preface), installs the guards
	 * when they are HTTP/1.1, and steps aside.
	 */
	private final class ProtocolChosen extends ChannelInboundHandlerAdapter {

		@Override
		public void channelRead(ChannelHandlerContext ctx, Object msg) {
			ChannelPipeline pipeline = ctx.pipeline();
			HttpServerCodec http11 = pipeline.get(HttpServerCodec.class);
			if (msg instanceof ByteBuf && http11 != null) {
				// The codec follows this handler, so the guards go in between, and this
				// context passes the bytes on to the first of them.
				installHttp1(pipeline, pipeline.context(http11).name());
			}
			else {
				installHttp2(pipeline);
			}
			pipeline.remove(this);
			ctx.fireChannelRead(msg);
		}

	}

}
