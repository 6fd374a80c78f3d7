package dev.fastro.perf.harness;

import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

import dev.fastro.perf.Workload;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakerFactory;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;
import io.netty.util.concurrent.GlobalEventExecutor;

/**
 * The live experiments' client: Netty's HTTP and WebSocket client codecs on one
 * event-loop thread of this JVM (epoll when available, as the servers), holding many
 * connections to a server and counting what comes back. It opens a bounded number of
 * connections at a time, so a server's accept queue never overflows, and spreads them
 * over several local addresses ({@link #sourceAddress(int)}) so that tens of thousands of
 * them never run out of local ports.
 */
final class LiveClient implements AutoCloseable {

	/**
	 * Connections per local address, well inside Linux's default range of 28,232
	 * ephemeral ports, which connections closed by an earlier run still hold for a
	 * minute.
	 */
	static final int CONNECTIONS_PER_ADDRESS = 5_000;

	private static final String EVENT_STREAM = "text/event-stream";

	/** Connections being opened at once. */
	private static final int OPENING_AT_ONCE = 256;

	private final EventLoopGroup group;

	private final Class<? extends Channel> channelType;

	LiveClient() {
		boolean epoll = Epoll.isAvailable();
		this.group = new MultiThreadIoEventLoopGroup(1,
				epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
		this.channelType = epoll ? EpollSocketChannel.class : NioSocketChannel.class;
	}

	/**
	 * The local address of a client's {@code index}-th connection: {@code 127.0.0.1} for
	 * the first {@link #CONNECTIONS_PER_ADDRESS}, then {@code 127.0.0.2}, and so on, all
	 * of them loopback on Linux.
	 * @param index the connection's index, from 0
	 * @return the address, its port left to the kernel
	 */
	static InetSocketAddress sourceAddress(int index) {
		int host = 1 + index / CONNECTIONS_PER_ADDRESS;
		if (host > 254) {
			throw new IllegalArgumentException("too many connections for 127.0.0.0/24: " + (index + 1));
		}
		return new InetSocketAddress("127.0.0." + host, 0);
	}

	/**
	 * Opens WebSockets to {@link Workload#WEBSOCKET_PATH}, each of which sends a binary
	 * message of random bytes and checks that it comes back whole; it is ready once it
	 * has. With {@code loop}, each then sends it again as soon as it is back (a closed
	 * loop), until the connections are closed; without, it stays open and quiet.
	 * @param base the server
	 * @param count how many
	 * @param payloadBytes the message's size
	 * @param loop whether to go on echoing
	 * @return the connections, still opening
	 * @throws InterruptedException if interrupted while opening
	 */
	Connections webSockets(URI base, int count, int payloadBytes, boolean loop) throws InterruptedException {
		byte[] bytes = new byte[payloadBytes];
		new Random(payloadBytes).nextBytes(bytes);
		ByteBuf payload = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(bytes));
		URI uri = URI.create("ws://" + base.getHost() + ":" + base.getPort() + Workload.WEBSOCKET_PATH);
		return open(base, count, connections -> new ChannelInitializer<>() {
			@Override
			protected void initChannel(Channel ch) {
				ch.pipeline()
					.addLast(new HttpClientCodec(), new HttpObjectAggregator(8192),
							new WebSocketClientProtocolHandler(WebSocketClientHandshakerFactory.newHandshaker(uri,
									WebSocketVersion.V13, null, false, EmptyHttpHeaders.INSTANCE)),
							new WebSocketFrameAggregator(1 << 20), new Echo(connections, payload, loop));
			}
		});
	}

	/**
	 * Opens event streams, {@code GET} {@link Workload#EVENTS_PATH} with
	 * {@code Accept: text/event-stream}, each ready once the head of a {@code 200} of
	 * {@code text/event-stream} has come, and counts the events that arrive.
	 * @param base the server
	 * @param count how many
	 * @return the connections, still opening
	 * @throws InterruptedException if interrupted while opening
	 */
	Connections eventStreams(URI base, int count) throws InterruptedException {
		return open(base, count, connections -> new ChannelInitializer<>() {
			@Override
			protected void initChannel(Channel ch) {
				ch.pipeline().addLast(new HttpClientCodec(), new Events(connections, base));
			}
		});
	}

