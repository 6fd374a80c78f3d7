package dev.fastro.http.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.http.HttpException;
import io.netty.buffer.ByteBuf;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;

/**
 * A request body as it arrives, for a streaming route: a transport offers its chunks, and
 * the handler reads them, as a {@link Flux} or an {@link InputStream}, as fast as it
 * consumes them. The transport reads only while the handler has asked for more than it
 * was given ({@link #offer} says when to stop, {@link Source#demand} when to go on), so a
 * body larger than the heap passes through a bounded amount of memory.
 * <p>
 * The stream owns every chunk offered: it lends each to the subscriber for the duration
 * of {@code onNext} and releases it after, as Reactor Netty's {@code ByteBufFlux} does,
 * and releases the chunks it never hands over when the handler cancels, the body fails or
 * the exchange ends unread. Each chunk is released exactly once.
 * <p>
 * The transport calls {@link #offer}, {@link #complete} and {@link #fail} from one thread
 * at a time; the handler may subscribe and ask from any thread.
 */
public final class BodyStream extends Flux<ByteBuf> implements Subscription {

	/** The transport's side: what the stream asks of the connection. */
	public interface Source {

		/**
		 * The handler has asked for more of the body: read on, and answer a client that
		 * expects {@code 100-continue} on the first call. Called on any thread.
		 */
		void demand();

	}

	private final Source source;

	private final long maxSize;

	/** Guarded by {@code this}, as are the fields up to {@link #terminated}. */
	private final ArrayDeque<ByteBuf> queue = new ArrayDeque<>(4);

	private long requested;

	private boolean paused;

	/** Whether the handler has asked at all, which the source hears of once. */
	private boolean asked;

	private boolean done;

	private Throwable error;

	private boolean cancelled;

	private boolean terminated;

	private long received;

	private CoreSubscriber<? super ByteBuf> actual;

	private final AtomicInteger wip = new AtomicInteger();

	/**
	 * @param source the connection the body arrives on
	 * @param maxSize the largest body accepted, in bytes: past it the stream fails with a
	 * {@code 413}
	 */
	public BodyStream(Source source, long maxSize) {
		this.source = source;
		this.maxSize = maxSize;
	}

	// ---- the transport's side

	/**
	 * Takes over one chunk of the body; returns whether the transport may read on, or is
	 * to wait for {@link Source#demand}. A chunk offered once the stream has ended (the
	 * handler cancelled, or the body failed) is released at once, and reading goes on so
	 * that the rest of the body is drained.
	 */
	public boolean offer(ByteBuf chunk) {
		synchronized (this) {
			if (this.done || this.cancelled) {
				chunk.release();
				return true;
			}
			this.received += chunk.readableBytes();
			if (this.received > this.maxSize) {
				chunk.release();
				failLocked(tooLarge(this.maxSize));
			}
			else if (chunk.isReadable()) {
				this.queue.add(chunk);
			}
			else {
				chunk.release();
			}
			if (!this.done && this.queue.size() >= this.requested) {
				this.paused = true;
			}
		}
		drain();
		return !isPaused();
	}

	/** The body has arrived whole. */
	public void complete() {
		synchronized (this) {
			this.done = true;
		}
		drain();
	}

	/**
	 * The body failed before its end (the client went away, was too slow, or broke the
	 * framing): the handler gets {@code failure} in place of the chunks still queued.
	 */
	public void fail(Throwable failure) {
		synchronized (this) {
			failLocked(failure);
		}
		drain();
	}

	private void failLocked(Throwable failure) {
		if (this.done) {
			return;
		}
		this.done = true;
		this.error = failure;
		releaseQueued();
	}

	/** Whether the whole body has been offered, or has failed. */
	public synchronized boolean isDone() {
		return this.done;
	}

	private synchronized boolean isPaused() {
		return this.paused;
	}

	/** The answer to a body longer than a route accepts. */
	public static HttpException tooLarge(long maxSize) {
		return new HttpException(413, "Request body is larger than the limit of " + maxSize + " bytes");
	}

	/**
	 * The exchange has ended: releases what the handler never read, and takes no more.
	 */
	public void discard() {
		cancel();
	}

	// ---- the handler's side

	@Override
	public void subscribe(CoreSubscriber<? super ByteBuf> subscriber) {
		synchronized (this) {
			if (this.actual != null || this.cancelled) {
				Operators.error(subscriber, new IllegalStateException(
						"The request body is read once: it has been read, or the exchange has ended"));
				return;
			}
			this.actual = subscriber;
		}
		subscriber.onSubscribe(this);
		drain();
	}

	@Override
	public void request(long n) {
		if (!Operators.validate(n)) {
			return;
		}
		boolean resume;
		synchronized (this) {
			this.requested = Operators.addCap(this.requested, n);
			resume = this.paused || !this.asked;
			this.asked = true;
			this.paused = false;
		}
		if (resume) {
			this.source.demand();
		}
		drain();
	}

