package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.fastro.perf.Workload;

/**
 * Writes the overload experiment's report, {@code BENCHMARK.md} in the output directory
 * ({@value #DIRECTORY} in the perf directory by default), and its raw data,
 * {@code overload-results.csv}: each server's capacity, what became of the requests at
 * twice it and their latencies (medians of the rounds), every run, and what went wrong.
 *
 * <p>
 * The prose is in {@code overload-report.md} beside this class, a
 * {@link MarkdownTemplate}.
 */
final class OverloadReport {

	/**
	 * The experiment's default output directory in the perf directory, so that its report
	 * never replaces the scenarios'.
	 */
	static final String DIRECTORY = "overload";

	/** The report's file name. */
	static final String REPORT = "BENCHMARK.md";

	/** The CSV's file name. */
	static final String CSV = "overload-results.csv";

	private static final String CSV_HEADER = "server,server_label,round,capacity_per_s,offered_per_s,seconds,requests,"
			+ "ok,shed,other,errors,timeouts,answered_per_s,ok_p50_us,ok_p99_us,ok_p999_us,ok_max_us,all_p50_us,"
			+ "all_p99_us,all_p999_us,all_max_us,peak_connections,server_cpu_ticks,clk_tck,client_core_busy,valid,problem";

	/** The report's prose. */
	static final MarkdownTemplate TEXT = MarkdownTemplate.load(OverloadReport.class, "overload-report.md");

	private OverloadReport() {
	}

	/**
	 * Writes the report and the CSV.
	 * @param directory the run's output directory
	 * @param settings the run's settings
	 * @param environment where it ran
	 * @param bench the experiment's runs, capacities, skipped servers and problems
	 * @return the report file
	 * @throws IOException if a file cannot be written
	 */
	static Path write(Path directory, RunSettings settings, Environment environment, OverloadBench bench)
			throws IOException {
		Files.createDirectories(directory);
		Files.write(directory.resolve(CSV),
				Stream.concat(Stream.of(CSV_HEADER), bench.runs().stream().map(OverloadReport::row)).toList(),
				StandardCharsets.UTF_8);
		Path report = directory.resolve(REPORT);
		Files.writeString(report,
				markdown(settings, environment, bench.capacities(), bench.runs(), bench.skipped(), bench.problems()),
				StandardCharsets.UTF_8);
		return report;
	}

	static String markdown(RunSettings settings, Environment environment,
			Map<ServerKind, OverloadBench.Capacity> capacities, List<OverloadRun> runs, Map<ServerKind, String> skipped,
			List<String> problems) {
		return TEXT.fragment("report")
			.with("path", Workload.WORK_PATH)
			.with("workRounds", Workload.WORK_ROUNDS)
			.with("factor", number(OverloadBench.OVERLOAD_FACTOR))
			.with("preopened", OpenLoopClient.PREOPENED)
			.with("maxConnections", String.format(Locale.ROOT, "%,d", OpenLoopClient.MAX_CONNECTIONS))
			.with("timeout", OverloadBench.TIMEOUT.toSeconds() + " s")
			.with("answer", Workload.WORK_ANSWER)
			.with("warmupConnections", OverloadBench.WARMUP_CONNECTIONS)
			.with("warmup", settings.warmupSeconds())
			.with("step", OverloadBench.CAPACITY_STEP.toSeconds())
			.with("capacityConnections", OverloadBench.CAPACITY_CONNECTIONS)
			.with("rounds", settings.rounds())
			.with("leadIn", OverloadBench.LEAD_IN.toSeconds())
			.with("leadInShare", percent(OverloadBench.LEAD_IN_SHARE))
			.with("seconds", settings.seconds())
			.with("quietShare", percent(OverloadBench.QUIET_SHARE))
			.with("capacity", capacity(capacities, skipped))
			.with("overload", overload(capacities, runs, skipped))
			.with("latency", latencies(capacities, runs))
			.with("runs", runsTable(runs))
			.with("problems", problems(runs, problems))
			.with("environment", ReportWriter.environment(environment))
			.render() + "\n";
	}

