package dev.fastro.server.internal;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.http.internal.JsonCodec;
import dev.fastro.test.NettyLeakDetection;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.netty.NettyPipeline;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTTP/1.1 guards leave a connection that switches to h2c: its bytes are HTTP/2
 * frames from then on, which they do not speak. (Left in place, they happen to let the
 * frames through, so no exchange over the network tells the difference.) The connection
 * gets what an HTTP/2 connection has instead.
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

}
