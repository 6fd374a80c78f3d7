package dev.fastro.perf.harness;

import java.util.Arrays;

/**
 * What became of a run's requests, kept by {@link OpenLoopClient} on its event loop: how
 * many ended each way, and every latency, from the time a request was due, of the
 * accepted ones and of all.
 */
final class OverloadTally {

	/** How a request ended. */
	enum Outcome {

		/** A {@code 2xx} with the expected body: accepted and served. */
		OK,

		/** A {@code 503}: shed. */
		SHED,

		/** Any other status, or a {@code 2xx} with another body. */
		OTHER,

		/** The connection failed or closed before the answer. */
		ERROR,

		/** No answer within the client's timeout. */
		TIMEOUT

	}

	private final long[] counts = new long[Outcome.values().length];

	private final Latencies accepted = new Latencies();

	private final Latencies all = new Latencies();

	private long answeredInWindow;

	private long okInWindow;

	private int peakConnections;

	private String firstError;

	/**
	 * Records one request.
	 * @param outcome how it ended
	 * @param latencyNanos from when it was due to its end; a timed-out request's is the
	 * timeout
	 */
	void record(Outcome outcome, long latencyNanos) {
		this.counts[outcome.ordinal()]++;
		this.all.add(latencyNanos);
		if (outcome == Outcome.OK) {
			this.accepted.add(latencyNanos);
		}
	}

	/**
	 * Counts an answer that came during the window, whichever request it answered,
	 * lead-in included: what the server answered while overloaded.
	 * @param ok whether it was accepted and served
	 */
	void answeredInWindow(boolean ok) {
		this.answeredInWindow++;
		if (ok) {
			this.okInWindow++;
		}
	}

	/**
	 * Notes how many connections are open, keeping the most.
	 * @param open the connections open or opening now
	 */
	void connections(int open) {
		this.peakConnections = Math.max(this.peakConnections, open);
	}

	/**
	 * Notes what failed a connection, keeping the first.
	 * @param error what failed
	 */
	void error(String error) {
		if (this.firstError == null) {
			this.firstError = error;
		}
	}

	/**
	 * The figures so far.
	 * @return the result
	 */
	Result result() {
		return new Result(this.counts[Outcome.OK.ordinal()], this.counts[Outcome.SHED.ordinal()],
				this.counts[Outcome.OTHER.ordinal()], this.counts[Outcome.ERROR.ordinal()],
				this.counts[Outcome.TIMEOUT.ordinal()], this.accepted.percentiles(), this.all.percentiles(),
				this.answeredInWindow, this.okInWindow, this.peakConnections, this.firstError);
	}

	/**
	 * The figures of a run.
	 *
	 * @param ok accepted and served ({@code 2xx} with the expected body)
	 * @param shed answered {@code 503}
	 * @param other answered otherwise
	 * @param errors whose connection failed or closed before the answer
	 * @param timeouts not answered in time
	 * @param accepted the latencies of {@code ok}
	 * @param all the latencies of every request, a timed-out one's being the timeout
	 * @param answeredInWindow the answers that came during the window, whatever request
	 * they answered
	 * @param okInWindow those of them accepted and served
	 * @param peakConnections the most connections open at once
	 * @param firstError what failed the first connection that failed, {@code null} when
	 * none did
	 */
	record Result(long ok, long shed, long other, long errors, long timeouts, Percentiles accepted, Percentiles all,
			long answeredInWindow, long okInWindow, int peakConnections, String firstError) {

		/**
		 * Every request recorded.
		 * @return the sum of the outcomes
		 */
		long requests() {
			return this.ok + this.shed + this.other + this.errors + this.timeouts;
		}

	}

	/**
	 * Latency percentiles in nanoseconds, by the nearest-rank method ({@code p} of
	 * {@code n} sorted values is the {@code ceil(p * n)}-th); all -1 with no values.
	 *
	 * @param p50 the median
	 * @param p99 the 99th percentile
	 * @param p999 the 99.9th percentile
	 * @param max the largest
	 */
	record Percentiles(long p50, long p99, long p999, long max) {

		static final Percentiles NONE = new Percentiles(-1, -1, -1, -1);

	}

	/** A growing array of latencies. */
	private static final class Latencies {

		private long[] values = new long[1024];

		private int size;

		void add(long value) {
			if (this.size == this.values.length) {
				this.values = Arrays.copyOf(this.values, this.size * 2);
			}
			this.values[this.size++] = value;
		}

		Percentiles percentiles() {
			if (this.size == 0) {
				return Percentiles.NONE;
			}
			long[] sorted = Arrays.copyOf(this.values, this.size);
			Arrays.sort(sorted);
			return new Percentiles(rank(sorted, 0.5), rank(sorted, 0.99), rank(sorted, 0.999),
					sorted[sorted.length - 1]);
		}

		private static long rank(long[] sorted, double p) {
			int rank = (int) Math.ceil(p * sorted.length);
			return sorted[Math.max(rank, 1) - 1];
		}

	}

}
