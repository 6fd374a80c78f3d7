package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
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
 * Writes the upload bench's report, {@code BENCHMARK.md}, and its raw data,
 * {@code upload-results.csv}: per framing, each server's throughput (median of the
 * rounds, and its ratios to raw Netty and to native, round by round), its peak resident
 * memory during the upload and its CPU time; then every round, and what went wrong.
 *
 * <p>
 * The prose is in {@code upload-report.md} beside this class, a {@link MarkdownTemplate};
 * this class computes the figures, builds the tables and fills them in.
 */
final class UploadReport {

	/** The report's file name in the output directory. */
	static final String REPORT = "BENCHMARK.md";

	/** The CSV's file name in the output directory. */
	static final String CSV = "upload-results.csv";

	private static final String CSV_HEADER = "round,framing,server,server_label,bytes,seconds,write_seconds,mib_per_s,"
			+ "status,valid,problem,server_cpu_ticks,clk_tck,server_cpu_s,peak_rss_kb,peak_since_start,rss_before_kb,"
			+ "load_average,client_cpu_ticks";

	/** The report's prose. */
	static final MarkdownTemplate TEXT = MarkdownTemplate.load(UploadReport.class, "upload-report.md");

	private UploadReport() {
	}

	/**
	 * Writes the report and the CSV.
	 * @param options the run's options
	 * @param environment where it ran
	 * @param runs every measured upload, valid or not
	 * @param problems what went wrong outside the measured uploads
	 * @param logFindings what the servers' logs said that they should not have
	 * @return the report file
	 * @throws IOException if a file cannot be written
	 */
	static Path write(UploadOptions options, Environment environment, List<UploadRun> runs, List<String> problems,
			Map<String, String> logFindings) throws IOException {
		Path directory = options.outputDirectory();
		Files.createDirectories(directory);
		Files.write(directory.resolve(CSV),
				Stream.concat(Stream.of(CSV_HEADER), runs.stream().map(UploadReport::row)).toList(),
				StandardCharsets.UTF_8);
		Path report = directory.resolve(REPORT);
		Files.writeString(report, markdown(options, environment, runs, problems, logFindings), StandardCharsets.UTF_8);
		return report;
	}

	static String markdown(UploadOptions options, Environment environment, List<UploadRun> runs, List<String> problems,
			Map<String, String> logFindings) {
		List<ServerKind> servers = servers(runs);
		return TEXT.fragment("report")
			.with("size", size(options.bytes()))
			.with("bytes", String.format(Locale.ROOT, "%,d", options.bytes()))
			.with("path", Workload.UPLOAD_PATH)
			.with("heap", options.heap())
			.with("rounds", rounds(options.rounds()))
			.with("warmup", warmup(options))
			.with("load", load(environment, runs))
			.with("framings",
					options.framings()
						.stream()
						.map(framing -> framing(framing, servers, runs))
						.collect(Collectors.joining("\n\n")))
			.with("uploads", uploadsTable(runs))
			.with("problems", problems(runs, problems, logFindings))
			.with("environment", ReportWriter.environment(environment))
			.render() + "\n";
	}

