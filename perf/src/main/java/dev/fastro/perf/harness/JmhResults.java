package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The router micro-benchmarks' results, read from the JSON file JMH writes with
 * {@code -rf json}.
 *
 * @param rows one row per router and request
 */
public record JmhResults(List<Row> rows) {

	/** The file name the harness has JMH write into the output directory. */
	public static final String FILE_NAME = "jmh-results.json";

	/**
	 * One benchmark.
	 *
	 * @param router the router's parameter value
	 * @param request the request's parameter value
	 * @param nsPerOp average time per lookup
	 * @param nsError the 99.9% confidence half-width JMH reports
	 * @param bytesPerOp bytes allocated per lookup ({@code -prof gc}); NaN without the
	 * profiler
	 */
	public record Row(String router, String request, double nsPerOp, double nsError, double bytesPerOp) {
	}

	/**
	 * Reads JMH's JSON output.
	 * @param file the file
	 * @return the results
	 * @throws IOException if the file cannot be read
	 */
	public static JmhResults read(Path file) throws IOException {
		JsonNode root = JsonMapper.builder().build().readTree(Files.readString(file));
		List<Row> rows = new ArrayList<>();
		for (JsonNode benchmark : root) {
			JsonNode params = benchmark.path("params");
			JsonNode primary = benchmark.path("primaryMetric");
			rows.add(new Row(params.path("router").asString(), params.path("request").asString(),
					number(primary.path("score")), number(primary.path("scoreError")),
					allocation(benchmark.path("secondaryMetrics"))));
		}
		return new JmhResults(List.copyOf(rows));
	}

	/** JMH writes "NaN" as a string, for example the error of a single iteration. */
	private static double number(JsonNode node) {
		return node.isNumber() ? node.asDouble() : Double.NaN;
	}

	/**
	 * JMH 1.37 names the metric "gc.alloc.rate.norm"; older versions prefix it with a
	 * middle dot.
	 */
	private static double allocation(JsonNode secondary) {
		for (Map.Entry<String, JsonNode> metric : secondary.properties()) {
			if (metric.getKey().endsWith("gc.alloc.rate.norm")) {
				return number(metric.getValue().path("score"));
			}
		}
		return Double.NaN;
	}
}
