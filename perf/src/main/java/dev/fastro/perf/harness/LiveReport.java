package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.fastro.perf.Workload;

/**
 * Writes the live experiments' report, {@code BENCHMARK.md} in the output directory
 * ({@value #DIRECTORY} in the perf directory by default), and its raw data,
 * {@code live-results.csv}: per case, each server's median figures and their per-round
 * ratios to the references (raw Netty's WebSocket server and Vert.x Web for the echo,
 * Vert.x Web and native for the events, Vert.x Web for the idle connections); then every
 * run, and what went wrong.
 *
 * <p>
 * The prose is in {@code live-report.md} beside this class, a {@link MarkdownTemplate}.
 */
final class LiveReport {

	/**
	 * The live experiments' default output directory in the perf directory, so that their
	 * report never replaces the scenarios'.
	 */
	static final String DIRECTORY = "live";

	/** The report's file name. */
	static final String REPORT = "BENCHMARK.md";

	/** The CSV's file name. */
	static final String CSV = "live-results.csv";

	private static final String CSV_HEADER = "experiment,case,server,server_label,round,connections,seconds,received,"
			+ "per_second,server_cpu_ticks,clk_tck,cpu_us_per_item,load_core_busy,heap_before_kb,heap_after_kb,"
			+ "rss_before_kb,rss_after_kb,valid,problem";

	/** The report's prose. */
	static final MarkdownTemplate TEXT = MarkdownTemplate.load(LiveReport.class, "live-report.md");

	private LiveReport() {
	}

	/**
	 * Writes the report and the CSV.
	 * @param directory the run's output directory
	 * @param settings the run's settings
	 * @param environment where it ran
	 * @param runs every run, valid or not
	 * @param problems what went wrong outside the runs
	 * @return the report file
	 * @throws IOException if a file cannot be written
	 */
	static Path write(Path directory, RunSettings settings, Environment environment, List<LiveRun> runs,
			List<String> problems) throws IOException {
		Files.createDirectories(directory);
		Files.write(directory.resolve(CSV),
				Stream.concat(Stream.of(CSV_HEADER), runs.stream().map(LiveReport::row)).toList(),
				StandardCharsets.UTF_8);
		Path report = directory.resolve(REPORT);
		Files.writeString(report, markdown(settings, environment, runs, problems), StandardCharsets.UTF_8);
		return report;
	}

	static String markdown(RunSettings settings, Environment environment, List<LiveRun> runs, List<String> problems) {
		return TEXT.fragment("report")
			.with("method",
					TEXT.fragment(settings.sideBySide() ? "method.side-by-side" : "method.turns")
						.with("warmup", settings.warmupSeconds())
						.with("rounds", settings.rounds())
						.with("seconds", settings.seconds())
						.render())
			.with("websocket", websocket(runs))
			.with("sse", events(runs))
			.with("idle", idle(runs))
			.with("runs", runsTable(runs))
			.with("problems", problems(runs, problems))
			.with("environment", ReportWriter.environment(environment))
			.render() + "\n";
	}

	private static String websocket(List<LiveRun> runs) {
		List<LiveRun> mine = of(runs, Experiment.WEBSOCKET);
		if (mine.isEmpty()) {
			return "";
		}
		String header = "| Server | Messages/s | % of Raw Netty WebSocket | % of Vert.x Web | CPU µs/message "
				+ "| CPU % of Raw Netty WebSocket | CPU % of Vert.x Web | Client busy | Valid rounds |\n"
				+ "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
		String tables = cases(mine, header,
				(server, reference) -> List.of(
						ratio(server, reference.apply(ServerKind.RAW_WEBSOCKET), LiveRun::perSecond),
						ratio(server, reference.apply(ServerKind.VERTX), LiveRun::perSecond),
						median(server, LiveRun::cpuMicrosPerItem, "%.2f"),
						ratio(server, reference.apply(ServerKind.RAW_WEBSOCKET), LiveRun::cpuMicrosPerItem),
						ratio(server, reference.apply(ServerKind.VERTX), LiveRun::cpuMicrosPerItem),
						median(server, run -> run.loadCoreBusy() * 100, "%.0f%%")),
				LiveRun::perSecond);
		return TEXT.fragment("websocket")
			.with("connections", LiveBench.ECHO_CONNECTIONS)
			.with("path", Workload.WEBSOCKET_PATH)
			.with("tables", tables)
			.render();
	}

