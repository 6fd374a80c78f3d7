package dev.fastro.perf.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One cell of the report: a server's runs of one case, reduced to medians over the valid
 * rounds and its ratio to the native server.
 *
 * @param experiment the experiment
 * @param caseLabel the scenario or value
 * @param server the server
 * @param rounds how many rounds were run
 * @param validRounds how many of them were valid
 * @param throughput median requests per second over the valid rounds
 * @param latencyMeanMicros median of the rounds' mean latency
 * @param latencyP95Micros median of the rounds' 95th percentile
 * @param ratio the per-round ratio of throughput to the native server's, or {@code null}
 * without one
 * @param cpuMicrosPerRequest median of the rounds' server CPU time per request, NaN when
 * unknown
 * @param cpuRatio the per-round ratio of CPU time per request to the native server's
 * (lower is better), or {@code null} without one
 * @param problems why rounds were invalid
 * @param protocol how the load reached the server
 * @param loadCoreBusy median of the valid rounds' share of the time the load generator's
 * core was busy, NaN when unknown
 */
public record Summary(Experiment experiment, String caseLabel, ServerKind server, int rounds, int validRounds,
		double throughput, double latencyMeanMicros, double latencyP95Micros, Stats.Ratio ratio,
		double cpuMicrosPerRequest, Stats.Ratio cpuRatio, List<String> problems, Protocol protocol,
		double loadCoreBusy) {

	/**
	 * The servers that are the 100% line, in the order they are looked for: nginx only in
	 * the static-files experiment, where neither native server runs.
	 */
	static final List<ServerKind> REFERENCES = List.of(ServerKind.NATIVE, ServerKind.NATIVE_ROUTED, ServerKind.NGINX);

	/**
	 * Reduces the runs of one experiment, keeping the order in which cases and servers
	 * were first run. The same case over another protocol is another case.
	 * @param runs the runs
	 * @param experiment the experiment to reduce
	 * @return one summary per case, protocol and server
	 */
	public static List<Summary> of(List<Measurement> runs, Experiment experiment) {
		Map<CaseKey, Map<ServerKind, List<Measurement>>> byCase = new LinkedHashMap<>();
		for (Measurement run : runs) {
			if (run.experiment() == experiment) {
				byCase.computeIfAbsent(new CaseKey(run.caseLabel(), run.protocol()), key -> new LinkedHashMap<>())
					.computeIfAbsent(run.server(), server -> new ArrayList<>())
					.add(run);
			}
		}
		List<Summary> summaries = new ArrayList<>();
		byCase.forEach((key, byServer) -> {
			List<Measurement> reference = REFERENCES.stream()
				.filter(byServer::containsKey)
				.map(byServer::get)
				.findFirst()
				.orElse(null);
			byServer.forEach((server, serverRuns) -> summaries
				.add(summarize(experiment, key.label(), key.protocol(), server, serverRuns, reference)));
		});
		return summaries;
	}

	private static Summary summarize(Experiment experiment, String caseLabel, Protocol protocol, ServerKind server,
			List<Measurement> runs, List<Measurement> reference) {
		List<Double> throughput = new ArrayList<>();
		List<Double> mean = new ArrayList<>();
		List<Double> p95 = new ArrayList<>();
		List<Double> cpu = new ArrayList<>();
		List<Double> loadCore = new ArrayList<>();
		Set<String> problems = new LinkedHashSet<>();
		for (Measurement run : runs) {
			WrkResult result = run.result();
			if (result.valid()) {
				throughput.add(result.throughput());
				mean.add(result.latencyMeanMicros());
				p95.add((double) result.latencyP95Micros());
				if (!Double.isNaN(run.cpuMicrosPerRequest())) {
					cpu.add(run.cpuMicrosPerRequest());
				}
				if (!Double.isNaN(run.loadCoreBusy())) {
					loadCore.add(run.loadCoreBusy());
				}
			}
			else {
				problems.add("round " + run.round() + ": " + result.problem());
			}
		}
		boolean any = !throughput.isEmpty();
		Stats.Ratio ratio = (reference != null) ? Stats.ratio(runs, reference) : null;
		Stats.Ratio cpuRatio = (reference != null) ? Stats.cpuRatio(runs, reference) : null;
		return new Summary(experiment, caseLabel, server, runs.size(), throughput.size(),
				any ? Stats.median(throughput) : Double.NaN, any ? Stats.median(mean) : Double.NaN,
				any ? Stats.median(p95) : Double.NaN, ratio, cpu.isEmpty() ? Double.NaN : Stats.median(cpu), cpuRatio,
				List.copyOf(problems), protocol, loadCore.isEmpty() ? Double.NaN : Stats.median(loadCore));
	}

	/**
	 * Whether at least one round was valid, so the medians mean something.
	 * @return {@code true} if measured
	 */
	public boolean measured() {
		return this.validRounds > 0;
	}

	/** A case as the runs name it: its label and the protocol it was measured over. */
	private record CaseKey(String label, Protocol protocol) {
	}

}
