package dev.fastro.http.internal;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A limit on the requests in flight, for load shedding: a request takes a place once it
 * is routed and gives it back once its answer has ended, however it ended; a request that
 * finds no place is answered {@code 503} without starting its handler.
 */
public abstract class InFlightLimit {

	/** The most requests in flight. */
	private final int max;

	InFlightLimit(int max) {
		if (max < 1) {
			throw new IllegalArgumentException("A limit on the requests in flight must be at least 1, not " + max);
		}
		this.max = max;
	}

	/**
	 * A limit of {@code max} requests in flight at once.
	 * @param max the most requests in flight, at least 1
	 * @return the limit
	 */
	public static InFlightLimit fixed(int max) {
		return new Fixed(max);
	}

	/**
	 * A limit that follows the latency of the answers, between a floor and {@code max}
	 * requests in flight; see {@link AdaptiveInFlightLimit}. Needs Netflix's
	 * {@code concurrency-limits-core} on the class path.
	 * @param max the most requests in flight, at least 1
	 * @return the limit
	 */
	public static InFlightLimit adaptive(int max) {
		return new AdaptiveInFlightLimit(max);
	}

	/** The most requests in flight. */
	final int max() {
		return this.max;
	}

	/**
	 * Takes a place.
	 * @return the place, to give back once, or {@code null} when the limit is reached
	 */
	abstract Permit tryEnter();

	/** The requests in flight now. */
	public abstract int inFlight();

	/** The limit now: {@link #max()}, or less for an adaptive limit. */
	public abstract int limit();

	/**
	 * The limit as a refusal names it, such as {@code limit of 100 requests in flight}.
	 */
	@Override
	public abstract String toString();

	/** A place taken under a limit, given back once. */
	interface Permit {

		/**
		 * Gives the place back.
		 * @param answered whether the answer was written, or began to be, rather than cut
		 * short (the client went away, the connection failed)
		 */
		void leave(boolean answered);

	}

	/**
	 * A fixed limit: a counter that never goes past {@code max}. It is its own permit, so
	 * that taking a place allocates nothing.
	 */
	private static final class Fixed extends InFlightLimit implements Permit {

		private final AtomicInteger inFlight = new AtomicInteger();

		Fixed(int max) {
			super(max);
		}

		@Override
		Permit tryEnter() {
			int current;
			do {
				current = this.inFlight.get();
				if (current >= max()) {
					return null;
				}
			}
			while (!this.inFlight.compareAndSet(current, current + 1));
			return this;
		}

		@Override
		public void leave(boolean answered) {
			this.inFlight.decrementAndGet();
		}

		@Override
		public int inFlight() {
			return this.inFlight.get();
		}

		@Override
		public int limit() {
			return max();
		}

		@Override
		public String toString() {
			return "limit of " + max() + ((max() != 1) ? " requests" : " request") + " in flight";
		}

	}

}
