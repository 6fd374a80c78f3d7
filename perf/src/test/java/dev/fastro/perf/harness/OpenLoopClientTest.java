package dev.fastro.perf.harness;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OpenLoopClientTest {

	private static final String ANSWER = "digest";

	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	/**
	 * Requests the server has received; the n-th (from 0) is accepted when n % 4 is 0,
	 * shed when 1, answered with another body when 2, and never answered when 3.
	 */
	private static final AtomicInteger received = new AtomicInteger();

	private static EventLoopGroup group;

	private static Channel server;

	private static URI base;

	@BeforeAll
	static void startServer() throws InterruptedException {
		group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
		server = new ServerBootstrap().group(group)
			.channel(NioServerSocketChannel.class)
			.childHandler(new ChannelInitializer<>() {
				@Override
				protected void initChannel(Channel ch) {
					ch.pipeline()
						.addLast(new HttpServerCodec(), new HttpObjectAggregator(1024),
								new SimpleChannelInboundHandler<FullHttpRequest>() {
									@Override
									protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
										switch (received.getAndIncrement() % 4) {
											case 0 -> answer(ctx, HttpResponseStatus.OK, ANSWER);
											case 1 -> answer(ctx, HttpResponseStatus.SERVICE_UNAVAILABLE, "busy");
											case 2 -> answer(ctx, HttpResponseStatus.OK, "something else");
											default -> {
												// Held: the client must time it out.
											}
										}
									}
								});
				}
			})
			.bind(new InetSocketAddress("127.0.0.1", 0))
			.sync()
			.channel();
		base = URI.create("http://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort());
	}

	@AfterAll
	static void stopServer() {
		server.close().syncUninterruptibly();
		group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
	}

	private static void answer(ChannelHandlerContext ctx, HttpResponseStatus status, String body) {
		FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
				Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
		response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
		ctx.writeAndFlush(response);
	}

	@Test
	void sendsEveryRequestOnScheduleWhateverTheAnswersAndTellsHowEachEnded() throws InterruptedException {
		received.set(0);
		try (OpenLoopClient client = new OpenLoopClient()) {
			// 40 requests due in the lead-in, 1,000 in the window: all are sent, though a
			// quarter are never answered and hold their connections, more than were
			// opened before. The timeout leaves the answered ones ample time on a loaded
			// machine.
			OverloadTally.Result result = client.openLoop(base, "/work", ANSWER, 200, Duration.ofMillis(200), 1000,
					Duration.ofSeconds(1), TIMEOUT);

			assertThat(received).hasValue(1040);
			assertThat(result.requests()).isEqualTo(1000);
			assertThat(result.ok()).isEqualTo(250);
			assertThat(result.shed()).isEqualTo(250);
			assertThat(result.other()).isEqualTo(250);
			assertThat(result.timeouts()).isEqualTo(250);
			assertThat(result.errors()).isZero();
			// A timed-out request counts at the timeout among all.
			assertThat(result.all().max()).isEqualTo(TIMEOUT.toNanos());
			assertThat(result.accepted().max()).isLessThan(TIMEOUT.toNanos());
			assertThat(result.peakConnections()).isGreaterThan(OpenLoopClient.PREOPENED);
		}
	}

	@Test
	void aClosedLoopSendsTheNextRequestOnceTheLastIsAnswered() throws InterruptedException {
		received.set(0);
		try (OpenLoopClient client = new OpenLoopClient()) {
			// One connection: the fourth request is held until the timeout, which closes
			// the connection, and the loop sends nothing more.
			OverloadTally.Result result = client.closedLoop(base, "/work", ANSWER, 1, Duration.ofSeconds(2), TIMEOUT);

			assertThat(received).hasValue(4);
			assertThat(result.ok()).isEqualTo(1);
			assertThat(result.shed()).isEqualTo(1);
			assertThat(result.other()).isEqualTo(1);
			assertThat(result.timeouts()).isEqualTo(1);
		}
	}

	@Test
	void schedulesTheLeadInThenTheWindow() {
		// 10 a second for 1 s, then 100 a second for 0.5 s.
		OpenLoopClient.Schedule schedule = new OpenLoopClient.Schedule(10, 1_000_000_000L, 100, 500_000_000L);

		assertThat(schedule.leadInRequests()).isEqualTo(10);
		assertThat(schedule.windowRequests()).isEqualTo(50);
		assertThat(schedule.requests()).isEqualTo(60);
		assertThat(schedule.due(0)).isZero();
		assertThat(schedule.due(9)).isEqualTo(900_000_000L);
		assertThat(schedule.measured(9)).isFalse();
		assertThat(schedule.due(10)).isEqualTo(1_000_000_000L);
		assertThat(schedule.measured(10)).isTrue();
		assertThat(schedule.due(59)).isEqualTo(1_490_000_000L);
	}

	@Test
	void percentilesByNearestRank() {
		OverloadTally tally = new OverloadTally();
		for (int i = 1; i <= 1000; i++) {
			tally.record((i % 10 == 0) ? OverloadTally.Outcome.SHED : OverloadTally.Outcome.OK, i);
		}
		OverloadTally.Result result = tally.result();

		assertThat(result.all()).isEqualTo(new OverloadTally.Percentiles(500, 990, 999, 1000));
		// The 900 accepted: 1-9, 11-19, ...; the 450th is 499, the 891st 989, the
		// 900th 999.
		assertThat(result.accepted()).isEqualTo(new OverloadTally.Percentiles(499, 989, 999, 999));
		assertThat(new OverloadTally().result().accepted()).isEqualTo(OverloadTally.Percentiles.NONE);
	}

}
