package dev.fastro.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestHttp;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.TestHttp.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Request bodies streamed to routes marked {@link Handler#streaming}, over real HTTP:
 * read as they arrive, as fast as the handler asks, each chunk released once whatever the
 * handler does (the leak detector, at PARANOID in every test, would say otherwise).
 */
class StreamedBodyTest {

	private static final int MB = 1 << 20;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0", "fastro.server.max-body-size=1MB", "fastro.server.read-timeout=1s")
		.withUserConfiguration(StreamingRoutes.class);

	@ParameterizedTest
	@ValueSource(strings = { "fastro", "reactor-netty" })
	void aBodyLargerThanTheServersLimitStreamsThroughARouteThatAllowsIt(String exchange) {
		this.runner.withPropertyValues("fastro.server.http1-exchange=" + exchange).run((context) -> {
			byte[] body = bytes(64 * MB);
			HttpResponse<String> response = TestHttp.send(request(port(context), "/sha").timeout(Duration.ofSeconds(60))
				.POST(BodyPublishers.ofByteArray(body)));
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body()).isEqualTo(body.length + " " + sha256(body));
		});
	}

	@Test
	void overHttp2TheBodyStreamsToo() {
		this.runner.withPropertyValues("fastro.server.http2.enabled=true").run((context) -> {
			byte[] body = bytes(4 * MB);
			HttpClient client = TestHttp.newHttp2Client();
			// The first request upgrades the connection; the second goes over HTTP/2.
			TestHttp.send(client, request(port(context), "/"));
			HttpResponse<String> response = TestHttp.send(client,
					request(port(context), "/sha").POST(BodyPublishers.ofByteArray(body)));
			assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
			assertThat(response.body()).isEqualTo(body.length + " " + sha256(body));
			HttpResponse<String> tooLarge = TestHttp.send(client,
					request(port(context), "/small").POST(BodyPublishers.ofByteArray(bytes(2000))));
			assertThat(tooLarge.statusCode()).isEqualTo(413);
		});
	}

	@Test
	void theHandlerSeesEachChunkAsItArrives() {
		this.runner.run((context) -> {
			StreamingRoutes routes = context.getBean(StreamingRoutes.class);
			try (RawHttp client = new RawHttp(port(context))) {
				client.send("POST /count HTTP/1.1\r\nhost: a\r\ntransfer-encoding: chunked\r\n\r\n5\r\nfirst\r\n");
				await().until(() -> routes.received.get() == 5);
				client.send("6\r\nsecond\r\n0\r\n\r\n");
				RawResponse response = client.read();
				assertThat(response.status()).isEqualTo(200);
				assertThat(response.bodyString()).isEqualTo("11");
			}
		});
	}

	@Test
	void aHandlerThatDoesNotAskStopsTheServerReading() {
		this.runner.run((context) -> {
			StreamingRoutes routes = context.getBean(StreamingRoutes.class);
			long length = 256L * MB;
			AtomicLong written = new AtomicLong();
			try (Socket socket = new Socket("127.0.0.1", port(context))) {
				Thread writer = new Thread(() -> writeBody(socket, length, written));
				writer.start();
				// The handler takes one chunk and holds on: the client's writes stall
				// once the socket buffers are full, far short of the body.
				await().until(() -> routes.received.get() > 0);
				// Longer than the read timeout: the handler, not the client, is slow.
				AtomicLong seen = new AtomicLong(-1);
				await().during(Duration.ofMillis(1500))
					.atMost(Duration.ofSeconds(20))
					.until(() -> seen.getAndSet(written.get()) == written.get());
				assertThat(written.get()).isLessThan(length / 4);
				routes.gate.tryEmitEmpty();
				writer.join();
				RawResponse response = RawHttp.readResponse(socket.getInputStream(), false, false);
				assertThat(response.bodyString()).isEqualTo(Long.toString(length));
			}
		});
	}

	@Test
	void aClientThatGoesAwayMidBodyFailsTheStream() {
		this.runner.run((context) -> {
			StreamingRoutes routes = context.getBean(StreamingRoutes.class);
			try (RawHttp client = new RawHttp(port(context))) {
				client.send("POST /count HTTP/1.1\r\nhost: a\r\ncontent-length: 1000\r\n\r\nabc");
				await().until(() -> routes.received.get() == 3);
			}
			await().untilAsserted(() -> assertThat(routes.failure.get()).isInstanceOf(HttpException.class)
				.hasMessageContaining("before the request body was complete"));
		});
	}

	@Test
	void aClientThatStopsSendingFailsTheStreamWithA408() {
		this.runner.run((context) -> {
			StreamingRoutes routes = context.getBean(StreamingRoutes.class);
			try (RawHttp client = new RawHttp(port(context))) {
				client.send("POST /count HTTP/1.1\r\nhost: a\r\ncontent-length: 1000\r\n\r\nabc");
				await().untilAsserted(() -> assertThat(routes.failure.get()).isInstanceOf(HttpException.class)
					.hasMessageContaining("did not arrive within 1000 ms"));
				assertThat(client.read().status()).isEqualTo(408);
			}
		});
	}

	@Test
	void aHandlerThatCancelsEarlyIsAnsweredAndTheRestIsNotReadAsARequest() {
		this.runner.run((context) -> {
			try (RawHttp client = new RawHttp(port(context))) {
				client.send("POST /first HTTP/1.1\r\nhost: a\r\ncontent-length: " + (4 * MB) + "\r\n\r\n");
				client.trySend(bytes(MB));
				RawResponse response = client.read();
				assertThat(response.status()).isEqualTo(200);
				assertThat(response.header("connection")).isEqualTo("close");
				assertThat(client.closedWithin(Duration.ofSeconds(10))).isTrue();
			}
		});
	}

	@Test
	void aClientExpectingContinueIsToldToGoOnWhenTheHandlerFirstAsks() {
		this.runner.run((context) -> {
			try (RawHttp client = new RawHttp(port(context))) {
				client.send("POST /guarded HTTP/1.1\r\nhost: a\r\nx-token: yes\r\nexpect: 100-continue\r\n"
						+ "content-length: 5\r\n\r\n");
				assertThat(client.read().status()).isEqualTo(100);
				client.send("hello");
				RawResponse response = client.read();
				assertThat(response.status()).isEqualTo(200);
				assertThat(response.bodyString()).isEqualTo("5");
			}
		});
	}

	@Test
	void aHandlerThatRefusesBeforeAskingIsAnsweredWithoutContinue() {
		this.runner.run((context) -> {
			try (RawHttp client = new RawHttp(port(context))) {
				client.send("POST /guarded HTTP/1.1\r\nhost: a\r\nexpect: 100-continue\r\ncontent-length: 5\r\n\r\n");
				RawResponse response = client.read();
				assertThat(response.status()).isEqualTo(401);
				assertThat(response.header("connection")).isEqualTo("close");
			}
		});
	}

	@Test
	void aBodyLongerThanTheRoutesLimitIsA413() {
		this.runner.run((context) -> {
			try (RawHttp client = new RawHttp(port(context))) {
				client.send("POST /small HTTP/1.1\r\nhost: a\r\ntransfer-encoding: chunked\r\n\r\n");
				client.send(Integer.toHexString(2000) + "\r\n").send(bytes(2000)).send("\r\n0\r\n\r\n");
				RawResponse response = client.read();
				assertThat(response.status()).isEqualTo(413);
				assertThat(response.bodyString()).contains("larger than the limit of 1000 bytes");
			}
			HttpResponse<String> declared = TestHttp
				.send(request(port(context), "/small").POST(BodyPublishers.ofByteArray(bytes(2000))));
			assertThat(declared.statusCode()).isEqualTo(413);
		});
	}

	@Test
	void aBlockingHandlerReadsTheBodyAsAnInputStream() {
		this.runner.run((context) -> {
			byte[] body = bytes(3 * MB);
			HttpResponse<String> response = TestHttp
				.send(request(port(context), "/sha-blocking").POST(BodyPublishers.ofByteArray(body)));
			assertThat(response.body()).isEqualTo(body.length + " " + sha256(body));
		});
	}

	@Test
	void aWholeBodyReaderOnAStreamingRouteNamesTheStreamReaders() {
		this.runner.run((context) -> {
			HttpResponse<String> response = TestHttp
				.send(request(port(context), "/misread").POST(BodyPublishers.ofString("abc")));
			assertThat(response.statusCode()).isEqualTo(500);
			HttpResponse<String> onTheLoop = TestHttp
				.send(request(port(context), "/stream-on-loop").POST(BodyPublishers.ofString("abc")));
			assertThat(onTheLoop.statusCode()).isEqualTo(500);
		});
	}

	private static void writeBody(Socket socket, long length, AtomicLong written) {
		try {
			OutputStream out = socket.getOutputStream();
			out.write(("POST /gated HTTP/1.1\r\nhost: a\r\ncontent-length: " + length + "\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			byte[] block = new byte[64 * 1024];
			for (long sent = 0; sent < length; sent += block.length) {
				out.write(block);
				written.addAndGet(block.length);
			}
			out.flush();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static int port(ApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	private static byte[] bytes(int length) {
		byte[] bytes = new byte[length];
		for (int i = 0; i < length; i++) {
			bytes[i] = (byte) (i * 31 + (i >> 11));
		}
		return bytes;
	}

	static String sha256(byte[] bytes) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class StreamingRoutes {

		final AtomicLong received = new AtomicLong();

		final AtomicReference<Throwable> failure = new AtomicReference<>();

		final Sinks.Empty<Void> gate = Sinks.empty();

		@Bean
		Routes streamingRoutes() {
			return Routes.builder().get("/", (ctx) -> "ok").post("/sha", Handler.streaming(1L << 30, (ctx) -> {
				MessageDigest digest = MessageDigest.getInstance("SHA-256");
				return ctx.bodyStream()
					.reduce(0L, (count, chunk) -> count + digested(digest, chunk))
					.map((count) -> count + " " + HexFormat.of().formatHex(digest.digest()));
			})).post("/sha-blocking", Handler.blocking(Handler.streaming(1L << 30, (ctx) -> {
				MessageDigest digest = MessageDigest.getInstance("SHA-256");
				long count = 0;
				try (InputStream in = ctx.bodyInputStream()) {
					byte[] buffer = new byte[10_000];
					for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
						digest.update(buffer, 0, n);
						count += n;
					}
				}
				return count + " " + HexFormat.of().formatHex(digest.digest());
			})))
				.post("/count",
						Handler.streaming((ctx) -> ctx.bodyStream()
							.doOnNext((chunk) -> this.received.addAndGet(chunk.readableBytes()))
							.doOnError(this.failure::set)
							.then(Mono.fromSupplier(() -> Long.toString(this.received.get())))))
				.post("/gated", Handler.streaming(1L << 30, (ctx) -> {
					GatedCounter counter = new GatedCounter(this.received, this.gate.asMono());
					ctx.bodyStream().subscribe(counter);
					return counter.total.asMono().map(String::valueOf);
				}))
				.post("/first",
						Handler.streaming(1L << 30,
								(ctx) -> ctx.bodyStream().next().map((chunk) -> "first " + chunk.readableBytes())))
				.post("/guarded", Handler.streaming((ctx) -> {
					if (ctx.header("x-token") == null) {
						throw new HttpException(401, "No token");
					}
					return ctx.bodyStream().map(ByteBuf::readableBytes).reduce(0, Integer::sum);
				}))
				.post("/small", Handler.streaming(1000, (ctx) -> ctx.bodyStream().count()))
				.post("/misread", Handler.streaming((ctx) -> ctx.bodyString()))
				.post("/stream-on-loop", Handler.streaming((ctx) -> ctx.bodyInputStream().read()))
				.build();
		}

		private static long digested(MessageDigest digest, ByteBuf chunk) {
			int length = chunk.readableBytes();
			digest.update(chunk.nioBuffer());
			return length;
		}

	}

	/** Takes the first chunk, then asks for the rest once the gate opens. */
	static final class GatedCounter extends BaseSubscriber<ByteBuf> {

		private final AtomicLong received;

		private final Mono<Void> gate;

		final Sinks.One<Long> total = Sinks.one();

		private long count;

		GatedCounter(AtomicLong received, Mono<Void> gate) {
			this.received = received;
			this.gate = gate;
		}

		@Override
		protected void hookOnSubscribe(Subscription subscription) {
			subscription.request(1);
			this.gate.subscribe(null, null, () -> subscription.request(Long.MAX_VALUE));
		}

		@Override
		protected void hookOnNext(ByteBuf chunk) {
			this.count += chunk.readableBytes();
			this.received.addAndGet(chunk.readableBytes());
		}

		@Override
		protected void hookOnComplete() {
			this.total.tryEmitValue(this.count);
		}

		@Override
		protected void hookOnError(Throwable error) {
			this.total.tryEmitError(error);
		}

	}

}
