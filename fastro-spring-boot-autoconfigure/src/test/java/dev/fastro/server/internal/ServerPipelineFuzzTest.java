package dev.fastro.server.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.concurrent.atomic.AtomicInteger;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.fastro.http.Handler;
import dev.fastro.http.HttpException;
import dev.fastro.http.Routes;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.Exchange;
import dev.fastro.http.internal.ExchangeDispatcher;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.internal.RequestLimits;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.LastHttpContent;
import org.junit.jupiter.params.provider.MethodSource;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.netty.NettyPipeline;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The connection pipeline of a server that serves its HTTP/1.1 exchanges itself, the HTTP
 * codec and every guard as {@link ServerPipeline} installs them, fed any bytes in reads
 * of any size, and maybe a half-close after them. Whatever the bytes:
 * <ul>
 * <li>no exception reaches the end of the pipeline, and no buffer is left
 * unreleased;</li>
 * <li>every answer is a well-formed HTTP/1.1 response, a 4xx or 5xx one a problem;</li>
 * <li>a request is dispatched at most once, and only one the codec decoded;</li>
 * <li>every request dispatched is answered, and at most one more answer refuses a request
 * undispatched, the last one, after which the connection is closed.</li>
 * </ul>
 * The first byte of an input picks the server's options, the size of the reads and the
 * half-close; the others are the connection's bytes.
 */
class ServerPipelineFuzzTest {

	private static final JsonCodec JSON = new JsonCodec(JsonMapper.builder().build());

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private static final Dispatcher DISPATCHER = Dispatcher.builder().json(JSON).routes(List.of(routes())).build();

	/** The sizes of the reads the bytes arrive in; 0 for one read. */
	private static final int[] READ_SIZES = { 0, 1, 2, 3, 7, 16, 64, 512 };

	private static final InetSocketAddress PEER = new InetSocketAddress("127.0.0.1", 40000);

	@MethodSource("requests")
	// Jazzer writes a CR or LF into its dictionary file unescaped, which libFuzzer cannot
	// read: the seeds bring the line ends.
	@DictionaryEntries({ "HTTP/1.1", "HTTP/1.0", "host: a", "content-length: ", "transfer-encoding: chunked",
			"expect: 100-continue", "connection: close", "GET / ", "POST /echo ", "POST /upload ", "HEAD ",
			"OPTIONS * ", "forwarded: for=", "x-forwarded-host: ", "content-type: application/x-www-form-urlencoded",
			"content-type: multipart/form-data; boundary=b", "--b", "%2e", "http://a/" })
	@FuzzTest
	void answersEachRequestOnceWithAWellFormedResponse(byte[] input) throws IOException {
		if (input.length == 0) {
			return;
		}
		int flags = input[0];
		RecordingAllocator allocator = new RecordingAllocator();
		CountingDispatcher dispatcher = new CountingDispatcher();
		DecodedRequests decoded = new DecodedRequests();
		EmbeddedChannel channel = connection(flags, allocator, dispatcher, decoded);

		int readSize = (READ_SIZES[(flags >> 3) & 7] == 0) ? input.length : READ_SIZES[(flags >> 3) & 7];
		for (int start = 1; start < input.length && channel.isOpen(); start += readSize) {
			int length = Math.min(readSize, input.length - start);
			channel.writeInbound(allocator.buffer(length).writeBytes(input, start, length));
			channel.runPendingTasks();
		}
		if ((flags & 4) != 0 && channel.isOpen()) {
			decoded.inputClosed();
			channel.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
			channel.runPendingTasks();
		}
		boolean open = channel.isOpen();
		byte[] answers = written(channel);
		channel.checkException();
		channel.finishAndReleaseAll();

		assertThat(allocator.unreleased()).as("buffers left unreleased").isEmpty();
		assertThat(dispatcher.dispatched()).as("requests dispatched").isLessThanOrEqualTo(decoded.methods().size());
		List<RawResponse> finals = finalResponses(answers, decoded.methods());
		// A route that reads its body as it arrives (a stream, or multipart parts) is
		// dispatched at its head, and answers once its body is in: on a connection still
		// open, the last one may still be waiting for the rest.
		int unanswered = (open && !decoded.lastBodyWhole()) ? 1 : 0;
		assertThat(finals.size() - dispatcher.dispatched()).as("answers beyond those to dispatched requests")
			.isBetween(-unanswered, 1);
		if (finals.size() > dispatcher.dispatched()) {
			RawResponse refusal = finals.get(finals.size() - 1);
			assertThat(refusal.status()).as(refusal.statusLine()).isBetween(400, 599);
			assertThat(refusal.header("connection")).as(refusal.statusLine()).isEqualToIgnoringCase("close");
			assertThat(open).as("open after %s", refusal.statusLine()).isFalse();
		}
	}

