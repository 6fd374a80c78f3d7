package dev.fastro.server.internal;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.internal.RequestLimits;
import dev.fastro.test.NettyLeakDetection;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.netty.NettyPipeline;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the server's pipeline installs where no exchange over the network tells the
 * difference. The HTTP/1.1 guards leave a connection that switches to h2c: its bytes are
 * HTTP/2 frames from then on, which they do not speak. (Left in place, they happen to let
 * the frames through.) The connection gets what an HTTP/2 connection has instead.
 */
@ExtendWith(NettyLeakDetection.class)
class ServerPipelineTest {

	private static final ServerOptions OPTIONS = new ServerOptions("127.0.0.1", 0, 0, 1024, 4096, 8192,
			Duration.ofSeconds(60), Duration.ofSeconds(20), null, false, null, PooledByteBufAllocator.DEFAULT, null,
			null, false, WebSocketSettings.DEFAULTS);

	@Test
	void aSwitchToH2cTakesTheGuardsOffAndPutsTheHttp2ErrorsHandlerOn() {
		EmbeddedChannel channel = new EmbeddedChannel();
		channel.pipeline().addLast(NettyPipeline.HttpCodec, new HttpServerCodec());
		new ServerPipeline(OPTIONS, new JsonCodec(JsonMapper.builder().build()), null, null, new AtomicInteger())
			.install(channel.pipeline());
		assertThat(channel.pipeline().names()).contains("fastro.closer", "fastro.framing", "fastro.messages");

		channel
			.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.SWITCHING_PROTOCOLS));

		assertThat(channel.pipeline().names()).doesNotContain("fastro.closer", "fastro.framing", "fastro.messages")
			.contains("fastro.h2errors");
		Object written;
		while ((written = channel.readOutbound()) != null) {
			ReferenceCountUtil.release(written);
		}
		channel.finishAndReleaseAll();
	}

	/**
	 * Reactor Netty takes its idle timeout off a connection when its exchange sees a
	 * request, which Fastro's exchange never lets it: it goes when Fastro's exchange
	 * comes in, or it would close a connection whose answer takes longer, or a WebSocket.
	 */
	@Test
	void fastrosExchangeTakesReactorNettysIdleTimeoutOff() {
		EmbeddedChannel channel = new EmbeddedChannel();
		channel.pipeline()
			.addLast(NettyPipeline.HttpCodec, new HttpServerCodec())
			.addLast(NettyPipeline.IdleTimeoutHandler, new IdleStateHandler(0, 0, 60));
		JsonCodec json = new JsonCodec(JsonMapper.builder().build());
		Dispatcher dispatcher = Dispatcher.builder().json(json).build();
		new ServerPipeline(OPTIONS, json,
				new FastroHttpHandler(dispatcher, dispatcher, json, new RequestLimits(8), 1024), null,
				new AtomicInteger())
			.install(channel.pipeline());

		assertThat(channel.pipeline().names()).contains("fastro.exchanges")
			.doesNotContain(NettyPipeline.IdleTimeoutHandler);
		channel.finishAndReleaseAll();
	}

}