	/** One framing's section: each server's figures over the rounds. */
	private static String framing(UploadFraming framing, List<ServerKind> servers, List<UploadRun> runs) {
		StringBuilder table = new StringBuilder()
			.append("| Server | MiB/s | % of raw Netty | % of native | Peak RSS (MiB) | RSS before (MiB) | CPU s/GiB "
					+ "| CPU % of raw Netty | CPU busy | Valid rounds |\n")
			.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
		for (ServerKind server : servers) {
			List<UploadRun> mine = runs(runs, server, framing);
			List<UploadRun> valid = mine.stream().filter(UploadRun::valid).toList();
			table.append("| ").append(server.label()).append(" | ");
			if (valid.isEmpty()) {
				table.append("failed | | | | | | | | 0 of ").append(mine.size()).append(" |\n");
				continue;
			}
			List<Double> speeds = figures(valid, run -> run.result().mibPerSecond());
			table
				.append(String.format(Locale.ROOT, "%,.1f (%,.1f–%,.1f)", Stats.median(speeds), Collections.min(speeds),
						Collections.max(speeds)))
				.append(" | ")
				.append(ratio(mine, runs(runs, ServerKind.RAW, framing), run -> run.result().mibPerSecond()))
				.append(" | ")
				.append(ratio(mine, runs(runs, ServerKind.NATIVE, framing), run -> run.result().mibPerSecond()))
				.append(" | ");
			List<Double> peaks = figures(valid,
					run -> (run.peakRssKilobytes() < 0) ? Double.NaN : run.peakRssKilobytes() / 1024.0);
			table
				.append(peaks.isEmpty() ? "—"
						: String.format(Locale.ROOT, "%,.1f (%,.1f)", Stats.median(peaks), Collections.max(peaks)))
				.append(valid.stream().anyMatch(UploadRun::peakSinceStart) ? " since start" : "")
				.append(" | ");
			List<Double> before = figures(valid,
					run -> (run.rssBeforeKilobytes() < 0) ? Double.NaN : run.rssBeforeKilobytes() / 1024.0);
			table.append(before.isEmpty() ? "—" : String.format(Locale.ROOT, "%,.1f", Stats.median(before)))
				.append(" | ")
				.append(median(figures(valid, UploadRun::cpuSecondsPerGib), "%.2f"))
				.append(" | ")
				.append(ratio(mine, runs(runs, ServerKind.RAW, framing), UploadRun::cpuSecondsPerGib))
				.append(" | ")
				.append(median(figures(valid, run -> run.cpuBusy() * 100), "%.0f%%"))
				.append(" | ")
				.append(valid.size())
				.append(" of ")
				.append(mine.size())
				.append(" |\n");
		}
		return TEXT.fragment("framing")
			.with("title", framing.title())
			.with("chunks", (framing == UploadFraming.CHUNKED) ? TEXT.render("framing.chunks") : "")
			.with("table", table)
			.render();
	}

	/**
	 * How busy the machine was: on a shared machine the server's share of its core, and
	 * with it MiB/s, follows what else runs, where CPU per GiB hardly does.
	 */
	private static String load(Environment environment, List<UploadRun> runs) {
		List<Double> loads = figures(runs, UploadRun::loadAverage);
		if (loads.isEmpty()) {
			return "";
		}
		return TEXT.fragment("load")
			.with("least", String.format(Locale.ROOT, "%.1f", Collections.min(loads)))
			.with("most", String.format(Locale.ROOT, "%.1f", Collections.max(loads)))
			.with("median", String.format(Locale.ROOT, "%.1f", Stats.median(loads)))
			.with("cores", environment.cpuCount())
			.render();
	}

