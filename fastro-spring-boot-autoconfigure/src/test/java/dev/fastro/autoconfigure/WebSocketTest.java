package dev.fastro.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.cors.Cors;
import dev.fastro.http.Middleware;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import dev.fastro.http.WebSocketCloseStatus;
import dev.fastro.http.WebSocketHandler;
import dev.fastro.http.WebSocketListener;
import dev.fastro.http.WebSocketMessage;
import dev.fastro.http.WebSocketSession;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.RawWebSocket;
import dev.fastro.test.TestHttp;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshaker;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakerFactory;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;
import io.netty.handler.codec.http.websocketx.extensions.compression.WebSocketClientCompressionHandler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.web.cors.CorsConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * WebSocket routes over real connections, with the JDK's client, Netty's and one written
 * byte by byte for the frames proper clients never send. One server for the class, with
 * small limits so that the over-limit cases stay small.
 */
@ExtendWith(NettyLeakDetection.class)
class WebSocketTest {

	/** Debian's Python, where python3-websockets goes, else the first on the path. */
	static final String PYTHON = Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";

	static final BlockingQueue<WebSocketCloseStatus> closeStatuses = new LinkedBlockingQueue<>();

	static final BlockingQueue<String> handlerEnds = new LinkedBlockingQueue<>();

	static final BlockingQueue<String> listenerEvents = new LinkedBlockingQueue<>();

	static final AtomicLong requested = new AtomicLong();

	static final AtomicLong sent = new AtomicLong();

	static final AtomicReference<Subscription> pacedSubscription = new AtomicReference<>();

	static final AtomicLong pacedReceived = new AtomicLong();

	static ConfigurableApplicationContext context;

	static int port;

