package dev.fastro.autoconfigure;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.NettyLeakDetection;
import io.netty.buffer.AdaptiveByteBufAllocator;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.TestHttp.get;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fastro.server.allocator} chooses the Netty allocator of the server's
 * connections: pooled unless told otherwise, whatever Netty's own default is.
 */
@ExtendWith(NettyLeakDetection.class)
class BufferAllocatorTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(RecordedAllocators.class);

	@Test
	void connectionsUseThePooledAllocatorByDefault() {
		assertThat(allocatorsServing(this.runner)).containsOnly(PooledByteBufAllocator.DEFAULT);
	}

	@Test
	void connectionsUseTheAdaptiveAllocatorWhenAskedTo() {
		assertThat(allocatorsServing(this.runner.withPropertyValues("fastro.server.allocator=adaptive")))
			.singleElement()
			.isInstanceOf(AdaptiveByteBufAllocator.class);
	}

	@Test
	void anUnknownAllocatorFailsTheStartNamingThePropertyAndTheValue() {
		this.runner.withPropertyValues("fastro.server.allocator=jemalloc")
			.run((context) -> assertThat(context.getStartupFailure()).isNotNull()
				.hasStackTraceContaining("fastro.server.allocator")
				.hasStackTraceContaining("jemalloc"));
	}

	/** The allocators of the connections that answered a request, one per connection. */
	private static List<ByteBufAllocator> allocatorsServing(ApplicationContextRunner runner) {
		List<ByteBufAllocator> allocators = new CopyOnWriteArrayList<>();
		runner.run((context) -> {
			assertThat(get(context.getBean(FastroServer.class).port(), "/").body()).isEqualTo("hello");
			allocators.addAll(context.getBean(RecordedAllocators.class).allocators);
		});
		return allocators;
	}

	@Configuration(proxyBeanMethods = false)
	static class RecordedAllocators {

		final List<ByteBufAllocator> allocators = new CopyOnWriteArrayList<>();

		@Bean
		FastroServerCustomizer recordAllocators() {
			return (server) -> server
				.doOnChannelInit((observer, channel, remote) -> this.allocators.add(channel.alloc()));
		}

		@Bean
		Routes hello() {
			return Routes.builder().get("/", (ctx) -> "hello").build();
		}

	}

}