	@Override
	public void cancel() {
		synchronized (this) {
			if (this.cancelled) {
				return;
			}
			this.cancelled = true;
			this.paused = false;
			releaseQueued();
		}
		// The rest of the body is drained unread; ask for it.
		this.source.demand();
	}

	private void releaseQueued() {
		for (ByteBuf chunk = this.queue.poll(); chunk != null; chunk = this.queue.poll()) {
			chunk.release();
		}
	}

	/**
	 * Hands queued chunks to the subscriber while it asks for them, one thread at a time,
	 * then the end of the body.
	 */
	private void drain() {
		if (this.wip.getAndIncrement() != 0) {
			return;
		}
		int missed = 1;
		do {
			for (;;) {
				CoreSubscriber<? super ByteBuf> subscriber;
				ByteBuf next = null;
				Throwable failure = null;
				boolean end = false;
				synchronized (this) {
					subscriber = this.actual;
					if (subscriber == null || this.cancelled || this.terminated) {
						break;
					}
					if (this.error != null) {
						failure = this.error;
						this.terminated = true;
					}
					else if (!this.queue.isEmpty() && this.requested > 0) {
						next = this.queue.poll();
						if (this.requested != Long.MAX_VALUE) {
							this.requested--;
						}
					}
					else if (this.queue.isEmpty() && this.done) {
						end = true;
						this.terminated = true;
					}
					else {
						break;
					}
				}
				if (failure != null) {
					subscriber.onError(failure);
				}
				else if (end) {
					subscriber.onComplete();
				}
				else {
					try {
						subscriber.onNext(next);
					}
					finally {
						next.release();
					}
				}
			}
			missed = this.wip.addAndGet(-missed);
		}
		while (missed != 0);
	}

	/**
	 * The body as a blocking {@link InputStream}, for a handler that runs off the event
	 * loop. It asks for one chunk at a time, so the connection reads as fast as the
	 * stream is read; closing it before the end cancels the rest.
	 */
	public InputStream inputStream() {
		ChunkReader reader = new ChunkReader();
		subscribe(reader);
		return reader;
	}

	/**
	 * Why the body could not be read through as an {@link InputStream}: the
	 * {@link HttpException} the stream failed with, which answers the request when the
	 * handler lets this propagate.
	 */
	public static final class ReadFailure extends IOException {

		ReadFailure(Throwable cause) {
			super(cause.getMessage(), cause);
		}

	}

	/**
	 * Reads the chunks one at a time: it holds on to the chunk lent to it until it has
	 * been read through, and asks for the next only then.
	 */
	private static final class ChunkReader extends InputStream implements CoreSubscriber<ByteBuf> {

		private Subscription subscription;

		/** Guarded by {@code this}. */
		private ByteBuf current;

		private boolean ended;

		private Throwable failure;

		private boolean closed;

		@Override
		public void onSubscribe(Subscription s) {
			synchronized (this) {
				this.subscription = s;
			}
			s.request(1);
		}

		@Override
		public synchronized void onNext(ByteBuf chunk) {
			if (this.closed) {
				return;
			}
			// Lent for this call only: kept until read through.
			this.current = chunk.retain();
			notifyAll();
		}

		@Override
		public synchronized void onError(Throwable error) {
			this.failure = error;
			this.ended = true;
			notifyAll();
		}

		@Override
		public synchronized void onComplete() {
			this.ended = true;
			notifyAll();
		}

		@Override
		public int read() throws IOException {
			byte[] one = new byte[1];
			int n = read(one, 0, 1);
			return (n < 0) ? -1 : (one[0] & 0xff);
		}

		@Override
		public int read(byte[] bytes, int offset, int length) throws IOException {
			if (length == 0) {
				return 0;
			}
			Subscription next;
			int n;
			synchronized (this) {
				ByteBuf chunk = awaitChunk();
				if (chunk == null) {
					return -1;
				}
				n = Math.min(length, chunk.readableBytes());
				chunk.readBytes(bytes, offset, n);
				if (chunk.isReadable()) {
					return n;
				}
				chunk.release();
				this.current = null;
				next = this.subscription;
			}
			next.request(1);
			return n;
		}

		/** The chunk being read, waiting for one; {@code null} at the end of the body. */
		private ByteBuf awaitChunk() throws IOException {
			while (this.current == null && !this.ended && !this.closed) {
				try {
					wait();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new InterruptedIOException("Interrupted while waiting for the request body");
				}
			}
			if (this.closed) {
				throw new IOException("The request body stream is closed");
			}
			if (this.current != null) {
				return this.current;
			}
			if (this.failure != null) {
				throw new ReadFailure(this.failure);
			}
			return null;
		}

		@Override
		public synchronized int available() {
			return (this.current != null) ? this.current.readableBytes() : 0;
		}

		@Override
		public void close() {
			Subscription cancelled;
			synchronized (this) {
				if (this.closed) {
					return;
				}
				this.closed = true;
				if (this.current != null) {
					this.current.release();
					this.current = null;
				}
				cancelled = this.ended ? null : this.subscription;
				notifyAll();
			}
			if (cancelled != null) {
				cancelled.cancel();
			}
		}

	}

}
