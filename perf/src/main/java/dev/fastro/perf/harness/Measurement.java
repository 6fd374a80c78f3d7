package dev.fastro.perf.harness;

/**
 * One measured wrk run: a row of the raw CSV.
 *
 * @param experiment the experiment
 * @param caseLabel the scenario or the value of the varied quantity, such as {@code Root}
 * or {@code 1,000}
 * @param server the server
 * @param round the round, from 1
 * @param connections wrk's connections
 * @param pipeline requests per write on each connection, 1 when not pipelined
 * @param seconds wrk's duration
 * @param result what wrk measured
 * @param cpu the CPU time the server's JVM used during the run
 * @param footprint the start-up time and resident memory of the server's JVM
 * @param protocol how the load reached the server
 * @param bodyBytes the body of one answer to the request, as it travels (compressed when
 * it is), measured once before the rounds; -1 when unknown
 * @param loadCoreBusy the share of the time the load generator's core was busy during the
 * run, from 0 to 1 (near 1, the generator was the limit); NaN when unknown
 */
public record Measurement(Experiment experiment, String caseLabel, ServerKind server, int round, int connections,
		int pipeline, int seconds, WrkResult result, CpuTime cpu, Footprint footprint, Protocol protocol,
		long bodyBytes, double loadCoreBusy) {

	/**
	 * A run over cleartext HTTP/1.1 whose server's footprint, answer size and load
	 * generator's core are unknown.
	 * @param experiment the experiment
	 * @param caseLabel the scenario or the value of the varied quantity
	 * @param server the server
	 * @param round the round, from 1
	 * @param connections wrk's connections
	 * @param pipeline requests per write on each connection
	 * @param seconds wrk's duration
	 * @param result what wrk measured
	 * @param cpu the CPU time the server's JVM used during the run
	 */
	public Measurement(Experiment experiment, String caseLabel, ServerKind server, int round, int connections,
			int pipeline, int seconds, WrkResult result, CpuTime cpu) {
		this(experiment, caseLabel, server, round, connections, pipeline, seconds, result, cpu, Footprint.UNKNOWN,
				Protocol.H1, -1, Double.NaN);
	}

	/**
	 * The server's CPU time per request wrk completed during the run.
	 * @return microseconds per request, NaN when unknown
	 */
	public double cpuMicrosPerRequest() {
		return this.cpu.microsPerRequest(this.result.requests());
	}
}