	/** Every upload, in the order they ran. */
	private static String uploadsTable(List<UploadRun> runs) {
		StringBuilder table = new StringBuilder()
			.append("| Round | Framing | Server | Time (s) | MiB/s | Peak RSS (MiB) | CPU (s) | CPU busy | Client busy "
					+ "| Load | Result |\n")
			.append("|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
		for (UploadRun run : runs) {
			UploadResult result = run.result();
			table.append("| ")
				.append(run.round())
				.append(" | ")
				.append(run.framing().title())
				.append(" | ")
				.append(run.server().label())
				.append(" | ")
				.append(String.format(Locale.ROOT, "%.2f", result.seconds()))
				.append(" | ")
				.append(run.valid() ? String.format(Locale.ROOT, "%,.1f", result.mibPerSecond()) : "—")
				.append(" | ")
				.append((run.peakRssKilobytes() < 0) ? "—"
						: String.format(Locale.ROOT, "%,.1f", run.peakRssKilobytes() / 1024.0))
				.append(" | ")
				.append(run.cpu().known() ? String.format(Locale.ROOT, "%.2f", run.cpu().micros() / 1e6) : "—")
				.append(" | ")
				.append(Double.isNaN(run.cpuBusy()) ? "—" : String.format(Locale.ROOT, "%.0f%%", run.cpuBusy() * 100))
				.append(" | ")
				.append(Double.isNaN(run.clientBusy()) ? "—"
						: String.format(Locale.ROOT, "%.0f%%", run.clientBusy() * 100))
				.append(" | ")
				.append(Double.isNaN(run.loadAverage()) ? "—" : String.format(Locale.ROOT, "%.1f", run.loadAverage()))
				.append(" | ")
				.append(run.valid() ? "ok" : "**failed**: " + run.problem().replace("|", "\\|").replace("\n", " "))
				.append(" |\n");
		}
		return table.toString();
	}

	/**
	 * What went wrong: the failed uploads, then the other problems and what the logs
	 * said, each as a list item; or that nothing did.
	 */
	private static String problems(List<UploadRun> runs, List<String> problems, Map<String, String> logFindings) {
		List<String> all = new ArrayList<>(problems);
		all.addAll(logFindings.values());
		long failed = runs.stream().filter(run -> !run.valid()).count();
		if (all.isEmpty() && failed == 0) {
			return TEXT.render("problems.none");
		}
		List<String> items = new ArrayList<>();
		if (failed > 0) {
			items.add(TEXT.fragment("problems.failed").with("count", failed).render());
		}
		// A problem may run over several lines (a server's log), which stay in its item.
		all.forEach(problem -> items.add("- " + problem.replace("\n", "\n  ")));
		return String.join("\n", items);
	}

	private static String row(UploadRun run) {
		UploadResult result = run.result();
		return Stream.of(run.round(), run.framing().id(), run.server().id(), run.server().label(), result.bytes(),
				String.format(Locale.ROOT, "%.4f", result.seconds()),
				String.format(Locale.ROOT, "%.4f", result.writeNanos() / 1e9), decimal("%.2f", result.mibPerSecond()),
				result.status(), run.valid(), Objects.toString(run.problem(), ""), run.cpu().ticks(),
				run.cpu().ticksPerSecond(), decimal("%.2f", run.cpu().micros() / 1e6),
				(run.peakRssKilobytes() < 0) ? "" : run.peakRssKilobytes(), run.peakSinceStart(),
				(run.rssBeforeKilobytes() < 0) ? "" : run.rssBeforeKilobytes())
			.map(value -> CsvWriter.field(String.valueOf(value).replace("\n", " ")))
			.collect(Collectors.joining(","));
	}

	/**
	 * The median and range of the per-round ratios of a figure of a server's uploads to a
	 * reference's, over the rounds where both uploads were valid and the figures known.
	 */
	private static String ratio(List<UploadRun> server, List<UploadRun> reference, ToDoubleFunction<UploadRun> figure) {
		if (reference.isEmpty()) {
			return "—";
		}
		List<Double> ratios = new ArrayList<>();
		for (UploadRun run : server) {
			reference.stream()
				.filter(base -> base.round() == run.round() && base.valid() && run.valid())
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

	private static List<UploadRun> runs(List<UploadRun> runs, ServerKind server, UploadFraming framing) {
		return runs.stream().filter(run -> run.server() == server && run.framing() == framing).toList();
	}

	private static List<Double> figures(Collection<UploadRun> runs, ToDoubleFunction<UploadRun> figure) {
		return runs.stream().map(run -> figure.applyAsDouble(run)).filter(value -> !Double.isNaN(value)).toList();
	}

	private static String median(List<Double> values, String format) {
		return values.isEmpty() ? "—" : String.format(Locale.ROOT, format, Stats.median(values));
	}

	private static List<ServerKind> servers(List<UploadRun> runs) {
		return runs.stream().map(UploadRun::server).distinct().sorted().toList();
	}

	private static String decimal(String format, double value) {
		return Double.isNaN(value) ? "" : String.format(Locale.ROOT, format, value);
	}

	private static String size(long bytes) {
		if (bytes % (1L << 30) == 0) {
			return (bytes >> 30) + " GiB";
		}
		return (bytes % (1L << 20) == 0) ? (bytes >> 20) + " MiB" : bytes + " bytes";
	}

	private static String rounds(int rounds) {
		return rounds + ((rounds == 1) ? " round" : " rounds");
	}

	private static String warmup(UploadOptions options) {
		if (options.warmupSeconds() <= 0) {
			return TEXT.render("warmup.none");
		}
		return TEXT.fragment("warmup")
			.with("size", size(Math.min(UploadBench.WARMUP_BYTES, options.bytes())))
			.with("seconds", options.warmupSeconds())
			.render();
	}

}
