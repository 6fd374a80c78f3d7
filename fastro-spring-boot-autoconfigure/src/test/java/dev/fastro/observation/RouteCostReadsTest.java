package dev.fastro.observation;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import dev.fastro.autoconfigure.FastroServerCustomizer;
import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.netty.NettyPipeline;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With {@code fastro.metrics.route-cost.enabled}, the event loop's work on each read of a
 * connection, from reading the socket through decoding, is charged to the request it
 * served, once. Here that work allocates a known amount: as the transport reads the
 * socket into a new buffer, and as a handler before the HTTP codec passes on what was
 * read (one socket read may reach it as several messages, one per request).
 */
class RouteCostReadsTest {

	/**
	 * What the transport allocates for each read of the socket that brings bytes, and the
	 * handler before the codec for each message it passes on.
	 */
	private static final int WORK = 4 * 1024 * 1024;

	/** What the reads have allocated before the codec so far. */
	private static final AtomicLong readWork = new AtomicLong();

	// Where each read's allocation goes, so that the JIT cannot leave it out.
	static volatile byte[] allocated;

	private static ConfigurableApplicationContext context;

	private static MeterRegistry meters;

	private static int port;

	@BeforeAll
	static void start() throws Exception {
		context = new SpringApplicationBuilder(ReadApp.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.security.enabled=false",
					"fastro.metrics.route-cost.enabled=true")
			.run();
		meters = context.getBean(MeterRegistry.class);
		port = context.getBean(FastroServer.class).port();
		// The first requests load classes, which allocates too: the tests measure the
		// requests after them.
		try (RawHttp connection = new RawHttp(port)) {
			connection.send(rawRequest("GET", "/warm") + rawRequest("GET", "/warm")
					+ rawRequest("POST", "/warm", "content-type: text/plain", "content-length: 4") + "warm");
			for (int i = 0; i < 3; i++) {
				assertThat(connection.read().status()).isEqualTo(200);
			}
		}
		recorded("/warm", "POST", 1);
	}

	@AfterAll
	static void stop() {
		context.close();
	}

	@Test
	void chargesARequestWithTheReadThatCarriedIt() {
		long before = readWork.get();
		assertThat(get(port, "/read").statusCode()).isEqualTo(200);
		double cost = recorded("/read", "GET", 1).totalAmount();
		long work = readWork.get() - before;
		assertThat(work).isGreaterThanOrEqualTo(2 * WORK);
		assertThat(cost).isGreaterThanOrEqualTo(work).isLessThan(work + WORK);
	}

	@Test
	void chargesARequestWithEveryReadOfItsBody() throws Exception {
		long before = readWork.get();
		try (RawHttp connection = new RawHttp(port)) {
			connection.send(rawRequest("POST", "/body", "content-type: text/plain", "content-length: 10") + "hello");
			// The head and the first half have been read before the rest is sent.
			await().atMost(Duration.ofSeconds(10)).until(() -> readWork.get() - before >= 2 * WORK);
			connection.send("world");
			assertThat(connection.read().body()).asString(StandardCharsets.UTF_8).isEqualTo("helloworld");
		}
		double cost = recorded("/body", "POST", 1).totalAmount();
		long work = readWork.get() - before;
		assertThat(work).isGreaterThanOrEqualTo(4 * WORK);
		assertThat(cost).isGreaterThanOrEqualTo(work).isLessThan(work + WORK);
	}

	@Test
	void chargesPipelinedRequestsWithEachReadOnce() throws Exception {
		long before = readWork.get();
		try (RawHttp connection = new RawHttp(port)) {
			connection.send(rawRequest("GET", "/first") + rawRequest("GET", "/second"));
			assertThat(connection.read().status()).isEqualTo(200);
			assertThat(connection.read().status()).isEqualTo(200);
		}
		double cost = recorded("/first", "GET", 1).totalAmount() + recorded("/second", "GET", 1).totalAmount();
		long work = readWork.get() - before;
		assertThat(cost).isGreaterThanOrEqualTo(work).isLessThan(work + WORK);
	}

	/** The allocation summary of a route once it has recorded {@code count} requests. */
	private static DistributionSummary recorded(String uri, String method, int count) {
		await().atMost(Duration.ofSeconds(10))
			.until(() -> meters.find("http.server.requests.allocated").tags("uri", uri, "method", method).summary(),
					(summary) -> summary != null && summary.count() == count);
		return meters.get("http.server.requests.allocated").tags("uri", uri, "method", method).summary();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class ReadApp {

		@Bean
		Routes readRoutes() {
			return Routes.builder()
				.get("/warm", (ctx) -> "warm")
				.post("/warm", (ctx) -> ctx.bodyString())
				.get("/read", (ctx) -> "read")
				.post("/body", (ctx) -> ctx.bodyString())
				.get("/first", (ctx) -> "first")
				.get("/second", (ctx) -> "second")
				.build();
		}

		/**
		 * Allocates as each read of a connection begins, before the socket is read, and
		 * before the HTTP codec decodes what was read.
		 */
		@Bean
		FastroServerCustomizer readWork() {
			return (server) -> server.childOption(ChannelOption.RCVBUF_ALLOCATOR, new SocketReadWork())
				.doOnChannelInit((observer, channel, remoteAddress) -> channel.pipeline()
					.addBefore(NettyPipeline.HttpCodec, "test.readWork", new ChannelInboundHandlerAdapter() {

						@Override
						public void channelRead(ChannelHandlerContext ctx, Object msg) {
							if (msg instanceof ByteBuf) {
								allocated = new byte[WORK];
								readWork.addAndGet(WORK);
							}
							ctx.fireChannelRead(msg);
						}

					}));
		}

	}

	/** Reads the socket into buffers as Netty's default does, allocating before each. */
	static class SocketReadWork extends AdaptiveRecvByteBufAllocator {

		@Override
		public Handle newHandle() {
			return new MaxMessageHandle() {

				private final Handle buffers = SocketReadWork.super.newHandle();

				@Override
				public ByteBuf allocate(ByteBufAllocator allocator) {
					allocated = new byte[WORK];
					return super.allocate(allocator);
				}

				/** A read that brings no bytes is not counted, nor charged. */
				@Override
				public void lastBytesRead(int bytes) {
					if (bytes > 0) {
						readWork.addAndGet(WORK);
					}
					super.lastBytesRead(bytes);
				}

				@Override
				public int guess() {
					return this.buffers.guess();
				}

			};
		}

	}

}
