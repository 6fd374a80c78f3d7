package dev.fastro.perf.harness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * The arithmetic of the report: medians over rounds, and ratios to the native server
 * computed per round (the machine's speed drifts, so only runs made close together are
 * compared).
 */
public final class Stats {

	private Stats() {
	}

	/**
	 * The median: the middle value, or the mean of the two middle values of an even
	 * count.
	 * @param values the values
	 * @return the median
	 * @throws IllegalArgumentException if there are no values
	 */
	public static double median(List<Double> values) {
		if (values.isEmpty()) {
			throw new IllegalArgumentException("the median of nothing");
		}
		List<Double> sorted = new ArrayList<>(values);
		Collections.sort(sorted);
		int middle = sorted.size() / 2;
		return (sorted.size() % 2 == 1) ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
	}

	/**
	 * The ratio of a server's throughput to the reference's, round by round: only rounds
	 * in which both runs are valid count.
	 * @param server the server's runs of one case
	 * @param reference the reference's runs of the same case
	 * @return the median, minimum and maximum of the per-round ratios, or {@code null}
	 * when no round has two valid runs
	 */
	public static Ratio ratio(List<Measurement> server, List<Measurement> reference) {
		return ratio(server, reference, run -> run.result().throughput());
	}

	/**
	 * The ratio of a server's CPU time per request to the reference's, round by round:
	 * only rounds in which both runs are valid and their CPU time is known count. Lower
	 * is better.
	 * @param server the server's runs of one case
	 * @param reference the reference's runs of the same case
	 * @return the median, minimum and maximum of the per-round ratios, or {@code null}
	 * when no round has two such runs
	 */
	public static Ratio cpuRatio(List<Measurement> server, List<Measurement> reference) {
		return ratio(server, reference, Measurement::cpuMicrosPerRequest);
	}

	/**
	 * The ratio of a figure of a server's runs to the reference's, round by round, over
	 * the rounds in which both runs are valid and the figure is a positive number for the
	 * reference and a number for the server.
	 */
	private static Ratio ratio(List<Measurement> server, List<Measurement> reference,
			ToDoubleFunction<Measurement> figure) {
		Map<Integer, Double> referenceByRound = new TreeMap<>();
		for (Measurement run : reference) {
			double value = figure.applyAsDouble(run);
			if (run.result().valid() && value > 0) {
				referenceByRound.put(run.round(), value);
			}
		}
		List<Double> ratios = new ArrayList<>();
		for (Measurement run : server) {
			Double base = referenceByRound.get(run.round());
			double value = figure.applyAsDouble(run);
			if (run.result().valid() && base != null && !Double.isNaN(value)) {
				ratios.add(value / base);
			}
		}
		if (ratios.isEmpty()) {
			return null;
		}
		return new Ratio(median(ratios), Collections.min(ratios), Collections.max(ratios), ratios.size());
	}

	/**
	 * A ratio to the reference, over rounds.
	 *
	 * @param median the median of the per-round ratios
	 * @param min the smallest per-round ratio
	 * @param max the largest per-round ratio
	 * @param rounds how many rounds it was computed from
	 */
	public record Ratio(double median, double min, double max, int rounds) {
	}

}
