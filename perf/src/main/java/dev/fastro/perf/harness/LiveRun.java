package dev.fastro.perf.harness;

/**
 * One measured run of a live experiment on one server.
 *
 * <p>
 * For the WebSocket echo and the server-sent events, {@code received} counts the echoed
 * messages or the events delivered during the measured window of {@code seconds}, and
 * {@code cpu} is the server's CPU time over the same window. For the idle connections,
 * the memory fields hold the server's heap after a full collection and its resident
 * memory, before the connections were opened and once they all were; {@code received}
 * counts the connections held then.
 *
 * @param experiment the experiment
 * @param caseLabel the case, such as {@code 64 B} or {@code 5,000}
 * @param server the server
 * @param round the round, from 1
 * @param connections the connections opened
 * @param seconds the measured window, 0 for the idle connections
 * @param received what the client received in the window, or the connections held
 * @param cpu the server's CPU time in the window
 * @param loadCoreBusy how busy the client's core was in the window, NaN if unknown
 * @param heapBeforeKilobytes the heap in use after a full collection before the
 * connections opened, in KiB; -1 if not measured
 * @param heapAfterKilobytes the same with the connections open
 * @param rssBeforeKilobytes the resident memory before the connections opened, in KiB; -1
 * if not measured
 * @param rssAfterKilobytes the same with the connections open
 * @param problem what went wrong, {@code null} for a valid run
 */
record LiveRun(Experiment experiment, String caseLabel, ServerKind server, int round, int connections, int seconds,
		long received, CpuTime cpu, double loadCoreBusy, long heapBeforeKilobytes, long heapAfterKilobytes,
		long rssBeforeKilobytes, long rssAfterKilobytes, String problem) {

	/**
	 * A run of the WebSocket echo or the server-sent events.
	 */
	static LiveRun load(Experiment experiment, String caseLabel, ServerKind server, int round, int connections,
			int seconds, long received, CpuTime cpu, double loadCoreBusy, String problem) {
		return new LiveRun(experiment, caseLabel, server, round, connections, seconds, received, cpu, loadCoreBusy, -1,
				-1, -1, -1, problem);
	}

	/**
	 * Whether the run counts: every connection opened, none failed.
	 * @return {@code true} without a problem
	 */
	boolean valid() {
		return this.problem == null;
	}

	/**
	 * Messages or events received per second of the window.
	 * @return the rate, NaN for an idle run
	 */
	double perSecond() {
		return (this.seconds > 0) ? (double) this.received / this.seconds : Double.NaN;
	}

	/**
	 * The server's CPU time per message or event received.
	 * @return microseconds, NaN when unknown
	 */
	double cpuMicrosPerItem() {
		return this.cpu.microsPerRequest(this.received);
	}

	/**
	 * The heap each connection held: the growth of the heap after a full collection,
	 * divided by the connections.
	 * @return bytes per connection, NaN if not measured
	 */
	double heapBytesPerConnection() {
		return perConnection(this.heapBeforeKilobytes, this.heapAfterKilobytes);
	}

	/**
	 * The resident memory each connection held.
	 * @return bytes per connection, NaN if not measured
	 */
	double rssBytesPerConnection() {
		return perConnection(this.rssBeforeKilobytes, this.rssAfterKilobytes);
	}

	private double perConnection(long before, long after) {
		return (before < 0 || after < 0 || this.connections == 0) ? Double.NaN
				: (after - before) * 1024.0 / this.connections;
	}

}
