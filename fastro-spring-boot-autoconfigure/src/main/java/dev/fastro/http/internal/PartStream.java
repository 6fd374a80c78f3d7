package dev.fastro.http.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.http.Upload;
import io.netty.buffer.ByteBuf;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;
import reactor.core.scheduler.Scheduler;

/**
 * The parts of a {@code multipart/form-data} body as they arrive: reads its
 * {@link BodyStream} into a {@link MultipartDecoder}, and hands each part on once it is
 * complete. It asks for more chunks only while its subscriber has asked for more parts
 * than it was given, so a slow subscriber slows the upload, and at most
 * {@value #PREFETCH} chunks are in flight.
 * <p>
 * A body that may hold a part larger than the in-memory threshold is decoded on a worker
 * of the blocking scheduler, since the decoder writes such parts to disk; a body declared
 * smaller is decoded where its chunks arrive. The parts stay valid until
 * {@link #destroy()}, when the exchange ends, which deletes the files left.
 */
final class PartStream extends Flux<Upload> implements CoreSubscriber<ByteBuf>, Subscription {

	/**
	 * The chunks asked for ahead, refilled at half: a round trip to the connection per
	 * chunk would leave the decoder waiting more than decoding.
	 */
	static final int PREFETCH = 8;

	private final BodyStream body;

	private final MultipartDecoder decoder;

	/** Where chunks are decoded, one at a time and in order; {@code null} for inline. */
	private final Scheduler.Worker worker;

	/** Guarded by {@code this}, as are the fields up to {@link #destroyed}. */
	private final ArrayDeque<Upload> ready = new ArrayDeque<>(4);

	private Subscription upstream;

	private CoreSubscriber<? super Upload> actual;

	private long requested;

	/** The chunks asked for and not yet received. */
	private int outstanding;

	/** The chunks received and not yet decoded, owned here. */
	private final ArrayDeque<ByteBuf> pending = new ArrayDeque<>(PREFETCH);

	/** Whether a decoding task is scheduled and has not started. */
	private boolean scheduled;

	/** Whether the body has ended, for the decoder to be told. */
	private boolean bodyEnded;

	/** Whether the decoder has finished, or failed with {@link #error}. */
	private boolean done;

	private Throwable error;

	private boolean cancelled;

	private boolean terminated;

	private boolean destroyed;

	private final AtomicInteger wip = new AtomicInteger();

	/**
	 * @param body the body to decode
	 * @param decoder the decoder of its parts
	 * @param offload where to decode, or {@code null} to decode where chunks arrive
	 */
	PartStream(BodyStream body, MultipartDecoder decoder, Scheduler offload) {
		this.body = body;
		this.decoder = decoder;
		this.worker = (offload != null) ? offload.createWorker() : null;
	}

	// ---- the subscriber's side

	@Override
	public void subscribe(CoreSubscriber<? super Upload> subscriber) {
		synchronized (this) {
			if (this.actual != null || this.destroyed) {
				Operators.error(subscriber, new IllegalStateException(
						"The parts of the request body are read once: they have been read, or the exchange has ended"));
				return;
			}
			this.actual = subscriber;
		}
		subscriber.onSubscribe(this);
		this.body.subscribe(this);
	}

	@Override
	public void request(long n) {
		if (Operators.validate(n)) {
			synchronized (this) {
				this.requested = Operators.addCap(this.requested, n);
			}
			drain();
		}
	}

	@Override
	public void cancel() {
		Subscription subscription;
		synchronized (this) {
			this.cancelled = true;
			subscription = this.upstream;
		}
		if (subscription != null) {
			subscription.cancel();
		}
	}

	/**
	 * The exchange has ended: deletes the temporary files of the parts, and decodes no
	 * more. The decoder is destroyed after the chunks being decoded, on the worker that
	 * decodes them.
	 */
	void destroy() {
		synchronized (this) {
			if (this.destroyed) {
				return;
			}
			this.destroyed = true;
			releasePending();
		}
		if (this.worker == null) {
			this.decoder.destroy();
			return;
		}
		try {
			this.worker.schedule(() -> {
				this.decoder.destroy();
				this.worker.dispose();
			});
		}
		catch (RejectedExecutionException ex) {
			this.decoder.destroy();
		}
	}

	// ---- the body's side

