package dev.fastro.test;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.IllegalReferenceCountException;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The buffer checks that guard every test class must themselves see a leak and a buffer
 * released twice.
 */
class NettyLeakDetectionTest {

	@Test
	void reportsABufferThatWasNeverReleased() {
		leakOneBuffer();
		assertThat(NettyLeakDetection.collectLeaks()).anySatisfy(leak -> assertThat(leak).contains("LEAK"));
		assertThat(NettyLeakDetection.collectLoggedErrors()).anySatisfy(line -> assertThat(line).contains("LEAK:"));
	}

	@Test
	void reportsNothingWhenEveryBufferIsReleased() {
		ByteBuf buffer = ByteBufAllocator.DEFAULT.buffer(16);
		buffer.writeLong(42);
		buffer.release();
		assertThat(NettyLeakDetection.collectLeaks()).isEmpty();
		assertThat(NettyLeakDetection.collectLoggedErrors()).isEmpty();
	}

	@Test
	void reportsABufferADiscardHookReleasedAgain() {
		ByteBuf chunk = ByteBufAllocator.DEFAULT.buffer(16).writeLong(7);
		// Released as it passes, then dropped by then() into a hook that releases it too.
		Flux.just(chunk).doOnNext(ByteBuf::release).then().doOnDiscard(ByteBuf.class, ByteBuf::release).block();
		assertThat(NettyLeakDetection.collectLoggedErrors()).anySatisfy(
				line -> assertThat(line).contains("Error in discard hook").contains("IllegalReferenceCountException"));
	}

	@Test
	void reportsAReferenceCountErrorLoggedAsTheCauseOfAnother() {
		LoggerFactory.getLogger("io.netty.channel.DefaultChannelPipeline")
			.warn("An exceptionCaught() event was fired",
					new IllegalStateException(new IllegalReferenceCountException(0, -1)));
		assertThat(NettyLeakDetection.collectLoggedErrors())
			.anySatisfy(line -> assertThat(line).contains("IllegalReferenceCountException"));
	}

	@Test
	void reportsNothingWhenOneOwnerReleasesWhatIsDropped() {
		ByteBuf chunk = ByteBufAllocator.DEFAULT.buffer(16).writeLong(7);
		Flux.just(chunk).then().doOnDiscard(ByteBuf.class, ByteBuf::release).block();
		assertThat(NettyLeakDetection.collectLoggedErrors()).isEmpty();
		assertThat(NettyLeakDetection.collectLeaks()).isEmpty();
	}

	private static void leakOneBuffer() {
		ByteBuf leaked = ByteBufAllocator.DEFAULT.directBuffer(64);
		leaked.writeLong(1);
	}

}
