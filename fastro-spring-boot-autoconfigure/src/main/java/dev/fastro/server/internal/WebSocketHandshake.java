package dev.fastro.server.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.http.Context;
import dev.fastro.http.WebSocketHandler;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.websocketx.Utf8FrameValidator;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketFrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketFrameEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketServerHandshaker13;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionData;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionUtil;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketServerExtension;
import io.netty.handler.codec.http.websocketx.extensions.compression.PerMessageDeflateServerExtensionHandshaker;
import io.netty.handler.timeout.IdleStateHandler;

/**
 * The server's side of one WebSocket opening handshake, checked already by the route: the
 * {@code 101} answer and the handlers that serve the session once it has left, all
 * Netty's: its version 13 handshaker (the accept key, the subprotocol), frame decoder and
 * encoder, {@code permessage-deflate}, UTF-8 validator and message aggregator. Netty's
 * own handshake would also edit the pipeline, by its own idea of it; the server's
 * {@link ProtocolSwitches} does that here.
 */
final class WebSocketHandshake {

	private final Handshaker handshaker;

	private final FullHttpResponse response;

	private final WebSocketServerExtension compression;

	private final WebSocketSettings settings;

	private final Context request;

	private final WebSocketHandler handler;

	/**
	 * @param request the handshake's head
	 * @param responseHeaders the headers the route's middleware set, for the {@code 101}
	 * @param context the handshake as the handler sees it
	 */
	WebSocketHandshake(HttpRequest request, HttpHeaders responseHeaders, Context context, WebSocketHandler handler,
			WebSocketSettings settings) {
		this.settings = settings;
		this.request = context;
		this.handler = handler;
		List<String> subProtocols = handler.subProtocols();
		WebSocketDecoderConfig decoding = WebSocketDecoderConfig.newBuilder()
			.maxFramePayloadLength(settings.maxFrameSize())
			.expectMaskedFrames(true)
			.allowMaskMismatch(false)
			.allowExtensions(true)
			.closeOnProtocolViolation(true)
			.build();
		this.handshaker = new Handshaker(request.uri(), subProtocols.isEmpty() ? null : String.join(",", subProtocols),
				decoding);
		// The handshake has no body: the route took none.
		this.response = this.handshaker.response(new DefaultFullHttpRequest(request.protocolVersion(), request.method(),
				request.uri(), Unpooled.EMPTY_BUFFER, request.headers(), EmptyHttpHeaders.INSTANCE), responseHeaders);
		this.compression = settings.compression() ? compression(request.headers()) : null;
		if (this.compression != null) {
			this.response.headers()
				.set(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS, format(this.compression.newReponseData()));
		}
	}

	/** The {@code 101} answer. */
	FullHttpResponse response() {
		return this.response;
	}

	/**
	 * Installs the handlers of the session after {@code after}, once the {@code 101} has
	 * been written; the session opens when the caller says.
	 */
	WebSocketConnection install(ChannelPipeline pipeline, String after, AtomicInteger sessions) {
		// The encoder first: the decoder writes the close frame of a protocol error.
		String last = add(pipeline, after, "fastro.ws.encoder", this.handshaker.encoder());
		last = add(pipeline, last, "fastro.ws.decoder", this.handshaker.decoder());
		if (this.compression != null) {
			last = add(pipeline, last, "fastro.ws.inflater", this.compression.newExtensionDecoder());
			last = add(pipeline, last, "fastro.ws.deflater", this.compression.newExtensionEncoder());
		}
		// After the inflater: a compressed text is no UTF-8 until inflated.
		last = add(pipeline, last, "fastro.ws.utf8", new Utf8FrameValidator(true));
		last = add(pipeline, last, "fastro.ws.aggregator",
				new WebSocketFrameAggregator(this.settings.maxMessageSize()));
		if (this.settings.idleTimeout() != null) {
			last = add(pipeline, last, "fastro.ws.idle",
					new IdleStateHandler(0, 0, this.settings.idleTimeout().toNanos(), TimeUnit.NANOSECONDS));
		}
		WebSocketConnection session = new WebSocketConnection(this.request, this.handler,
				this.handshaker.selectedSubprotocol(), this.settings, sessions);
		add(pipeline, last, "fastro.ws.session", session);
		return session;
	}

	private static String add(ChannelPipeline pipeline, String after, String name, ChannelHandler handler) {
		pipeline.addAfter(after, name, handler);
		return name;
	}

	/**
	 * The {@code permessage-deflate} agreed to from the extensions the client offers, or
	 * {@code null}: the first offer Netty's handshaker accepts.
	 */
	private static WebSocketServerExtension compression(HttpHeaders headers) {
		String offered = headers.get(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS);
		if (offered == null) {
			return null;
		}
		PerMessageDeflateServerExtensionHandshaker deflate = new PerMessageDeflateServerExtensionHandshaker();
		for (WebSocketExtensionData offer : WebSocketExtensionUtil.extractExtensions(offered)) {
			WebSocketServerExtension agreed = deflate.handshakeExtension(offer);
			if (agreed != null) {
				return agreed;
			}
		}
		return null;
	}

	/** An extension as {@code Sec-WebSocket-Extensions} names it. */
	private static String format(WebSocketExtensionData extension) {
		StringBuilder header = new StringBuilder(extension.name());
		for (Map.Entry<String, String> parameter : extension.parameters().entrySet()) {
			header.append("; ").append(parameter.getKey());
			if (parameter.getValue() != null) {
				header.append('=').append(parameter.getValue());
			}
		}
		return header.toString();
	}

	/** Netty's handshaker, with the parts it keeps to its own handshake open here. */
	private static final class Handshaker extends WebSocketServerHandshaker13 {

		Handshaker(String uri, String subProtocols, WebSocketDecoderConfig decoding) {
			super(uri, subProtocols, decoding);
		}

		FullHttpResponse response(DefaultFullHttpRequest request, HttpHeaders headers) {
			return newHandshakeResponse(request, headers);
		}

		WebSocketFrameDecoder decoder() {
			return newWebsocketDecoder();
		}

		WebSocketFrameEncoder encoder() {
			return newWebSocketEncoder();
		}

	}

}
