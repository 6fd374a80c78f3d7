package dev.fastro.server.internal;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import dev.fastro.http.Routes;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.internal.RequestLimits;
import dev.fastro.test.NettyLeakDetection;
import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.json.JsonMapper;

import static dev.fastro.test.TestHttp.get;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The allocator of {@link ServerOptions} serves a connection's buffers whichever exchange
 * serves its requests: Fastro's own, or Reactor Netty's once a customizer is there.
 */
@ExtendWith(NettyLeakDetection.class)
class ConnectionAllocatorTest {

	@ParameterizedTest(name = "on Reactor Netty's exchange: {0}")
	@ValueSource(booleans = { false, true })
	void theConnectionsBuffersComeFromTheOptionsAllocator(boolean reactorNettyExchange) {
		CountingAllocator allocator = new CountingAllocator();
		ServerOptions options = new ServerOptions("127.0.0.1", 0, 0, 1024, 4096, 8192, Duration.ofSeconds(60),
				Duration.ofSeconds(20), null, false, null, allocator, null, null, reactorNettyExchange,
				WebSocketSettings.DEFAULTS);
		JsonCodec json = new JsonCodec(JsonMapper.builder().build());
		Dispatcher dispatcher = Dispatcher.builder()
			.json(json)
			.routes(List.of(Routes.builder().get("/", (ctx) -> "hello").build()))
			.build();
		FastroServer server = new FastroServer(options, dispatcher, (inner) -> inner, json, new RequestLimits(1000),
				List.of());
		server.start();
		try {
			assertThat(server.servesHttp1Exchanges()).isNotEqualTo(reactorNettyExchange);
			assertThat(get(server.port(), "/").body()).isEqualTo("hello");
			assertThat(allocator.directBuffers).hasPositiveValue();
		}
		finally {
			server.stop(Duration.ZERO);
		}
	}

	/** Netty's unpooled buffers, counting the direct ones made. */
	private static final class CountingAllocator extends AbstractByteBufAllocator {

		final AtomicInteger directBuffers = new AtomicInteger();

		CountingAllocator() {
			super(true);
		}

		@Override
		protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
			return Unpooled.buffer(initialCapacity, maxCapacity);
		}

		@Override
		protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
			this.directBuffers.incrementAndGet();
			return Unpooled.directBuffer(initialCapacity, maxCapacity);
		}

		@Override
		public boolean isDirectBufferPooled() {
			return false;
		}

	}

}