	private static String events(List<LiveRun> runs) {
		List<LiveRun> mine = of(runs, Experiment.SSE);
		if (mine.isEmpty()) {
			return "";
		}
		String header = "| Server | Events/s | % of clients | CPU µs/event | CPU % of Vert.x Web | CPU % of native "
				+ "| Valid rounds |\n|---|---:|---:|---:|---:|---:|---:|\n";
		String tables = cases(mine, header, (server, reference) -> List.of(
				median(server,
						run -> 100 * run.perSecond()
								/ (run.connections() * (1000.0 / Workload.EVENT_INTERVAL.toMillis())),
						"%.1f%%"),
				median(server, LiveRun::cpuMicrosPerItem, "%.2f"),
				ratio(server, reference.apply(ServerKind.VERTX), LiveRun::cpuMicrosPerItem),
				ratio(server, reference.apply(ServerKind.NATIVE), LiveRun::cpuMicrosPerItem)), LiveRun::perSecond);
		return TEXT.fragment("sse").with("path", Workload.EVENTS_PATH).with("tables", tables).render();
	}

	private static String idle(List<LiveRun> runs) {
		List<LiveRun> mine = of(runs, Experiment.IDLE);
		if (mine.isEmpty()) {
			return "";
		}
		String header = "| Server | Heap/connection (B) | % of Vert.x Web | RSS/connection (B) | % of Vert.x Web "
				+ "| Heap before (MiB) | Valid rounds |\n|---|---:|---:|---:|---:|---:|---:|\n";
		String tables = cases(mine, header,
				(server, reference) -> List.of(
						ratio(server, reference.apply(ServerKind.VERTX), LiveRun::heapBytesPerConnection),
						spread(server, LiveRun::rssBytesPerConnection),
						ratio(server, reference.apply(ServerKind.VERTX), LiveRun::rssBytesPerConnection),
						median(server, run -> run.heapBeforeKilobytes() / 1024.0, "%,.1f")),
				LiveRun::heapBytesPerConnection);
		return TEXT.fragment("idle")
			.with("connections", String.format(Locale.ROOT, "%,d", LiveBench.IDLE_CONNECTIONS))
			.with("message", LiveBench.caseLabel(Experiment.WEBSOCKET, LiveBench.MESSAGE_SIZES.get(0)))
			.with("warmupConnections", String.format(Locale.ROOT, "%,d", LiveBench.IDLE_WARMUP_CONNECTIONS))
			.with("tables", tables)
			.render();
	}

	/**
	 * One table per case, in the order the cases ran: a row per server with its headline
	 * figure (median, min–max), the columns {@code columns} computes, and the valid
	 * rounds.
	 */
	private static String cases(List<LiveRun> runs, String header, Columns columns,
			ToDoubleFunction<LiveRun> headline) {
		List<String> tables = new ArrayList<>();
		for (String label : runs.stream().map(LiveRun::caseLabel).distinct().toList()) {
			List<LiveRun> cases = runs.stream().filter(run -> run.caseLabel().equals(label)).toList();
			StringBuilder table = new StringBuilder(header);
			for (ServerKind server : cases.stream().map(LiveRun::server).distinct().sorted().toList()) {
				List<LiveRun> mine = cases.stream().filter(run -> run.server() == server).toList();
				List<LiveRun> valid = mine.stream().filter(LiveRun::valid).toList();
				table.append("| ").append(server.label()).append(" | ");
				if (valid.isEmpty()) {
					table.append("failed | ")
						.append("| ".repeat(columns(header) - 3))
						.append("0 of ")
						.append(mine.size())
						.append(" |\n");
					continue;
				}
				List<String> cells = new ArrayList<>();
				cells.add(spread(valid, headline));
				cells.addAll(columns.of(valid,
						reference -> cases.stream().filter(run -> run.server() == reference).toList()));
				cells.add(valid.size() + " of " + mine.size());
				table.append(String.join(" | ", cells)).append(" |\n");
			}
			tables.add(TEXT.fragment("case")
				.with("title", title(runs.get(0).experiment(), label))
				.with("table", table.toString().strip())
				.render());
		}
		return String.join("\n\n", tables);
	}

	/** The columns of a table, from its header. */
	private static int columns(String header) {
		return (int) header.lines().findFirst().orElseThrow().chars().filter(c -> c == '|').count() - 1;
	}

	private static String title(Experiment experiment, String label) {
		return switch (experiment) {
			case WEBSOCKET -> label + " messages";
			case SSE -> label + " clients";
			default -> label;
		};
	}

	/** Computes a server's cells of a case from its valid runs and the references'. */
	@FunctionalInterface
	private interface Columns {