	private static String capacity(Map<ServerKind, OverloadBench.Capacity> capacities,
			Map<ServerKind, String> skipped) {
		StringBuilder table = new StringBuilder("| Server | Capacity (2xx/s) | Closed loops |\n|---|---:|---|\n");
		for (Map.Entry<ServerKind, OverloadBench.Capacity> server : capacities.entrySet()) {
			String steps = server.getValue()
				.steps()
				.stream()
				.map(step -> String.format(Locale.ROOT, "%d: %,.0f (%s)", step.connections(), step.acceptedPerSecond(),
						latency(step.p50Nanos())))
				.collect(Collectors.joining(", "));
			table.append(String.format(Locale.ROOT, "| %s | %,.0f | %s |%n", server.getKey().label(),
					server.getValue().perSecond(), steps));
		}
		skipped.forEach((server, reason) -> table.append("| ")
			.append(server.label())
			.append(" | | ")
			.append(TEXT.fragment("awaits").with("reason", reason).render())
			.append(" |\n"));
		return TEXT.fragment("capacity").with("table", table.toString().strip()).render();
	}

	private static String overload(Map<ServerKind, OverloadBench.Capacity> capacities, List<OverloadRun> runs,
			Map<ServerKind, String> skipped) {
		StringBuilder table = new StringBuilder(
				"| Server | Offered (req/s) | Answered (req/s) | 2xx/s | 2xx | 503 | Other | Timed out | Connections "
						+ "| Valid rounds |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
		for (ServerKind server : capacities.keySet()) {
			List<OverloadRun> mine = of(runs, server);
			List<OverloadRun> valid = mine.stream().filter(OverloadRun::valid).toList();
			table.append("| ").append(server.label()).append(" | ");
			if (valid.isEmpty()) {
				table.append("failed | | | | | | | | 0 of ").append(mine.size()).append(" |\n");
				continue;
			}
			table.append(String.join(" | ", spread(valid, OverloadRun::offered, "%,.0f", ""),
					spread(valid, OverloadRun::answeredPerSecond, "%,.0f", ""),
					spread(valid, OverloadRun::acceptedPerSecond, "%,.0f", ""),
					spread(valid, run -> run.share(run.result().ok()), "%.1f", "%%"),
					spread(valid, run -> run.share(run.result().shed()), "%.1f", "%%"),
					spread(valid, run -> run.share(run.result().other() + run.result().errors()), "%.1f", "%%"),
					spread(valid, run -> run.share(run.result().timeouts()), "%.1f", "%%"),
					spread(valid, run -> run.result().peakConnections(), "%,.0f", ""),
					valid.size() + " of " + mine.size()))
				.append(" |\n");
		}
		skipped.forEach((server, reason) -> table.append("| ")
			.append(server.label())
			.append(" | ")
			.append(TEXT.fragment("awaits").with("reason", reason).render())
			.append(" | | | | | | | | |\n"));
		return TEXT.fragment("overload")
			.with("factor", number(OverloadBench.OVERLOAD_FACTOR))
			.with("timeout", OverloadBench.TIMEOUT.toSeconds() + " s")
			.with("table", table.toString().strip())
			.render();
	}

	private static String latencies(Map<ServerKind, OverloadBench.Capacity> capacities, List<OverloadRun> runs) {
		StringBuilder table = new StringBuilder(
				"| Server | Accepted p50 | Accepted p99 | Accepted p99.9 | All p50 | All p99 | All p99.9 |\n"
						+ "|---|---:|---:|---:|---:|---:|---:|\n");
		for (ServerKind server : capacities.keySet()) {
			List<OverloadRun> valid = of(runs, server).stream().filter(OverloadRun::valid).toList();
			if (valid.isEmpty()) {
				continue;
			}
			table.append("| ")
				.append(String.join(" | ", server.label(), latencySpread(valid, run -> run.result().accepted().p50()),
						latencySpread(valid, run -> run.result().accepted().p99()),
						latencySpread(valid, run -> run.result().accepted().p999()),
						latencySpread(valid, run -> run.result().all().p50()),
						latencySpread(valid, run -> run.result().all().p99()),
						latencySpread(valid, run -> run.result().all().p999())))
				.append(" |\n");
		}
		return TEXT.fragment("latency")
			.with("timeout", OverloadBench.TIMEOUT.toSeconds() + " s")
			.with("table", table.toString().strip())
			.render();
	}

	/** Every run, in the order they ran. */
	private static String runsTable(List<OverloadRun> runs) {
		StringBuilder table = new StringBuilder(
				"| Round | Server | Offered (req/s) | Requests | 2xx | 503 | Other | Errors | Timed out | Accepted p99 "
						+ "| All p99 | Connections | CPU (s) | Client busy | Result |\n"
						+ "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
		for (OverloadRun run : runs) {
			OverloadTally.Result result = run.result();
			table.append("| ")
				.append(String.join(" | ", Integer.toString(run.round()), run.server().label(),
						String.format(Locale.ROOT, "%,.0f", run.offered()), count(result.requests()),
						count(result.ok()), count(result.shed()), count(result.other()), count(result.errors()),
						count(result.timeouts()), latency(result.accepted().p99()), latency(result.all().p99()),
						count(result.peakConnections()),
						run.cpu().known() ? String.format(Locale.ROOT, "%.2f", run.cpu().micros() / 1e6) : "—",
						Double.isNaN(run.clientCoreBusy()) ? "—"
								: String.format(Locale.ROOT, "%.0f%%", run.clientCoreBusy() * 100),
						run.valid() ? "ok" : "**invalid**: " + run.problem().replace("|", "\\|").replace("\n", " ")))
				.append(" |\n");
		}
		return table.toString().strip();
	}

	private static String problems(List<OverloadRun> runs, List<String> problems) {
		long invalid = runs.stream().filter(run -> !run.valid()).count();
		if (problems.isEmpty() && invalid == 0) {
			return TEXT.render("problems.none");
		}
		List<String> items = new ArrayList<>();
		if (invalid > 0) {
			items.add("- " + invalid + " run(s) invalid; see the table above.");
		}
		problems.forEach(problem -> items.add("- " + problem.replace("\n", "\n  ")));
		return String.join("\n", items);
	}

	private static String row(OverloadRun run) {
		OverloadTally.Result result = run.result();
		return Stream
			.of(run.server().id(), run.server().label(), run.round(), decimal(run.capacity()), decimal(run.offered()),
					run.seconds(), result.requests(), result.ok(), result.shed(), result.other(), result.errors(),
					result.timeouts(), decimal(run.answeredPerSecond()), micros(result.accepted().p50()),
					micros(result.accepted().p99()), micros(result.accepted().p999()), micros(result.accepted().max()),
					micros(result.all().p50()), micros(result.all().p99()), micros(result.all().p999()),
					micros(result.all().max()), result.peakConnections(), run.cpu().ticks(), run.cpu().ticksPerSecond(),
					decimal(run.clientCoreBusy()), run.valid(), Objects.toString(run.problem(), ""))
			.map(value -> CsvWriter.field(String.valueOf(value).replace("\n", " ")))
			.collect(Collectors.joining(","));
	}

	/**
	 * A latency as people read it: {@code 0.85 ms}, {@code 12.3 ms}, {@code 1.23 s}.
	 * @param nanos the latency in nanoseconds, negative when there is none
	 * @return the text, {@code —} when there is none
	 */
	static String latency(double nanos) {
		if (nanos < 0 || Double.isNaN(nanos)) {
			return "—";
		}
		double millis = nanos / 1e6;
		if (millis < 10) {
			return String.format(Locale.ROOT, "%.2f ms", millis);
		}
		if (millis < 1000) {
			return String.format(Locale.ROOT, "%.1f ms", millis);
		}
		return String.format(Locale.ROOT, "%.2f s", millis / 1000);
	}

	/** The median of a latency over runs, with its range. */
	private static String latencySpread(List<OverloadRun> runs, ToDoubleFunction<OverloadRun> nanos) {
		List<Double> values = runs.stream().map(nanos::applyAsDouble).filter(value -> value >= 0).toList();
		if (values.isEmpty()) {
			return "—";
		}
		return latency(Stats.median(values)) + " (" + latency(Collections.min(values)) + "–"
				+ latency(Collections.max(values)) + ")";
	}

	/**
	 * The median of a figure over runs, with its range, such as
	 * {@code 41.7% (33.3–50.0%)}.
	 */
	private static String spread(List<OverloadRun> runs, ToDoubleFunction<OverloadRun> figure, String format,
			String unit) {
		List<Double> values = runs.stream().map(figure::applyAsDouble).filter(value -> !Double.isNaN(value)).toList();
		if (values.isEmpty()) {
			return "—";
		}
		return String.format(Locale.ROOT, format + unit + " (" + format + "–" + format + unit + ")",
				Stats.median(values), Collections.min(values), Collections.max(values));
	}

	private static List<OverloadRun> of(List<OverloadRun> runs, ServerKind server) {
		return runs.stream().filter(run -> run.server() == server).toList();
	}

	private static String count(long value) {
		return String.format(Locale.ROOT, "%,d", value);
	}

	private static String number(double value) {
		return (value == Math.rint(value)) ? Long.toString((long) value) : Double.toString(value);
	}

	private static String percent(double share) {
		return number(share * 100) + "%";
	}

	private static String decimal(double value) {
		return String.format(Locale.ROOT, "%.2f", value);
	}

	private static String micros(long nanos) {
		return (nanos < 0) ? "" : Long.toString(nanos / 1000);
	}

}
