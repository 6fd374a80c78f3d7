package dev.fastro.observation;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.autoconfigure.FastroServerCustomizer;
import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
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
 * connection, decoding included, is charged to the request it served, once: here a
 * handler before the HTTP codec stands for that work, allocating a known amount on every
 * read.
 */
class RouteCostReadsTest {

	/** What the handler before the codec allocates on each read. */
	private static final int READ_ALLOCATION = 8 * 1024 * 1024;

	private static final AtomicInteger reads = new AtomicInteger();

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
		int before = reads.get();
		assertThat(get(port, "/read").statusCode()).isEqualTo(200);
		DistributionSummary cost = recorded("/read", "GET", 1);
		int readsOfRequest = reads.get() - before;
		assertThat(cost.totalAmount()).isGreaterThanOrEqualTo(readsOfRequest * (double) READ_ALLOCATION)
			.isLessThan((readsOfRequest + 1) * (double) READ_ALLOCATION);
	}

	@Test
	void chargesARequestWithEveryReadOfItsBody() throws Exception {
		int before = reads.get();
		try (RawHttp connection = new RawHttp(port)) {
			connection.send(rawRequest("POST", "/body", "content-type: text/plain", "content-length: 10") + "hello");
			// The head and the first half have been read before the rest is sent.
			await().atMost(Duration.ofSeconds(10)).until(() -> reads.get() > before);
			connection.send("world");
			assertThat(connection.read().body()).asString(StandardCharsets.UTF_8).isEqualTo("helloworld");
		}
		DistributionSummary cost = recorded("/body", "POST", 1);
		int readsOfRequest = reads.get() - before;
		assertThat(readsOfRequest).isGreaterThanOrEqualTo(2);
		assertThat(cost.totalAmount()).isGreaterThanOrEqualTo(readsOfRequest * (double) READ_ALLOCATION)
			.isLessThan((readsOfRequest + 1) * (double) READ_ALLOCATION);
	}

	@Test
	void chargesPipelinedRequestsWithEachReadOnce() throws Exception {
		int before = reads.get();
		try (RawHttp connection = new RawHttp(port)) {
			connection.send(rawRequest("GET", "/first") + rawRequest("GET", "/second"));
			assertThat(connection.read().status()).isEqualTo(200);
			assertThat(connection.read().status()).isEqualTo(200);
		}
		double total = recorded("/first", "GET", 1).totalAmount() + recorded("/second", "GET", 1).totalAmount();
		int readsOfRequests = reads.get() - before;
		assertThat(total).isGreaterThanOrEqualTo(readsOfRequests * (double) READ_ALLOCATION)
			.isLessThan((readsOfRequests + 1) * (double) READ_ALLOCATION);
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

		/** Allocates on every read of a connection, before the HTTP codec decodes it. */
		@Bean
		FastroServerCustomizer readWork() {
			return (server) -> server.doOnChannelInit((observer, channel, remoteAddress) -> channel.pipeline()
				.addBefore(NettyPipeline.HttpCodec, "test.readWork", new ChannelInboundHandlerAdapter() {

					@Override
					public void channelRead(ChannelHandlerContext ctx, Object msg) {
						if (msg instanceof ByteBuf) {
							allocated = new byte[READ_ALLOCATION];
							reads.incrementAndGet();
						}
						ctx.fireChannelRead(msg);
					}

				}));
		}

	}

}