	@Override
	public void onSubscribe(Subscription subscription) {
		synchronized (this) {
			this.upstream = subscription;
		}
		drain();
	}

	@Override
	public void onNext(ByteBuf chunk) {
		synchronized (this) {
			if (this.destroyed || this.done) {
				return;
			}
			this.outstanding--;
			// Lent for this call only: kept until decoded.
			this.pending.add(chunk.retain());
		}
		decodeLater();
	}

	@Override
	public void onError(Throwable failure) {
		synchronized (this) {
			if (!this.done) {
				this.done = true;
				this.error = failure;
			}
		}
		drain();
	}

	@Override
	public void onComplete() {
		synchronized (this) {
			this.bodyEnded = true;
		}
		decodeLater();
	}

	private void decodeLater() {
		if (this.worker == null) {
			decode();
			return;
		}
		synchronized (this) {
			if (this.scheduled) {
				return;
			}
			this.scheduled = true;
		}
		try {
			this.worker.schedule(this::decode);
		}
		catch (RejectedExecutionException ex) {
			// Disposed: the exchange has ended, or the server is stopping.
			synchronized (this) {
				releasePending();
				if (!this.done) {
					this.done = true;
					this.error = ex;
				}
			}
			drain();
		}
	}

	/**
	 * Decodes the chunks received, then the end of the body once it has come, without
	 * holding up the connection's thread, which only hands chunks over.
	 */
	private void decode() {
		List<ByteBuf> chunks;
		boolean ended;
		synchronized (this) {
			this.scheduled = false;
			if (this.destroyed || this.done) {
				releasePending();
				return;
			}
			chunks = new ArrayList<>(this.pending);
			this.pending.clear();
			ended = this.bodyEnded;
		}
		List<Upload> parts = new ArrayList<>();
		RuntimeException failure = null;
		for (ByteBuf chunk : chunks) {
			try {
				if (failure == null) {
					parts.addAll(this.decoder.offer(chunk));
				}
			}
			catch (RuntimeException ex) {
				failure = ex;
			}
			finally {
				chunk.release();
			}
		}
		if (ended && failure == null) {
			try {
				parts.addAll(this.decoder.finish());
			}
			catch (RuntimeException ex) {
				failure = ex;
			}
		}
		Subscription failed = null;
		synchronized (this) {
			this.ready.addAll(parts);
			if (failure != null && !this.done) {
				this.done = true;
				this.error = failure;
				// The rest of the body is not decoded: let the connection drain it.
				failed = this.upstream;
			}
			else if (ended) {
				this.done = true;
			}
		}
		if (failed != null) {
			failed.cancel();
		}
		drain();
	}

	private void releasePending() {
		for (ByteBuf chunk = this.pending.poll(); chunk != null; chunk = this.pending.poll()) {
			chunk.release();
		}
	}

	/**
	 * Hands ready parts to the subscriber while it asks for them, one thread at a time,
	 * asks for more chunks when none is ready, and ends with the decoder.
	 */
	private void drain() {
		if (this.wip.getAndIncrement() != 0) {
			return;
		}
		int missed = 1;
		do {
			for (;;) {
				CoreSubscriber<? super Upload> subscriber;
				Upload next = null;
				Throwable failure = null;
				boolean end = false;
				Subscription ask = null;
				int chunks = 0;
				synchronized (this) {
					subscriber = this.actual;
					if (subscriber == null || this.cancelled || this.terminated) {
						break;
					}
					if (this.error != null) {
						failure = this.error;
						this.terminated = true;
					}
					else if (!this.ready.isEmpty() && this.requested > 0) {
						next = this.ready.poll();
						if (this.requested != Long.MAX_VALUE) {
							this.requested--;
						}
					}
					else if (this.ready.isEmpty() && this.done) {
						end = true;
						this.terminated = true;
					}
					else if (this.ready.isEmpty() && this.requested > 0 && this.outstanding <= PREFETCH / 2
							&& !this.bodyEnded && this.upstream != null) {
						chunks = PREFETCH - this.outstanding;
						this.outstanding = PREFETCH;
						ask = this.upstream;
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
				else if (next != null) {
					subscriber.onNext(next);
				}
				else {
					ask.request(chunks);
				}
			}
			missed = this.wip.addAndGet(-missed);
		}
		while (missed != 0);
	}

}
