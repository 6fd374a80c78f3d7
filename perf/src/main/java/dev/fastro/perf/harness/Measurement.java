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
 * @param seconds wrk's duration
 * @param result what wrk measured
 */
public record Measurement(Experiment experiment, String caseLabel, ServerKind server, int round, int connections,
		int seconds, WrkResult result) {
}