		List<String> of(List<LiveRun> server, Function<ServerKind, List<LiveRun>> reference);

	}

	/** Every run, in the order they ran. */
	private static String runsTable(List<LiveRun> runs) {
		StringBuilder table = new StringBuilder(
				"| Experiment | Case | Round | Server | Received | Per second | CPU µs each | Heap/conn. (B) "
						+ "| RSS/conn. (B) | Result |\n|---|---|---:|---|---:|---:|---:|---:|---:|---|\n");
		for (LiveRun run : runs) {
			table.append("| ")
				.append(String.join(" | ", run.experiment().title(), run.caseLabel(), Integer.toString(run.round()),
						run.server().label(), String.format(Locale.ROOT, "%,d", run.received()),
						cell("%,.0f", run.perSecond()), cell("%.2f", run.cpuMicrosPerItem()),
						cell("%,.0f", run.heapBytesPerConnection()), cell("%,.0f", run.rssBytesPerConnection()),
						run.valid() ? "ok" : "**invalid**: " + run.problem().replace("|", "\\|").replace("\n", " ")))
				.append(" |\n");
		}
		return table.toString().strip();
	}

	private static String problems(List<LiveRun> runs, List<String> problems) {
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

	private static String row(LiveRun run) {
		return Stream
			.of(run.experiment().id(), run.caseLabel(), run.server().id(), run.server().label(), run.round(),
					run.connections(), run.seconds(), run.received(), decimal("%.2f", run.perSecond()),
					run.cpu().ticks(), run.cpu().ticksPerSecond(), decimal("%.3f", run.cpuMicrosPerItem()),
					decimal("%.3f", run.loadCoreBusy()), known(run.heapBeforeKilobytes()),
					known(run.heapAfterKilobytes()), known(run.rssBeforeKilobytes()), known(run.rssAfterKilobytes()),
					run.valid(), Objects.toString(run.problem(), ""))
			.map(value -> CsvWriter.field(String.valueOf(value).replace("\n", " ")))
			.collect(Collectors.joining(","));
	}

	/**
	 * The median and range of the per-round ratios of a figure of a server's runs to a
	 * reference's, over the rounds where both are valid and the figures known.
	 */
	private static String ratio(List<LiveRun> server, List<LiveRun> reference, ToDoubleFunction<LiveRun> figure) {
		List<Double> ratios = new ArrayList<>();
		for (LiveRun run : server) {
			reference.stream()
				.filter(base -> base.round() == run.round() && base.valid())
				.findFirst()
				.map(base -> figure.applyAsDouble(run) / figure.applyAsDouble(base))
				.filter(ratio -> !Double.isNaN(ratio) && !Double.isInfinite(ratio))
				.ifPresent(ratios::add);
		}
		if (ratios.isEmpty()) {
			return "—";
		}
		return String.format(Locale.ROOT, "%.1f%% (%.1f–%.1f%%)", Stats.median(ratios) * 100,
				Collections.min(ratios) * 100, Collections.max(ratios) * 100);
	}

	/** The median of a figure over runs, with its range. */
	private static String spread(List<LiveRun> runs, ToDoubleFunction<LiveRun> figure) {
		List<Double> values = figures(runs, figure);
		if (values.isEmpty()) {
			return "—";
		}
		return String.format(Locale.ROOT, "%,.0f (%,.0f–%,.0f)", Stats.median(values), Collections.min(values),
				Collections.max(values));
	}

	private static String median(List<LiveRun> runs, ToDoubleFunction<LiveRun> figure, String format) {
		List<Double> values = figures(runs, figure);
		return values.isEmpty() ? "—" : String.format(Locale.ROOT, format, Stats.median(values));
	}

	private static List<Double> figures(List<LiveRun> runs, ToDoubleFunction<LiveRun> figure) {
		return runs.stream().map(figure::applyAsDouble).filter(value -> !Double.isNaN(value)).toList();
	}

	private static List<LiveRun> of(List<LiveRun> runs, Experiment experiment) {
		return runs.stream().filter(run -> run.experiment() == experiment).toList();
	}

	private static String decimal(String format, double value) {
		return Double.isNaN(value) ? "" : String.format(Locale.ROOT, format, value);
	}

	private static String cell(String format, double value) {
		return Double.isNaN(value) ? "—" : String.format(Locale.ROOT, format, value);
	}

	private static String known(long kilobytes) {
		return (kilobytes < 0) ? "" : Long.toString(kilobytes);
	}

}