	static Stream<byte[]> requests() {
		return Stream.of(input(0, "GET / HTTP/1.1\r\nhost: a\r\n\r\n"),
				input(1 << 3,
						"GET /users/42?q=%C3%A9 HTTP/1.1\r\nhost: a\r\n\r\n"
								+ "POST /echo HTTP/1.1\r\nhost: a\r\ncontent-length: 3\r\n\r\nabc"
								+ "POST /echo HTTP/1.1\r\nhost: a\r\ntransfer-encoding: chunked\r\n\r\n"
								+ "3;x=y\r\nabc\r\n0\r\nx-t: 1\r\n\r\n" + "HEAD / HTTP/1.1\r\nhost: a\r\n\r\n"
								+ "GET /stream HTTP/1.1\r\nhost: a\r\n\r\n"),
				input(1, "GET /who HTTP/1.1\r\nhost: a\r\nforwarded: for=1.2.3.4;proto=https;host=b.example\r\n\r\n"),
				input(4 << 3, "POST /echo HTTP/1.1\r\nhost: a\r\nexpect: 100-continue\r\ncontent-length: 3\r\n\r\nabc"),
				input(2, "POST /form HTTP/1.1\r\nhost: a\r\ncontent-type: application/x-www-form-urlencoded\r\n"
						+ "content-length: 7\r\n\r\na=1&b=2"),
				input(0, "POST /form HTTP/1.1\r\nhost: a\r\ncontent-type: multipart/form-data; boundary=b\r\n"
						+ "content-length: 50\r\n\r\n--b\r\ncontent-disposition: form-data; name=a\r\n\r\n1\r\n--b--"),
				input(0, "HEAD / HTTP/1.1\r\nhost: a\r\nexpect: 100-continue\r\ncontent-length: 3\r\n\r\nabc"
						+ "GET / HTTP/1.1\r\nhost: a\r\n\r\n"),
				input(4, "GET / HTTP/1.1\r\nhost: a\r\n\r\nGET / HT"),
				input(0, "GET /../x HTTP/1.1\r\nhost: a\r\n\r\n"));
	}

	private static byte[] input(int flags, String bytes) {
		byte[] text = bytes.getBytes(StandardCharsets.ISO_8859_1);
		byte[] input = new byte[text.length + 1];
		input[0] = (byte) flags;
		System.arraycopy(text, 0, input, 1, text.length);
		return input;
	}

	/**
	 * A connection as the server's pipeline has it: the codec configured as Reactor Netty
	 * configures it, and the guards; with forwarded headers read from every peer when the
	 * flags' bit 0 is set, and limits small enough to hit when bit 1 is.
	 */
	private static EmbeddedChannel connection(int flags, RecordingAllocator allocator, CountingDispatcher dispatcher,
			DecodedRequests decoded) {
		boolean small = (flags & 2) != 0;
		ServerOptions options = new ServerOptions("127.0.0.1", 0, 0, small ? 16 : 1024, small ? 64 : 4096,
				small ? 256 : 8192, Duration.ofSeconds(60), Duration.ofSeconds(20),
				((flags & 1) != 0) ? TrustedProxies.EVERY_PEER : null, false, null, allocator, null, null, false,
				WebSocketSettings.DEFAULTS);
		EmbeddedChannel channel = new PeerChannel();
		channel.config().setAllocator(allocator);
		channel.pipeline()
			.addLast(NettyPipeline.HttpCodec,
					new HttpServerCodec(new HttpDecoderConfig().setMaxInitialLineLength(options.maxInitialLineLength())
						.setMaxHeaderSize(options.maxHeaderSize())));
		FastroHttpHandler handler = new FastroHttpHandler(DISPATCHER, dispatcher, JSON, new RequestLimits(8),
				options.maxBodySize());
		new ServerPipeline(options, JSON, handler, null, new AtomicInteger()).install(channel.pipeline());
		channel.pipeline().addAfter(NettyPipeline.HttpCodec, "fuzz.decoded", decoded);
		return channel;
	}

