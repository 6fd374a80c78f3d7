package dev.fastro.http.internal;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;

/**
 * Reads a file or a stream in chunks off the event loop: each chunk on a blocking
 * scheduler, once the one before has been asked for, so that a large file costs one chunk
 * of memory at a time and a slow client slows the reads. The source is opened when the
 * chunks are first asked for, and closed after the last, when reading fails, or when the
 * chunks are no longer wanted.
 */
public final class FileChunks {

	private static final Log logger = LogFactory.getLog(FileChunks.class);

	/**
	 * The most a chunk holds: a large file then costs few round trips between the event
	 * loop and the thread that reads it.
	 */
	public static final int CHUNK = 64 * 1024;

	/** What {@code count} is when the source is read to its end, however long. */
	static final long TO_THE_END = Long.MAX_VALUE;

	private FileChunks() {
	}

	/**
	 * Reads {@code count} bytes of an open file from {@code position}, and closes it.
	 * @param file the file, which the chunks own from now on
	 * @param position where to start
	 * @param count how many bytes to read; fewer in the file fail the chunks with an
	 * {@link EOFException}
	 * @param alloc the allocator of the chunks
	 * @param scheduler where to read, a scheduler that may block
	 * @return the chunks
	 */
	public static Flux<ByteBuf> read(FileChannel file, long position, long count, ByteBufAllocator alloc,
			Scheduler scheduler) {
		return read(() -> file, position, count, alloc, scheduler);
	}

	/** Reads {@code count} bytes of a file from {@code position}, opened when asked. */
	static Flux<ByteBuf> read(Callable<FileChannel> file, long position, long count, ByteBufAllocator alloc,
			Scheduler scheduler) {
		// A direct buffer, which the channel fills without a copy.
		return read(file, (channel, chunk, offset, length) -> chunk.writeBytes(channel, position + offset, length),
				alloc::ioBuffer, count, scheduler);
	}

	/**
	 * Reads {@code count} bytes of a stream, or all of it with {@link #TO_THE_END},
	 * opened when asked.
	 */
	static Flux<ByteBuf> read(Callable<InputStream> stream, long count, ByteBufAllocator alloc, Scheduler scheduler) {
		// On the heap, where the stream reads straight into the buffer's array: a direct
		// buffer would read through a temporary array of the chunk's size.
		return read(stream, (in, chunk, offset, length) -> chunk.writeBytes(in, length), alloc::heapBuffer, count,
				scheduler);
	}

	private static <S extends Closeable> Flux<ByteBuf> read(Callable<S> open, Reader<S> reader,
			IntFunction<ByteBuf> allocation, long count, Scheduler scheduler) {
		return Flux.<ByteBuf, Cursor<S>>generate(() -> new Cursor<>(open.call()), (cursor, sink) -> {
			long remaining = count - cursor.offset;
			if (remaining == 0) {
				sink.complete();
				return cursor;
			}
			int length = (int) Math.min(CHUNK, remaining);
			ByteBuf chunk = allocation.apply(length);
			try {
				int read = reader.read(cursor.source, chunk, cursor.offset, length);
				if (read < 0) {
					chunk.release();
					if (count == TO_THE_END) {
						sink.complete();
					}
					else {
						sink.error(new EOFException("The content ended " + remaining + " bytes short of the " + count
								+ " its answer announced"));
					}
				}
				else {
					cursor.offset += read;
					sink.next(chunk);
				}
			}
			catch (IOException ex) {
				chunk.release();
				sink.error(ex);
			}
			return cursor;
		}, (cursor) -> close(cursor.source)).subscribeOn(scheduler);
	}

	/**
	 * Closes a file or stream that nothing reads any more; what closing it throws is only
	 * logged, since it can lose nothing.
	 */
	public static void close(Closeable source) {
		try {
			source.close();
		}
		catch (IOException ex) {
			logger.debug("Could not close " + source, ex);
		}
	}

	/** Reads into a chunk from a source. */
	@FunctionalInterface
	private interface Reader<S> {

		/**
		 * Reads at most {@code length} bytes, the next after the {@code offset} read
		 * already; returns how many, or -1 at the end of the source.
		 */
		int read(S source, ByteBuf chunk, long offset, int length) throws IOException;

	}

	/** An open source and how much of it has been read. */
	private static final class Cursor<S> {

		final S source;

		long offset;

		Cursor(S source) {
			this.source = source;
		}

	}

}
