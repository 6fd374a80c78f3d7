package dev.fastro.perf.harness;

/**
 * How the measurements were made, as the report states it.
 *
 * @param quick whether this was the quick smoke-test mode, whose numbers are not results
 * @param rounds rounds of the five scenarios
 * @param scalingRounds rounds of each scaling experiment
 * @param seconds length of each measured run
 * @param warmupSeconds length of the warm-up of each server
 * @param connections wrk's connections, except in the connections experiment
 * @param pipeline requests per write in the scenarios: 1, or
 * {@link WrkScript#PIPELINE_DEPTH} with {@code --pipelined}
 * @param sideBySide whether the servers of a case were measured at once in each round
 * ({@code --side-by-side})
 * @param freshJvms whether every round measured servers started anew for it
 * ({@code --fresh-jvms})
 */
public record RunSettings(boolean quick, int rounds, int scalingRounds, int seconds, int warmupSeconds, int connections,
		int pipeline, boolean sideBySide, boolean freshJvms) {

	/**
	 * Whether the scenarios were measured pipelined.
	 * @return {@code true} with {@code --pipelined}
	 */
	public boolean pipelined() {
		return this.pipeline > 1;
	}
}