	/** Routes that read what a request may carry, and answer in each way there is. */
	private static Routes routes() {
		return Routes.builder()
			.get("/", (ctx) -> "ok")
			.get("/users/{id}", (ctx) -> ctx.param("id") + ctx.queryMap())
			.post("/echo", (ctx) -> ctx.bodyBytes())
			.post("/upload",
					Handler.streaming((ctx) -> ctx.bodyStream().map(ByteBuf::readableBytes).reduce(0, Integer::sum)))
			.post("/form", (ctx) -> ctx.form().toString() + ctx.uploads("a").size())
			.get("/stream", (ctx) -> Flux.just("a", "b"))
			.get("/who", (ctx) -> ctx.scheme() + ctx.host() + ctx.port() + ctx.remoteAddress())
			.build();
	}

	/** Everything the connection wrote, released as it is read. */
	private static byte[] written(EmbeddedChannel channel) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		for (ByteBuf out = channel.readOutbound(); out != null; out = channel.readOutbound()) {
			byte[] chunk = new byte[out.readableBytes()];
			out.readBytes(chunk).release();
			bytes.writeBytes(chunk);
		}
		return bytes.toByteArray();
	}

	/**
	 * The final responses in the bytes, each checked well-formed: an informational one
	 * may precede any, the n-th answers the n-th request decoded (without a body if that
	 * was a {@code HEAD}), and one of 4xx or 5xx is a problem.
	 */
	private static List<RawResponse> finalResponses(byte[] answers, List<HttpMethod> requests) throws IOException {
		InputStream in = new ByteArrayInputStream(answers);
		List<RawResponse> finals = new ArrayList<>();
		while (in.available() > 0) {
			boolean head = finals.size() < requests.size() && HttpMethod.HEAD.equals(requests.get(finals.size()));
			RawResponse response = RawHttp.readResponse(in, head, false);
			if (response.status() < 200) {
				continue;
			}
			if (response.status() >= 400) {
				assertThat(response.header("content-type")).as(response.statusLine())
					.isEqualTo("application/problem+json");
				if (!head) {
					JsonNode problem = MAPPER.readTree(response.body());
					assertThat(problem.get("status").asInt()).as(response.bodyString()).isEqualTo(response.status());
				}
			}
			finals.add(response);
		}
		return finals;
	}

	/** A connection from a loopback peer, as the forwarded headers' checks need. */
	private static final class PeerChannel extends EmbeddedChannel {

		@Override
		protected SocketAddress remoteAddress0() {
			return PEER;
		}

	}

	/**
	 * The method of every request the codec decodes, in order, as its encoder knows it:
	 * not at all for a head cut short by the end of the input, which its decoder turns
	 * into a request without telling its encoder, which then writes the body of a
	 * response to a {@code HEAD} cut short.
	 */
	private static final class DecodedRequests extends ChannelInboundHandlerAdapter {

		private final List<HttpMethod> methods = new ArrayList<>();

		private boolean inputClosed;

		private boolean lastBodyWhole = true;

		@Override
		public void channelRead(ChannelHandlerContext ctx, Object msg) {
			if (msg instanceof HttpRequest request) {
				this.methods.add(this.inputClosed ? null : request.method());
				this.lastBodyWhole = false;
			}
			if (msg instanceof LastHttpContent) {
				this.lastBodyWhole = true;
			}
			ctx.fireChannelRead(msg);
		}

		/** Whether the body of the last request decoded has arrived whole. */
		boolean lastBodyWhole() {
			return this.lastBodyWhole;
		}

		void inputClosed() {
			this.inputClosed = true;
		}

		List<HttpMethod> methods() {
			return this.methods;
		}

	}

	/**
	 * Dispatches through the routes, and counts the requests dispatched or refused
	 * through the dispatcher, failing on one seen twice.
	 */
	private static final class CountingDispatcher implements ExchangeDispatcher {

		private final Set<Object> requests = Collections.newSetFromMap(new IdentityHashMap<>());

		@Override
		public Publisher<Void> dispatch(Exchange exchange) {
			seen(exchange);
			return DISPATCHER.dispatch(exchange);
		}

		@Override
		public Publisher<Void> fail(Exchange exchange, HttpException error) {
			seen(exchange);
			return DISPATCHER.fail(exchange, error);
		}

		private void seen(Exchange exchange) {
			assertThat(this.requests.add(exchange.requestHeaders())).as("%s dispatched twice", exchange).isTrue();
		}

		int dispatched() {
			return this.requests.size();
		}

	}

}