	@BeforeAll
	static void start() {
		context = new SpringApplicationBuilder(WebSocketApp.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.websocket.max-frame-size=32KB",
					"fastro.websocket.max-message-size=64KB")
			.run();
		port = context.getEnvironment().getRequiredProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class);
	}

	@AfterAll
	static void stop() {
		context.close();
	}

	@Test
	void echoesTextAndBinaryMessagesWithTheJdksClient() throws Exception {
		Listener listener = new Listener();
		WebSocket socket = connect("/echo", listener);
		socket.sendText("hello", true).join();
		assertThat(listener.next()).isEqualTo("text:echo hello");
		socket.sendBinary(ByteBuffer.wrap(new byte[] { 1, 2, 3 }), true).join();
		assertThat(listener.next()).isEqualTo("binary:3");
		socket.sendClose(1000, "done").join();
		assertThat(listener.next()).isEqualTo("close:1000");
	}

	@Test
	void putsAFragmentedMessageTogether() throws Exception {
		Listener listener = new Listener();
		WebSocket socket = connect("/echo", listener);
		socket.sendText("frag", false).join();
		socket.sendText("men", false).join();
		socket.sendText("ted", true).join();
		assertThat(listener.next()).isEqualTo("text:echo fragmented");
		socket.sendClose(1000, "").join();
	}

	@Test
	void answersAPingWithAPong() throws Exception {
		Listener listener = new Listener();
		WebSocket socket = connect("/echo", listener);
		socket.sendPing(ByteBuffer.wrap("are you there".getBytes(StandardCharsets.UTF_8))).join();
		assertThat(listener.next()).isEqualTo("pong:are you there");
		socket.sendClose(1000, "").join();
	}

	@Test
	void choosesASubprotocolTheHandlerSpeaks() throws Exception {
		WebSocket socket = TestHttp.CLIENT.newWebSocketBuilder()
			.subprotocols("v3.echo", "v1.echo")
			.buildAsync(uri("/echo"), new Listener())
			.get(10, TimeUnit.SECONDS);
		assertThat(socket.getSubprotocol()).isEqualTo("v1.echo");
		socket.sendClose(1000, "").join();
	}

	@Test
	void showsTheHandlerTheUpgradeRequestsParametersAndQuery() throws Exception {
		Listener listener = new Listener();
		connect("/rooms/kitchen?user=ada", listener);
		assertThat(listener.next()).isEqualTo("text:room kitchen, user ada");
		assertThat(listener.next()).isEqualTo("close:4000 the handler is done");
	}

	@Test
	void recordsTheClientsCloseStatusAndEndsTheHandler() throws Exception {
		WebSocket socket = connect("/statuses", new Listener());
		socket.sendClose(4321, "leaving").join();
		assertThat(closeStatuses.poll(10, TimeUnit.SECONDS)).isEqualTo(new WebSocketCloseStatus(4321, "leaving"));
		assertThat(handlerEnds.poll(10, TimeUnit.SECONDS)).isEqualTo("onComplete");
	}

	@Test
	void servesAListenerOffTheEventLoopOneEventAtATime() throws Exception {
		Listener listener = new Listener();
		WebSocket socket = connect("/listener", listener);
		assertThat(listenerEvents.poll(10, TimeUnit.SECONDS)).isEqualTo("open on a blocking thread");
		socket.sendText("one", true).join();
		socket.sendText("two", true).join();
		assertThat(listener.next()).isEqualTo("text:heard one on a blocking thread");
		assertThat(listener.next()).isEqualTo("text:heard two on a blocking thread");
		socket.sendClose(1000, "").join();
		assertThat(listener.next()).isEqualTo("close:1000");
		assertThat(listenerEvents.poll(10, TimeUnit.SECONDS)).isEqualTo("close 1000 on a blocking thread");
	}

	@Test
	void closesWith1011WhenTheListenerThrows() throws Exception {
		Listener listener = new Listener();
		WebSocket socket = connect("/listener", listener);
		assertThat(listenerEvents.poll(10, TimeUnit.SECONDS)).startsWith("open");
		socket.sendText("fail", true).join();
		assertThat(listener.next()).startsWith("close:1011");
		assertThat(listenerEvents.poll(10, TimeUnit.SECONDS)).startsWith("close 1011");
	}

	private static String thread() {
		return Schedulers.isInNonBlockingThread() ? "the event loop" : "a blocking thread";
	}

	@Test
	void freesTheSessionOfAClientThatDisappearsWithoutAClose() throws Exception {
		RawWebSocket socket = RawWebSocket.open(port, "/statuses");
		socket.raw().reset();
		assertThat(closeStatuses.poll(10, TimeUnit.SECONDS)).isEqualTo(WebSocketCloseStatus.ABNORMAL);
		assertThat(handlerEnds.poll(10, TimeUnit.SECONDS)).isEqualTo("onComplete");
	}

	@Test
	void closesWith1009AMessageOverTheLimit() throws Exception {
		Listener listener = new Listener();
		WebSocket socket = connect("/echo", listener);
		String part = "x".repeat(30 * 1024);
		socket.sendText(part, false).join();
		socket.sendText(part, false).join();
		socket.sendText(part, true).join();
		assertThat(listener.next()).isEqualTo("close:1009 Message larger than 65536 bytes");
	}

	@Test
	void closesWith1009AFrameOverTheLimit() throws Exception {
		try (RawWebSocket socket = RawWebSocket.open(port, "/echo")) {
			socket.send(true, 2, new byte[33 * 1024], true);
			assertThat(socket.read().closeCode()).isEqualTo(1009);
		}
	}

	@Test
	void closesWith1007ATextThatIsNoUtf8() throws Exception {
		try (RawWebSocket socket = RawWebSocket.open(port, "/echo")) {
			socket.send(true, 1, new byte[] { 'a', (byte) 0xc3, (byte) 0x28 }, true);
			RawWebSocket.Frame close = socket.read();
			assertThat(close.opcode()).isEqualTo(8);
			assertThat(close.closeCode()).isEqualTo(1007);
		}
	}

	@Test
	void closesWith1002AnUnmaskedFrame() throws Exception {
		try (RawWebSocket socket = RawWebSocket.open(port, "/echo")) {
			socket.send(true, 1, "hi".getBytes(StandardCharsets.UTF_8), false);
			RawWebSocket.Frame close = socket.read();
			assertThat(close.opcode()).isEqualTo(8);
			assertThat(close.closeCode()).isEqualTo(1002);
		}
	}

	@Test
	void refusesABadHandshakeWith400() throws Exception {
		assertHandshakeRefused(400, "Sec-WebSocket-Key", "Upgrade: websocket", "Connection: Upgrade",
				"Sec-WebSocket-Version: 13");
		assertHandshakeRefused(400, "is not 16 bytes", "Upgrade: websocket", "Connection: Upgrade",
				"Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: c2hvcnQ=");
		RawResponse wrongVersion = assertHandshakeRefused(400, "version '8'", "Upgrade: websocket",
				"Connection: Upgrade", "Sec-WebSocket-Version: 8", "Sec-WebSocket-Key: " + RawWebSocket.KEY);
		assertThat(wrongVersion.header("sec-websocket-version")).isEqualTo("13");
		assertHandshakeRefused(400, "Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Version: 13",
				"Sec-WebSocket-Key: " + RawWebSocket.KEY);
	}

	@Test
	void answersAPlainGetWith426() throws Exception {
		RawResponse response = assertHandshakeRefused(426, "is a WebSocket endpoint");
		assertThat(response.header("upgrade")).isEqualTo("websocket");
	}

	@Test
	void runsTheRoutesMiddlewareOnTheHandshake() throws Exception {
		assertThatThrownBy(() -> connect("/secure/chat", new Listener()))
			.hasStackTraceContaining("Unexpected HTTP response status code 401");
		Listener listener = new Listener();
		WebSocket socket = TestHttp.CLIENT.newWebSocketBuilder()
			.header("authorization", "Bearer ada")
			.buildAsync(uri("/secure/chat"), listener)
			.get(10, TimeUnit.SECONDS);
		socket.sendText("hi", true).join();
		assertThat(listener.next()).isEqualTo("text:ada says hi");
		socket.sendClose(1000, "").join();
	}

	@Test
	void refusesAnOriginTheCorsConfigurationRefusesWith403() throws Exception {
		try (RawHttp raw = new RawHttp(port)) {
			raw.send(RawWebSocket.handshake("/secure/chat", "Authorization: Bearer ada",
					"Origin: https://evil.example"));
			RawResponse response = raw.read();
			assertThat(response.status()).isEqualTo(403);
			assertThat(response.header("content-type")).isEqualTo("application/problem+json");
			assertThat(response.bodyString()).contains("https://evil.example");
		}
		try (RawWebSocket socket = RawWebSocket.open(port, "/secure/chat", "Authorization: Bearer ada",
				"Origin: https://app.example")) {
			socket.sendText("hi");
			assertThat(socket.read().text()).isEqualTo("ada says hi");
		}
	}

	@Test
	void agreesToPermessageDeflateWithNettysClient() throws Exception {
		try (NettyClient client = new NettyClient("/echo", true)) {
			assertThat(client.handshake.headers().get("sec-websocket-extensions")).startsWith("permessage-deflate");
			String text = "compressible ".repeat(1000);
			client.channel.writeAndFlush(new TextWebSocketFrame(text));
			assertThat(client.texts.poll(10, TimeUnit.SECONDS)).isEqualTo("echo " + text);
		}
	}

	@Test
	void readsNoFasterThanTheHandlerAsks() throws Exception {
		int all = 256;
		AtomicLong written = new AtomicLong();
		try (RawWebSocket socket = RawWebSocket.open(RawHttp.withSendBuffer(port, 16 * 1024), "/paced")) {
			// 256 KB, more than the small socket buffers of both sides hold: the handler
			// asks for one message, so the server stops reading, and the writes block.
			CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
				byte[] message = new byte[1024];
				try {
					for (int i = 0; i < all; i++) {
						socket.send(true, 2, message, true);
						written.incrementAndGet();
					}
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
			// Netty's paranoid leak detection makes the server read masked frames slowly:
			// a second without progress tells a server that stopped from a slow one.
			await().atMost(Duration.ofSeconds(20))
				.pollInterval(Duration.ofSeconds(1))
				.until(new Steady(new AtomicLong(-1), written::get));
			assertThat(writing).as("the client's writes are held back").isNotDone();
			assertThat(pacedReceived.get()).isEqualTo(1);
			pacedSubscription.get().request(Long.MAX_VALUE);
			writing.get(30, TimeUnit.SECONDS);
			await().atMost(Duration.ofSeconds(30)).until(() -> pacedReceived.get() == all);
		}
	}

	@Test
	void asksTheProducerForNoMoreThanASlowClientReads() throws Exception {
		try (RawWebSocket socket = RawWebSocket.open(port, "/slow-reader")) {
			// The client reads nothing: once the socket's buffers are full, the server
			// asks for no more.
			await().atMost(Duration.ofSeconds(20))
				.pollInterval(Duration.ofMillis(200))
				.until(new Steady(new AtomicLong(-1), requested::get));
			long asked = requested.get();
			assertThat(asked * 16 * 1024).as("bytes asked for").isLessThan(64L * 1024 * 1024);
			for (long i = 0; i < asked; i++) {
				RawWebSocket.Frame frame = socket.read();
				assertThat(frame.opcode()).isEqualTo(2);
				assertThat(ByteBuffer.wrap(frame.payload()).getLong()).isEqualTo(i);
			}
		}
	}

	@Test
	void echoesWithPythonsWebsockets() throws Exception {
		assumeTrue(pythonWebsockets(),
				"Debian's python3-websockets is not installed: apt-get install python3-websockets");
		String script = """
				import asyncio, sys, websockets
				async def main():
				    async with websockets.connect(sys.argv[1], subprotocols=["v2.echo"], compression="deflate") as ws:
				        await ws.send("from python")
				        print(await ws.recv())
				        print(ws.subprotocol)
				        print(ws.response_headers.get("Sec-WebSocket-Extensions"))
				asyncio.run(main())
				""";
		Process python = new ProcessBuilder(PYTHON, "-c", script, "ws://127.0.0.1:" + port + "/echo")
			.redirectErrorStream(true)
			.start();
		assertThat(python.waitFor(20, TimeUnit.SECONDS)).isTrue();
		String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(python.exitValue()).as(output).isZero();
		assertThat(output.lines().toList()).startsWith("echo from python", "v2.echo")
			.anySatisfy((line) -> assertThat(line).startsWith("permessage-deflate"));
	}

	private static boolean pythonWebsockets() throws InterruptedException {
		try {
			return new ProcessBuilder(PYTHON, "-c", "import websockets").start().waitFor() == 0;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static RawResponse assertHandshakeRefused(int status, String detail, String... headerLines)
			throws IOException {
		try (RawHttp raw = new RawHttp(port)) {
			raw.send(RawHttp.rawRequest("GET", "/echo", headerLines));
			RawResponse response = raw.read();
			assertThat(response.status()).isEqualTo(status);
			assertThat(response.header("content-type")).isEqualTo("application/problem+json");
			assertThat(response.bodyString()).contains(detail);
			return response;
		}
	}

	static URI uri(String path) {
		return URI.create("ws://127.0.0.1:" + port + path);
	}

	static WebSocket connect(String path, Listener listener) throws Exception {
		return TestHttp.CLIENT.newWebSocketBuilder().buildAsync(uri(path), listener).get(10, TimeUnit.SECONDS);
	}

	/** True once a count has not moved since the last look, which it records. */
	private static final class Steady implements Callable<Boolean> {

		private final AtomicLong last;

		private final LongSupplier count;

		Steady(AtomicLong last, LongSupplier count) {
			this.last = last;
			this.count = count;
		}

		@Override
		public Boolean call() {
			long now = this.count.getAsLong();
			return this.last.getAndSet(now) == now;
		}

	}

	/** Records what the JDK's client receives, one line an event. */
	static final class Listener implements WebSocket.Listener {

		private final BlockingQueue<String> events = new LinkedBlockingQueue<>();

		private final StringBuilder text = new StringBuilder();

		String next() throws InterruptedException {
			String event = this.events.poll(10, TimeUnit.SECONDS);
			assertThat(event).as("an event within 10s").isNotNull();
			return event;
		}

		@Override
		public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
			this.text.append(data);
			if (last) {
				this.events.add("text:" + this.text);
				this.text.setLength(0);
			}
			socket.request(1);
			return null;
		}

		@Override
		public CompletionStage<?> onBinary(WebSocket socket, ByteBuffer data, boolean last) {
			this.events.add("binary:" + data.remaining());
			socket.request(1);
			return null;
		}

		@Override
		public CompletionStage<?> onPong(WebSocket socket, ByteBuffer message) {
			this.events.add("pong:" + StandardCharsets.UTF_8.decode(message));
			socket.request(1);
			return null;
		}

		@Override
		public CompletionStage<?> onClose(WebSocket socket, int statusCode, String reason) {
			this.events.add("close:" + statusCode + (reason.isEmpty() ? "" : " " + reason));
			return null;
		}

	}

	/** Netty's WebSocket client, with {@code permessage-deflate} offered or not. */
	static final class NettyClient implements AutoCloseable {

		final MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());

		final BlockingQueue<String> texts = new LinkedBlockingQueue<>();

		final Channel channel;

		final FullHttpResponse handshake;

		NettyClient(String path, boolean compression) throws Exception {
			WebSocketClientHandshaker handshaker = WebSocketClientHandshakerFactory.newHandshaker(uri(path),
					WebSocketVersion.V13, null, true, new DefaultHttpHeaders());
			CompletableFuture<FullHttpResponse> handshaken = new CompletableFuture<>();
			this.channel = new Bootstrap().group(this.group)
				.channel(NioSocketChannel.class)
				.handler(new ChannelInitializer<SocketChannel>() {

					@Override
					protected void initChannel(SocketChannel channel) {
						channel.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(8192));
						if (compression) {
							channel.pipeline().addLast(WebSocketClientCompressionHandler.INSTANCE);
						}
						channel.pipeline().addLast(new SimpleChannelInboundHandler<Object>() {

							@Override
							protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
								if (!handshaker.isHandshakeComplete()) {
									FullHttpResponse response = (FullHttpResponse) msg;
									handshaker.finishHandshake(ctx.channel(), response);
									handshaken.complete(response.retainedDuplicate());
								}
								else if (msg instanceof TextWebSocketFrame text) {
									NettyClient.this.texts.add(text.text());
								}
							}

						});
					}

				})
				.connect("127.0.0.1", port)
				.sync()
				.channel();
			handshaker.handshake(this.channel).sync();
			FullHttpResponse response = handshaken.get(10, TimeUnit.SECONDS);
			this.handshake = response.replace(Unpooled.EMPTY_BUFFER);
			response.release();
		}

		@Override
		public void close() {
			this.channel.close().syncUninterruptibly();
			this.group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
		}

	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
			FastroServerAutoConfiguration.class })
	static class WebSocketApp {

		/** Small receive buffers, so that a server that stops reading shows soon. */
		@Bean
		FastroServerCustomizer smallReceiveBuffers() {
			return (server) -> server.childOption(ChannelOption.SO_RCVBUF, 16 * 1024);
		}

		@Bean
		Routes webSockets() {
			WebSocketHandler echo = WebSocketHandler.speaking(List.of("v2.echo", "v1.echo"),
					(session) -> session.send(session.receive()
						.map((message) -> message.isText() ? WebSocketMessage.text("echo " + message.text())
								: WebSocketMessage.binary(message.bytes()))));
			Middleware auth = (ctx, next) -> (ctx.header("authorization") == null)
					? Response.status(401).body("Who are you?") : next.handle(ctx);
			CorsConfiguration cors = new CorsConfiguration();
			cors.addAllowedOrigin("https://app.example");
			return Routes.builder()
				.websocket("/echo", echo)
				.websocket("/rooms/{room}", (session) -> session
					.send(Mono.just(WebSocketMessage
						.text("room " + session.request().param("room") + ", user " + session.request().query("user"))))
					.then(session.close(new WebSocketCloseStatus(4000, "the handler is done"))))
				.websocket("/statuses", (session) -> {
					session.closeStatus().subscribe(closeStatuses::add);
					return session.receive()
						.then()
						.doOnSuccess((done) -> handlerEnds.add("onComplete"))
						.doOnCancel(() -> handlerEnds.add("cancelled"));
				})
				.websocket("/paced", (session) -> Mono.<Void>never()
					.doOnSubscribe((subscribed) -> session.receive().subscribe(new BaseSubscriber<WebSocketMessage>() {

						@Override
						protected void hookOnSubscribe(Subscription subscription) {
							pacedSubscription.set(subscription);
							subscription.request(1);
						}

						@Override
						protected void hookOnNext(WebSocketMessage message) {
							pacedReceived.incrementAndGet();
						}

					})))
				.websocket("/slow-reader",
						(session) -> session.send(Flux.<WebSocketMessage, Long>generate(() -> 0L, (next, sink) -> {
							sink.next(WebSocketMessage.binary(ByteBuffer.allocate(16 * 1024).putLong(0, next).array()));
							return next + 1;
						})
							.doOnRequest((n) -> requested.addAndGet(Math.min(n, 1 << 20)))
							.doOnNext((message) -> sent.incrementAndGet())))
				.websocket("/listener", new WebSocketListener() {

					@Override
					public void onOpen(WebSocketSession session) {
						listenerEvents.add("open on " + thread());
					}

					@Override
					public void onMessage(WebSocketSession session, WebSocketMessage message) {
						if (message.text().equals("fail")) {
							throw new IllegalStateException("the listener failed");
						}
						session.send(Mono.just(WebSocketMessage.text("heard " + message.text() + " on " + thread())))
							.block();
					}

					@Override
					public void onClose(WebSocketSession session, WebSocketCloseStatus status) {
						listenerEvents.add("close " + status.code() + " on " + thread());
					}

				})
				.group("/secure", (secure) -> secure.use(auth, Cors.of(cors))
					.websocket("/chat", (session) -> session.send(session.receive()
						.map((message) -> WebSocketMessage.text(
								session.request().header("authorization").substring(7) + " says " + message.text())))))
				.build();
		}

	}

}
