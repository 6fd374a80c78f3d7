package dev.fastro.perf.harness;

/**
 * One measured run of the overload experiment on one server: what became of the requests
 * of its window.
 *
 * @param server the server
 * @param round the round, from 1
 * @param capacity the server's capacity, accepted answers per second
 * @param offered the rate the window's requests were due at, per second
 * @param seconds the window
 * @param result what became of the window's requests
 * @param cpu the server's CPU time from the lead-in's start to the run's end
 * @param clientCoreBusy how busy the client's core was over the same time
 * @param problem what went wrong, {@code null} for a valid run
 */
record OverloadRun(ServerKind server, int round, double capacity, double offered, int seconds,
		OverloadTally.Result result, CpuTime cpu, double clientCoreBusy, String problem) {

	/**
	 * Whether the run counts: the server lived through it. Errors, timeouts and
	 * {@code 503}s are results here, not faults.
	 * @return {@code true} without a problem
	 */
	boolean valid() {
		return this.problem == null;
	}

	/**
	 * The answers, whatever their status, that came during the window, per second.
	 * @return the rate
	 */
	double answeredPerSecond() {
		return (double) this.result.answeredInWindow() / this.seconds;
	}

	/**
	 * The answers accepted and served that came during the window, per second: the
	 * goodput.
	 * @return the rate
	 */
	double acceptedPerSecond() {
		return (double) this.result.okInWindow() / this.seconds;
	}

	/**
	 * A count's share of the window's requests.
	 * @param count some of the requests
	 * @return the share in percent, NaN with no requests
	 */
	double share(long count) {
		long requests = this.result.requests();
		return (requests == 0) ? Double.NaN : 100.0 * count / requests;
	}

}
