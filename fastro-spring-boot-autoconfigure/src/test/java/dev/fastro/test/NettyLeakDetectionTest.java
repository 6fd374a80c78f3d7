package dev.fastro.test;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The leak detection that guards every test class must itself see a leak. */
class NettyLeakDetectionTest {

	@Test
	void reportsABufferThatWasNeverReleased() {
		leakOneBuffer();
		assertThat(NettyLeakDetection.collectLeaks()).anySatisfy(leak -> assertThat(leak).contains("LEAK"));
	}

	@Test
	void reportsNothingWhenEveryBufferIsReleased() {
		ByteBuf buffer = ByteBufAllocator.DEFAULT.buffer(16);
		buffer.writeLong(42);
		buffer.release();
		assertThat(NettyLeakDetection.collectLeaks()).isEmpty();
	}

	private static void leakOneBuffer() {
		ByteBuf leaked = ByteBufAllocator.DEFAULT.directBuffer(64);
		leaked.writeLong(1);
	}

}
