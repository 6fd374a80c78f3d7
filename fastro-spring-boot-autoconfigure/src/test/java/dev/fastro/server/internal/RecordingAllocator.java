package dev.fastro.server.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledDirectByteBuf;
import io.netty.buffer.UnpooledHeapByteBuf;

/**
 * An unpooled allocator that keeps every buffer it allocates, so that a test can tell
 * which of them were never released once a connection is done: a leak found at once, for
 * the input that made it, where Netty's leak detector reports it only after a garbage
 * collection.
 */
final class RecordingAllocator extends AbstractByteBufAllocator {

	private final List<ByteBuf> allocated = new ArrayList<>();

	@Override
	protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
		return record(new UnpooledHeapByteBuf(this, initialCapacity, maxCapacity));
	}

	@Override
	protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
		return record(new UnpooledDirectByteBuf(this, initialCapacity, maxCapacity));
	}

	@Override
	public boolean isDirectBufferPooled() {
		return false;
	}

	private ByteBuf record(ByteBuf buffer) {
		this.allocated.add(buffer);
		return buffer;
	}

	/** The buffers allocated so far that are not released, each with what it holds. */
	List<String> unreleased() {
		return this.allocated.stream()
			.filter((buffer) -> buffer.refCnt() > 0)
			.map((buffer) -> buffer + ": '" + buffer.toString(0, buffer.writerIndex(), StandardCharsets.ISO_8859_1)
					+ "'")
			.toList();
	}

}
