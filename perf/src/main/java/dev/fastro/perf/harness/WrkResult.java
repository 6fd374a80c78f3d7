package dev.fastro.perf.harness;

/**
 * What one wrk run measured, as its Lua {@code done()} hook reports it. Times are in
 * microseconds, as wrk keeps them.
 *
 * @param requests completed requests
 * @param durationMicros how long the run lasted
 * @param latencyMeanMicros mean latency
 * @param latencyP95Micros 95th-percentile latency
 * @param connectErrors socket connect errors
 * @param readErrors socket read errors
 * @param writeErrors socket write errors
 * @param timeouts requests that timed out
 * @param non2xx answers with an error status (wrk counts status 400 and above)
 * @param bytes bytes the client read over the run: answers, headers and bodies (over
 * HTTP/2, frames)
 */
public record WrkResult(long requests, long durationMicros, double latencyMeanMicros, long latencyP95Micros,
		long connectErrors, long readErrors, long writeErrors, long timeouts, long non2xx, long bytes) {

	/**
	 * Requests per second over the run.
	 * @return the throughput
	 */
	public double throughput() {
		return (this.durationMicros > 0) ? this.requests * 1_000_000.0 / this.durationMicros : 0;
	}

	/**
	 * Bytes the client read per request completed.
	 * @return the bytes, NaN without requests
	 */
	public double bytesPerRequest() {
		return (this.requests > 0) ? (double) this.bytes / this.requests : Double.NaN;
	}

	/**
	 * All socket errors together.
	 * @return the count
	 */
	public long socketErrors() {
		return this.connectErrors + this.readErrors + this.writeErrors + this.timeouts;
	}

	/**
	 * Whether the run counts: a run with socket errors, error answers or no answers at
	 * all is invalid.
	 * @return {@code true} if valid
	 */
	public boolean valid() {
		return this.requests > 0 && socketErrors() == 0 && this.non2xx == 0;
	}

	/**
	 * Why the run is invalid, in words.
	 * @return the reason, or an empty string for a valid run
	 */
	public String problem() {
		if (this.requests == 0) {
			return "no requests completed";
		}
		StringBuilder problem = new StringBuilder();
		if (socketErrors() > 0) {
			problem.append(socketErrors())
				.append(" socket errors (connect ")
				.append(this.connectErrors)
				.append(", read ")
				.append(this.readErrors)
				.append(", write ")
				.append(this.writeErrors)
				.append(", timeout ")
				.append(this.timeouts)
				.append(')');
		}
		if (this.non2xx > 0) {
			problem.append((problem.length() > 0) ? ", " : "").append(this.non2xx).append(" non-2xx answers");
		}
		return problem.toString();
	}
}
