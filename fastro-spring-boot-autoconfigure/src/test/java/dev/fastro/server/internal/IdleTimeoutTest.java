package dev.fastro.server.internal;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.http.internal.JsonCodec;
import dev.fastro.test.NettyLeakDetection;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.netty.NettyPipeline;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The idle timeout (60 s here) closes an HTTP/1.1 connection that has been quiet that
 * long: every request read answered, nothing of another read, nothing left unsent. It
 * counts from the end of the last answer, not from its request. The channel's clock is
 * the test's, so every case is exact to the nanosecond and waits for nothing.
 */
@ExtendWith(NettyLeakDetection.class)
class IdleTimeoutTest {

	// A read timeout longer than the idle timeout, so that a request still being read
	// past the idle timeout is not answered 408 yet.
	private static final ServerOptions OPTIONS = new ServerOptions("127.0.0.1", 0, 0, 1024, 4096, 8192,
			Duration.ofSeconds(60), Duration.ofSeconds(120), null, false, null, PooledByteBufAllocator.DEFAULT, null,
			null, false, WebSocketSettings.DEFAULTS);

	private final EmbeddedChannel channel = new EmbeddedChannel();

	@BeforeEach
	void installTheGuards() {
		this.channel.freezeTime();
		this.channel.pipeline().addLast(NettyPipeline.HttpCodec, new HttpServerCodec());
		new ServerPipeline(OPTIONS, new JsonCodec(JsonMapper.builder().build()), null, null, new AtomicInteger())
			.install(this.channel.pipeline());
	}

	@AfterEach
	void releaseEverything() {
		this.channel.finishAndReleaseAll();
	}

	@Test
	void closesAConnectionThatNeverSendsARequest() {
		assertClosedSixtySecondsAfter("the connection opened");
	}

	@Test
	void countsFromTheEndOfTheLastAnswer() {
		request();
		after(50);
		this.channel.writeOutbound(answer());
		assertClosedSixtySecondsAfter("the answer");
	}

	@Test
	void keepsAConnectionOpenWhileItsRequestWaitsForAnAnswer() {
		request();
		after(150);
		assertThat(this.channel.isOpen()).isTrue();
		this.channel.writeOutbound(answer());
		assertClosedSixtySecondsAfter("the answer");
	}

	@Test
	void keepsAConnectionOpenWhileARequestIsBeingRead() {
		this.channel.writeInbound(Unpooled.copiedBuffer("GET / HTTP/1.1\r\nhost: local", StandardCharsets.US_ASCII));
		// The read timeout answers such a request; the idle close must not take its
		// place.
		after(61);
		assertThat(this.channel.isOpen()).isTrue();
	}

	@Test
	void countsBytesStillUnsentAsActivity() {
		request();
		// Handed to the socket, not yet sent: the client has not taken it.
		this.channel.write(answer());
		after(60);
		assertThat(this.channel.isOpen()).as("60 s with the answer unsent").isTrue();
		this.channel.flush();
		assertClosedSixtySecondsAfter("the last look that found bytes unsent");
	}

	/** Open 59 s after {@code start}, closed at 60 s. */
	private void assertClosedSixtySecondsAfter(String start) {
		after(59);
		assertThat(this.channel.isOpen()).as("59 s after %s", start).isTrue();
		after(1);
		assertThat(this.channel.isOpen()).as("60 s after %s", start).isFalse();
	}

	private void request() {
		this.channel.writeInbound(
				Unpooled.copiedBuffer("GET / HTTP/1.1\r\nhost: localhost\r\n\r\n", StandardCharsets.US_ASCII));
		Object decoded;
		while ((decoded = this.channel.readInbound()) != null) {
			ReferenceCountUtil.release(decoded);
		}
	}

	private static FullHttpResponse answer() {
		FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
				Unpooled.EMPTY_BUFFER);
		response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
		return response;
	}

	private void after(long seconds) {
		this.channel.advanceTimeBy(seconds, TimeUnit.SECONDS);
		this.channel.runScheduledPendingTasks();
		Object written;
		while ((written = this.channel.readOutbound()) != null) {
			ReferenceCountUtil.release(written);
		}
	}

}
