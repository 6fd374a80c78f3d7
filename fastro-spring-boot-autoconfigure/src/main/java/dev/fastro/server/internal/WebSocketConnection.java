package dev.fastro.server.internal;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.http.Context;
import dev.fastro.http.WebSocketCloseStatus;
import dev.fastro.http.WebSocketHandler;
import dev.fastro.http.WebSocketMessage;
import dev.fastro.http.WebSocketSession;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.reactivestreams.Publisher;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * One WebSocket session, last in its connection's pipeline: the session its handler is
 * given, over the whole messages, pings and close frames that Netty's handlers before it
 * decode.
 * <p>
 * The connection reads only while {@link #receive()} has demand: auto-read is on while it
 * has, off once it is met. A handler that never asks for the messages has them read and
 * dropped, so that the client's pings and close frames are still answered. Pings are
 * answered with pongs; a close frame is answered with one of the same status, and the
 * connection then ends. A close the server starts (the handler ended, {@link #close}, an
 * oversized message, the idle timeout, the server shutting down) waits for the client's
 * close frame, for at most {@value #CLOSE_TIMEOUT_MILLIS} ms, before it ends the
 * connection, which the server closes first (RFC 6455, 7.1.1). Everything here runs on
 * the connection's event loop.
 */
final class WebSocketConnection extends ChannelDuplexHandler implements WebSocketSession {

	static final long CLOSE_TIMEOUT_MILLIS = 5_000;

	private static final Log logger = LogFactory.getLog(WebSocketConnection.class);

	private static final AttributeKey<WebSocketConnection> KEY = AttributeKey
		.valueOf(WebSocketConnection.class.getName());

	private static final WebSocketCloseStatus SHUTDOWN = new WebSocketCloseStatus(1001, "Server shutting down");

	private static final WebSocketCloseStatus IDLE = new WebSocketCloseStatus(1001, "Idle timeout");

	private final Context request;

	private final WebSocketHandler handler;

	private final String subProtocol;

	private final WebSocketSettings settings;

	private final AtomicInteger sessions;

	private final Sinks.One<WebSocketCloseStatus> closed = Sinks.one();

	private final AtomicBoolean receiveSubscribed = new AtomicBoolean();

	private ChannelHandlerContext ctx;

	/** Whether the handler has asked for the messages, subscribed to them or not. */
	private volatile boolean receiveAsked;

	/** Whether the subscriber of the messages has gone, or they have ended. */
	private boolean receiveEnded;

	private FluxSink<WebSocketMessage> inbound;

	/** Whether neither side has sent a close frame, and the connection is up. */
	private volatile boolean open;

	private boolean closeSent;

	private boolean closeReceived;

	private WebSocketCloseStatus status;

	private ScheduledFuture<?> closeDeadline;

	private Disposable serving;

	WebSocketConnection(Context request, WebSocketHandler handler, String subProtocol, WebSocketSettings settings,
			AtomicInteger sessions) {
		this.request = request;
		this.handler = handler;
		this.subProtocol = subProtocol;
		this.settings = settings;
		this.sessions = sessions;
	}

	@Override
	public void handlerAdded(ChannelHandlerContext ctx) {
		this.ctx = ctx;
	}

	/**
	 * Opens the session once the pipeline speaks WebSocket: the handler starts serving
	 * it.
	 */
	void open() {
		Channel channel = this.ctx.channel();
		if (!channel.isActive()) {
			ended(WebSocketCloseStatus.ABNORMAL);
			return;
		}
		this.open = true;
		this.sessions.incrementAndGet();
		channel.attr(KEY).set(this);
		try {
			this.serving = Flux.from(this.handler.handle(this)).subscribe(null, this::failed, this::completed);
		}
		catch (RuntimeException ex) {
			failed(ex);
		}
		readIfWanted();
	}

	/**
	 * Starts the closing handshake of every WebSocket session of {@code connections} with
	 * {@code 1001}, each on its event loop: the server is shutting down. A session ends
	 * once the client answers, or at the latest {@value #CLOSE_TIMEOUT_MILLIS} ms later;
	 * meanwhile the connection's close waits for it.
	 */
	static void goingAway(Iterable<Channel> connections) {
		for (Channel connection : connections) {
			WebSocketConnection session = connection.attr(KEY).get();
			if (session != null) {
				connection.eventLoop().execute(() -> session.startClose(SHUTDOWN));
			}
		}
	}

	// ---- the session

	@Override
	public Context request() {
		return this.request;
	}

	@Override
	public String subProtocol() {
		return this.subProtocol;
	}

	@Override
	public Flux<WebSocketMessage> receive() {
		this.receiveAsked = true;
		return Flux.create((sink) -> {
			if (!this.receiveSubscribed.compareAndSet(false, true)) {
				sink.error(new IllegalStateException("The messages of a WebSocket session take one subscriber"));
				return;
			}
			sink.onRequest((n) -> onLoop(this::readIfWanted));
			sink.onDispose(() -> onLoop(() -> {
				this.inbound = null;
				this.receiveEnded = true;
				readIfWanted();
			}));
			onLoop(() -> {
				if (this.receiveEnded) {
					sink.complete();
					return;
				}
				this.inbound = sink;
				readIfWanted();
			});
		});
	}

	@Override
	public Mono<Void> send(Publisher<WebSocketMessage> messages) {
		// One message written at a time: the next is asked for once the one before has
		// left, so a client that reads slowly holds the publisher back.
		return Flux.from(messages).takeWhile((message) -> this.open).concatMap(this::write, 1).then();
	}

	private Mono<Void> write(WebSocketMessage message) {
		return Mono.create((sink) -> onLoop(() -> {
			if (!this.open) {
				sink.success();
				return;
			}
			WebSocketFrame frame = message.isText()
					? new TextWebSocketFrame(ByteBufUtil.writeUtf8(this.ctx.alloc(), message.text()))
					: new BinaryWebSocketFrame(Unpooled.wrappedBuffer(message.bytes()));
			this.ctx.writeAndFlush(frame).addListener((written) -> {
				if (written.isSuccess()) {
					sink.success();
				}
				else {
					sink.error(written.cause());
				}
			});
		}));
	}

	@Override
	public Mono<Void> close(WebSocketCloseStatus status) {
		return Mono.create((sink) -> onLoop(() -> {
			startClose(status);
			this.ctx.channel().closeFuture().addListener((closed) -> sink.success());
		}));
	}

	@Override
	public boolean isOpen() {
		return this.open;
	}

	@Override
	public Mono<WebSocketCloseStatus> closeStatus() {
		return this.closed.asMono();
	}

	// ---- the connection

	@Override
	public void channelRead(ChannelHandlerContext ctx, Object msg) {
		try {
			if (msg instanceof TextWebSocketFrame text) {
				received(WebSocketMessage.text(text.text()));
			}
			else if (msg instanceof BinaryWebSocketFrame binary) {
				received(WebSocketMessage.binary(ByteBufUtil.getBytes(binary.content())));
			}
			else if (msg instanceof PingWebSocketFrame ping) {
				if (!this.closeSent) {
					ctx.writeAndFlush(new PongWebSocketFrame(ping.content().retain()));
				}
			}
			else if (msg instanceof CloseWebSocketFrame close) {
				closeReceived(close);
			}
		}
		finally {
			ReferenceCountUtil.release(msg);
		}
	}

	private void received(WebSocketMessage message) {
		if (this.inbound != null && !this.closeSent) {
			this.inbound.next(message);
			readIfWanted();
		}
		else if (logger.isTraceEnabled()) {
			logger.trace("Dropped a " + message + " nobody asked for on " + this.request);
		}
	}

	/**
	 * The client's close frame: answered with one of the same status, unless it answers
	 * the server's, and the connection ends.
	 */
	private void closeReceived(CloseWebSocketFrame close) {
		int code = close.statusCode();
		WebSocketCloseStatus received = (code == -1) ? WebSocketCloseStatus.NO_STATUS
				: new WebSocketCloseStatus(code, close.reasonText());
		this.closeReceived = true;
		this.open = false;
		if (this.status == null) {
			this.status = received;
		}
		endReceive();
		if (this.closeSent) {
			this.ctx.close();
			return;
		}
		this.closeSent = true;
		CloseWebSocketFrame answer = (code == -1) ? new CloseWebSocketFrame()
				: new CloseWebSocketFrame(code, close.reasonText());
		this.ctx.writeAndFlush(answer).addListener(ChannelFutureListener.CLOSE);
	}

	/**
	 * Reads while the messages are wanted: asked for by their subscriber, or by nobody
	 * when the handler never subscribes, or while the client's close frame is awaited.
	 * Auto-read follows: it stops the reads as soon as the demand is met, within the
	 * frames of one read.
	 */
	private void readIfWanted() {
		Channel channel = this.ctx.channel();
		if (this.closeReceived || !channel.isActive()) {
			return;
		}
		FluxSink<WebSocketMessage> sink = this.inbound;
		boolean wanted = this.closeSent
				|| ((sink != null) ? sink.requestedFromDownstream() > 0 : !this.receiveAsked || this.receiveEnded);
		if (wanted != channel.config().isAutoRead()) {
			channel.config().setAutoRead(wanted);
		}
	}

	@Override
	public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
		if (event instanceof IdleStateEvent) {
			startClose(IDLE);
			return;
		}
		ctx.fireUserEventTriggered(event);
	}

	/**
	 * The connection's close, asked for by another than the session while it waits for
	 * the client's close frame, as the server's shutdown does, waits for the handshake to
	 * end.
	 */
	@Override
	public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
		if (this.closeSent && !this.closeReceived && ctx.channel().isActive()) {
			ctx.channel().closeFuture().addListener((closed) -> promise.trySuccess());
			return;
		}
		ctx.close(promise);
	}

	@Override
	public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
		if (cause instanceof CorruptedWebSocketFrameException corrupted) {
			// Netty's decoder or validator has sent the close frame, and closes.
			this.closeSent = true;
			this.open = false;
			if (this.status == null) {
				this.status = new WebSocketCloseStatus(corrupted.closeStatus().code(), corrupted.getMessage());
			}
			endReceive();
		}
		else if (cause instanceof TooLongFrameException) {
			startClose(
					new WebSocketCloseStatus(1009, "Message larger than " + this.settings.maxMessageSize() + " bytes"));
		}
		else {
			logger.debug("WebSocket session of " + this.request + " failed; closing it", cause);
			this.open = false;
			ctx.close();
		}
	}

	@Override
	public void channelInactive(ChannelHandlerContext ctx) {
		ended((this.status != null) ? this.status : WebSocketCloseStatus.ABNORMAL);
		ctx.fireChannelInactive();
	}

	// ---- the ends

	/**
	 * Sends a close frame with {@code status}, unless one has been sent, and waits for
	 * the client's, reading and dropping what comes before it.
	 */
	private void startClose(WebSocketCloseStatus status) {
		if (this.closeSent || !this.ctx.channel().isActive()) {
			return;
		}
		this.closeSent = true;
		this.open = false;
		if (this.status == null) {
			this.status = status;
		}
		endReceive();
		this.ctx.writeAndFlush(new CloseWebSocketFrame(status.code(), status.reason()));
		this.closeDeadline = this.ctx.executor()
			.schedule(() -> this.ctx.close(), CLOSE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
		readIfWanted();
	}

	private void completed() {
		onLoop(() -> startClose(WebSocketCloseStatus.NORMAL));
	}

	private void failed(Throwable error) {
		logger.error("WebSocket handler of " + this.request + " failed; closing the session with 1011", error);
		onLoop(() -> startClose(WebSocketCloseStatus.SERVER_ERROR));
	}

	private void endReceive() {
		this.receiveEnded = true;
		FluxSink<WebSocketMessage> sink = this.inbound;
		this.inbound = null;
		if (sink != null) {
			sink.complete();
		}
	}

	/** The connection has ended: the handler is cancelled if it still serves. */
	private void ended(WebSocketCloseStatus status) {
		boolean wasOpen = this.ctx.channel().hasAttr(KEY) && this.ctx.channel().attr(KEY).getAndSet(null) != null;
		this.open = false;
		this.closeReceived = true;
		endReceive();
		if (this.closeDeadline != null) {
			this.closeDeadline.cancel(false);
		}
		if (this.serving != null) {
			this.serving.dispose();
		}
		if (wasOpen) {
			this.sessions.decrementAndGet();
		}
		this.closed.tryEmitValue(status);
	}

	private void onLoop(Runnable task) {
		if (this.ctx.executor().inEventLoop()) {
			task.run();
		}
		else {
			this.ctx.executor().execute(task);
		}
	}

}