	/**
	 * Opens keep-alive HTTP/1.1 connections, each sending one {@code GET /} and ready
	 * once its {@code 200} has come; they then stay open, idle.
	 * @param base the server
	 * @param count how many
	 * @return the connections, still opening
	 * @throws InterruptedException if interrupted while opening
	 */
	Connections keepAlive(URI base, int count) throws InterruptedException {
		return open(base, count, connections -> new ChannelInitializer<>() {
			@Override
			protected void initChannel(Channel ch) {
				ch.pipeline()
					.addLast(new HttpClientCodec(), new HttpObjectAggregator(8192), new KeepAlive(connections, base));
			}
		});
	}

	private Connections open(URI base, int count, Function<Connections, ChannelHandler> initializer)
			throws InterruptedException {
		Connections connections = new Connections(count);
		Bootstrap bootstrap = new Bootstrap().group(this.group)
			.channel(this.channelType)
			.option(ChannelOption.TCP_NODELAY, true)
			.handler(initializer.apply(connections));
		InetSocketAddress server = new InetSocketAddress(base.getHost(), base.getPort());
		for (int i = 0; i < count; i++) {
			connections.opening.acquire();
			bootstrap.connect(server, sourceAddress(i)).addListener(connected -> {
				if (!connected.isSuccess()) {
					connections.fail(null, "could not connect: " + connected.cause());
				}
			});
		}
		return connections;
	}

	@Override
	public void close() {
		this.group.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
	}

	/**
	 * The connections one call opened: how many are ready, how many failed and why, and
	 * what they received.
	 */
	static final class Connections {

		private final int count;

		private final ChannelGroup channels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);

		private final Semaphore opening = new Semaphore(OPENING_AT_ONCE);

		private final CountDownLatch settled;

		private final AtomicInteger ready = new AtomicInteger();

		private final AtomicInteger failed = new AtomicInteger();

		private final AtomicReference<String> firstProblem = new AtomicReference<>();

		private final LongAdder received = new LongAdder();

		private volatile boolean closing;

		private Connections(int count) {
			this.count = count;
			this.settled = new CountDownLatch(count);
		}

		/**
		 * Waits until every connection is ready or has failed.
		 * @param timeout how long at most
		 * @return what went wrong, {@code null} when all are ready
		 * @throws InterruptedException if interrupted while waiting
		 */
		String awaitReady(Duration timeout) throws InterruptedException {
			if (!this.settled.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				return (this.count - this.ready.get()) + " of " + this.count + " connections not ready after "
						+ timeout.toSeconds() + " s" + problemSoFar();
			}
			return problem();
		}

		/**
		 * What went wrong with any connection so far.
		 * @return how many failed and the first one's reason, {@code null} when none did
		 */
		String problem() {
			int failures = this.failed.get();
			return (failures == 0) ? null : failures + " of " + this.count + " connections failed" + problemSoFar();
		}

		private String problemSoFar() {
			String first = this.firstProblem.get();
			return (first != null) ? ", first: " + first : "";
		}

		/**
		 * What the connections received so far: echoed messages, events, or answers.
		 * @return the count
		 */
		long received() {
			return this.received.sum();
		}

		/**
		 * How many connections failed so far.
		 * @return the count
		 */
		int failed() {
			return this.failed.get();
		}

		/**
		 * How many connections were opened.
		 * @return the count
		 */
		int count() {
			return this.count;
		}

		/**
		 * Closes every connection and waits until they are closed.
		 */
		void close() {
			this.closing = true;
			this.channels.close().awaitUninterruptibly(30, TimeUnit.SECONDS);
		}

		private void added(Channel channel) {
			this.channels.add(channel);
		}

		private void ready(Settling connection) {
			if (connection.settle()) {
				this.ready.incrementAndGet();
				this.opening.release();
				this.settled.countDown();
			}
		}

		private void fail(Settling connection, String problem) {
			if (this.closing) {
				return;
			}
			this.failed.incrementAndGet();
			this.firstProblem.compareAndSet(null, problem);
			if (connection == null || connection.settle()) {
				this.opening.release();
				this.settled.countDown();
			}
		}

	}

	/**
	 * A connection's handler, which settles once: ready, or failed before it was.
	 */
	private abstract static class Settling<I> extends SimpleChannelInboundHandler<I> {

		final Connections connections;

		private boolean settled;

		private boolean failed;

		Settling(Connections connections, Class<I> type) {
			super(type);
			this.connections = connections;
		}

		/** Whether this is the first time the connection settles. */
		boolean settle() {
			boolean first = !this.settled;
			this.settled = true;
			return first;
		}

		@Override
		public void channelActive(ChannelHandlerContext ctx) throws Exception {
			this.connections.added(ctx.channel());
			super.channelActive(ctx);
		}

		@Override
		public void channelInactive(ChannelHandlerContext ctx) throws Exception {
			fail(ctx, "closed by the server");
			super.channelInactive(ctx);
		}

		@Override
		public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
			fail(ctx, cause.toString());
		}

		/** Counts the connection as failed, once, and closes it. */
		void fail(ChannelHandlerContext ctx, String problem) {
			if (!this.failed) {
				this.failed = true;
				this.connections.fail(this, problem);
			}
			ctx.close();
		}

		static DefaultFullHttpRequest get(URI base, String path) {
			DefaultFullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path);
			request.headers().set(HttpHeaderNames.HOST, base.getHost() + ":" + base.getPort());
			return request;
		}

	}

	/** One WebSocket: sends the payload, checks its echo, and sends it again. */
	private static final class Echo extends Settling<WebSocketFrame> {

		private final ByteBuf payload;

		private final boolean loop;

		Echo(Connections connections, ByteBuf payload, boolean loop) {
			super(connections, WebSocketFrame.class);
			this.payload = payload;
			this.loop = loop;
		}

		@Override
		public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
			if (event == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
				send(ctx);
			}
			else if (event == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) {
				fail(ctx, "no answer to the handshake");
			}
			super.userEventTriggered(ctx, event);
		}

		@Override
		protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
			if (!(frame instanceof BinaryWebSocketFrame) || !ByteBufUtil.equals(frame.content(), this.payload)) {
				fail(ctx, "the echo differs from the message: " + frame);
				return;
			}
			this.connections.received.increment();
			this.connections.ready(this);
			if (this.loop && !this.connections.closing) {
				send(ctx);
			}
		}

		private void send(ChannelHandlerContext ctx) {
			ctx.writeAndFlush(new BinaryWebSocketFrame(this.payload.duplicate()));
		}

	}

	/** One event stream: checks the answer's head, then counts its events. */
	private static final class Events extends Settling<HttpObject> {

		private final URI base;

		private final EventStreamCounter counter = new EventStreamCounter();

		Events(Connections connections, URI base) {
			super(connections, HttpObject.class);
			this.base = base;
		}

		@Override
		public void channelActive(ChannelHandlerContext ctx) throws Exception {
			super.channelActive(ctx);
			DefaultFullHttpRequest request = get(this.base, Workload.EVENTS_PATH);
			request.headers().set(HttpHeaderNames.ACCEPT, EVENT_STREAM);
			ctx.writeAndFlush(request);
		}

		@Override
		protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
			if (msg instanceof HttpResponse response) {
				String type = response.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
				if (!response.status().equals(HttpResponseStatus.OK) || !type.startsWith(EVENT_STREAM)) {
					fail(ctx, "answered " + response.status() + " of " + type);
					return;
				}
				this.connections.ready(this);
			}
			if (msg instanceof HttpContent content) {
				this.connections.received.add(this.counter.feed(content.content()));
				if (content instanceof LastHttpContent) {
					fail(ctx, "the stream ended");
				}
			}
		}

	}

	/** One keep-alive connection: one {@code GET /}, then idle. */
	private static final class KeepAlive extends Settling<FullHttpResponse> {

		private final URI base;

		KeepAlive(Connections connections, URI base) {
			super(connections, FullHttpResponse.class);
			this.base = base;
		}

		@Override
		public void channelActive(ChannelHandlerContext ctx) throws Exception {
			super.channelActive(ctx);
			ctx.writeAndFlush(get(this.base, "/"));
		}

		@Override
		protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
			if (!response.status().equals(HttpResponseStatus.OK)) {
				fail(ctx, "GET / answered " + response.status());
				return;
			}
			this.connections.received.increment();
			this.connections.ready(this);
		}

	}

}
