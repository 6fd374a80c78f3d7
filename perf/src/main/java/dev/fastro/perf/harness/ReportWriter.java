package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.fastro.perf.Workload;
import dev.fastro.perf.jmh.GitHubRoutes;

/**
 * Writes {@code BENCHMARK.md} and its SVG charts from the measured runs: the seed's table
 * first, then the comparison with the original Fastro, the scaling experiments, the
 * router micro-benchmarks, the method and the environment.
 */
public final class ReportWriter {

	/** The report's file name. */
	public static final String FILE_NAME = "BENCHMARK.md";

	/** The original Fastro's published % of {@code Deno.serve}, by scenario. */
	static final Map<Scenario, Double> DENO_FASTRO = Map.of(Scenario.ROOT, 103.41, Scenario.URL_PARAMS, 95.91,
			Scenario.QUERY_PARAMS, 96.16, Scenario.MIDDLEWARE, 89.36, Scenario.JSON_POST, 86.65);

	/** The bars of each protocol in the protocols chart. */
	private static final Map<Protocol, String> PROTOCOL_COLORS = Map.of(Protocol.H1, "#7f8c8d", Protocol.H2C, "#e67e22",
			Protocol.TLS, "#2e86c1", Protocol.H2, "#8e44ad");

	/**
	 * The percentage of wrk's core busy from which wrk, rather than the servers, may have
	 * set the pace: wrk waits on no disk, so a core it leaves less than a tenth idle is
	 * one it nearly filled.
	 */
	private static final long SATURATED_PERCENT = 90;

	private static final Map<ServerKind, String> COLORS = Map.ofEntries(Map.entry(ServerKind.NATIVE, "#7f8c8d"),
			Map.entry(ServerKind.NATIVE_ROUTED, "#95a5a6"), Map.entry(ServerKind.FASTRO, "#e67e22"),
			Map.entry(ServerKind.FASTRO_CACHE, "#f5b041"), Map.entry(ServerKind.FASTRO_REACTOR_NETTY, "#dc7633"),
			Map.entry(ServerKind.FASTRO_DEMO, "#a04000"), Map.entry(ServerKind.FASTRO_METRICS, "#e67e22"),
			Map.entry(ServerKind.FASTRO_NO_LEAK_DETECTION, "#f0b27a"), Map.entry(ServerKind.WEBFLUX, "#2e86c1"),
			Map.entry(ServerKind.RAW, "#27ae60"), Map.entry(ServerKind.VERTX, "#8e44ad"),
			Map.entry(ServerKind.JAVALIN, "#c0392b"), Map.entry(ServerKind.MVC, "#16a085"),
			Map.entry(ServerKind.MVC_VIRTUAL, "#76d7c4"), Map.entry(ServerKind.HELIDON, "#d4ac0d"));

	/**
	 * Requests per second in thousands, as "12k" or "9.3k", the same on the axis and on
	 * the bars.
	 */
	private static final DoubleFunction<String> REQUESTS = value -> (value >= 1000)
			? String.format(Locale.ROOT, "%.1fk", value / 1000).replace(".0k", "k")
			: String.format(Locale.ROOT, "%.0f", value);

	private ReportWriter() {
	}

	/**
	 * Writes the report and its charts into a directory.
	 * @param directory where to write
	 * @param settings how the runs were made
	 * @param environment where they were made
	 * @param runs every measured run
	 * @param refusals servers refused before measuring
	 * @param jmh the router micro-benchmarks, or {@code null} if they were never run
	 * @throws IOException if a file cannot be written
	 */
	public static void write(Path directory, RunSettings settings, Environment environment, List<Measurement> runs,
			List<Refusal> refusals, JmhResults jmh) throws IOException {
		write(directory, settings, environment, runs, refusals, jmh, Map.of());
	}

	/**
	 * Writes the report, its charts and, with them, each server's start-up time and
	 * resident memory.
	 * @param directory where the report and charts go
	 * @param settings how the runs were made
	 * @param environment where they were made
	 * @param runs every measured run
	 * @param refusals servers refused before measuring
	 * @param jmh the router micro-benchmarks, or {@code null} if they were never run
	 * @param footprints each server's start-up and resident memory, in the order they
	 * started
	 * @throws IOException if a file cannot be written
	 */
	public static void write(Path directory, RunSettings settings, Environment environment, List<Measurement> runs,
			List<Refusal> refusals, JmhResults jmh, Map<ServerKind, Footprint> footprints) throws IOException {
		Files.createDirectories(directory);
		StringBuilder md = new StringBuilder();
		md.append("# Fastro benchmark\n\n");
		if (settings.quick()) {
			md.append("> **Quick mode (`--quick`): a smoke test of the harness. These runs are too short and too "
					+ "cold to be results.**\n\n");
		}
		List<Summary> main = Summary.of(runs, Experiment.MAIN);
		mainTable(md, settings, main, refusals);
		saturation(md, main);
		observationCost(md, runs, main);
		againstDeno(md, directory, settings, main);
		peers(md, main);
		protocols(md, directory, settings, runs);
		compression(md, settings, runs);
		footprint(md, footprints);
		scaling(md, directory, settings, runs);
		jmh(md, jmh);
		method(md, settings, runs);
		methodChanges(md);
		environment(md, environment);
		md.append("## Raw data\n\n")
			.append("Every measured run, valid or not: [`")
			.append(CsvWriter.FILE_NAME)
			.append("`](")
			.append(CsvWriter.FILE_NAME)
			.append(").\n");
		Files.writeString(directory.resolve(FILE_NAME), md.toString(), StandardCharsets.UTF_8);
	}

	private static void mainTable(StringBuilder md, RunSettings settings, List<Summary> summaries,
			List<Refusal> refusals) {
		md.append("wrk `-t1 -c").append(settings.connections()).append("`, ");
		if (settings.pipelined()) {
			md.append("**pipelined: ")
				.append(settings.pipeline())
				.append(" requests per write** (`--pipelined`; no latencies, see the method), ");
		}
		md.append(sideBySide(settings))
			.append(settings.seconds())
			.append(" s per run, median of ")
			.append(rounds(settings.rounds()))
			.append("; `% of Native` is the median of the per-round ratios to the native Reactor Netty server, "
					+ "with their min–max across rounds in brackets. `CPU µs/req` is the server JVM's CPU time "
					+ "(user + system, all threads) during the run divided by the requests it answered, and "
					+ "`CPU % of native` its per-round ratio to native: **lower is better**, and unlike throughput it "
					+ "does not depend on whether wrk saturated, so it is the figure to optimise.\n\n");
		md.append("| Scenario | Framework | Throughput (req/s) | Avg Latency | P95 Latency | % of Native | CPU µs/req "
				+ "| CPU % of native |\n");
		md.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
		String previous = null;
		for (Summary summary : sorted(summaries)) {
			String scenario = summary.caseLabel().equals(previous) ? "" : summary.caseLabel();
			previous = summary.caseLabel();
			md.append("| ").append(scenario).append(" | ").append(summary.server().label()).append(" | ");
			if (summary.measured()) {
				md.append(String.format(Locale.ROOT, "%,.0f", summary.throughput()))
					.append(" | ")
					.append(settings.pipelined() ? "n/a" : latency(summary.latencyMeanMicros()))
					.append(" | ")
					.append(settings.pipelined() ? "n/a" : latency(summary.latencyP95Micros()))
					.append(" | ");
				ratios(md, summary);
			}
			else {
				md.append("invalid | | | | | |\n");
			}
		}
		md.append('\n');
		problems(md, summaries, refusals);
	}

	/**
	 * Where the servers of each round ran at once, says so, and that only the ratios are
	 * results; nothing otherwise.
	 */
	private static String sideBySide(RunSettings settings) {
		return settings.sideBySide() ? "**side by side: the servers of each round ran at once on one core** "
				+ "(`--side-by-side`; only the ratios are results, see the method), " : "";
	}

	/**
	 * The cells every table shares: throughput and CPU per request, each against native.
	 */
	private static void ratios(StringBuilder md, Summary summary) {
		md.append(percent(summary))
			.append(" | ")
			.append(cpu(summary.cpuMicrosPerRequest()))
			.append(" | ")
			.append(cpuPercent(summary))
			.append(" |\n");
	}

	/**
	 * What observing every request costs: Fastro + metrics against plain Fastro in the
	 * same rounds, scenario by scenario. Nothing unless both ran.
	 */
	private static void observationCost(StringBuilder md, List<Measurement> runs, List<Summary> summaries) {
		List<String> rows = new ArrayList<>();
		for (String scenario : cases(summaries)) {
			Summary plain = find(summaries, scenario, ServerKind.FASTRO);
			Summary observed = find(summaries, scenario, ServerKind.FASTRO_METRICS);
			if (plain == null || observed == null) {
				continue;
			}
			List<Measurement> plainRuns = runsOf(runs, Experiment.MAIN, scenario, ServerKind.FASTRO);
			List<Measurement> observedRuns = runsOf(runs, Experiment.MAIN, scenario, ServerKind.FASTRO_METRICS);
			rows.add("| " + scenario + " | " + withRange(Stats.ratio(observedRuns, plainRuns)) + " | "
					+ cpu(plain.cpuMicrosPerRequest()) + " | " + cpu(observed.cpuMicrosPerRequest()) + " | "
					+ withRange(Stats.cpuRatio(observedRuns, plainRuns)) + " |\n");
		}
		if (rows.isEmpty()) {
			return;
		}
		md.append("## What observing requests costs\n\n")
			.append("`Fastro + metrics` makes every request an `http.server.requests` observation timed into a "
					+ "Prometheus registry. Here it is against plain `Fastro` in the same rounds: the median of the "
					+ "per-round ratios, with their min–max in brackets. Throughput **higher is better** (the "
					+ "project's target is at least 90% of plain Fastro's), CPU per request **lower is better**.\n\n")
			.append("| Scenario | Throughput, % of Fastro | Fastro CPU µs/req | Fastro + metrics CPU µs/req "
					+ "| CPU % of Fastro |\n")
			.append("|---|---:|---:|---:|---:|\n");
		rows.forEach(md::append);
		md.append('\n');
	}

	/** The runs of one case of an experiment by one server, in the order they ran. */
	private static List<Measurement> runsOf(List<Measurement> runs, Experiment experiment, String caseLabel,
			ServerKind server) {
		return runs.stream()
			.filter(run -> run.experiment() == experiment && run.caseLabel().equals(caseLabel)
					&& run.server() == server)
			.toList();
	}

	private static void problems(StringBuilder md, List<Summary> summaries, List<Refusal> refusals) {
		List<String> lines = new ArrayList<>();
		for (Refusal refusal : refusals) {
			lines.add("**" + refusal.server().label() + " refused** (" + refusal.experiment().title() + "): "
					+ refusal.reason() + ". It was not measured.");
		}
		for (Summary summary : summaries) {
			for (String problem : summary.problems()) {
				lines.add("Invalid run, " + summary.caseLabel()
						+ ((summary.protocol() != Protocol.H1) ? " over " + summary.protocol().title() : "") + " · "
						+ summary.server().label() + ", " + problem + " (left out of the medians).");
			}
		}
		if (!lines.isEmpty()) {
			md.append("Problems:\n\n");
			lines.forEach(line -> md.append("- ").append(line).append('\n'));
			md.append('\n');
		}
	}

	private static void againstDeno(StringBuilder md, Path directory, RunSettings settings, List<Summary> summaries)
			throws IOException {
		md.append("## Against the original Fastro\n\n")
			.append("The original Fastro measured itself against `Deno.serve`; this one measures itself against "
					+ "Reactor Netty's `HttpServer`, the bare server underneath it.")
			.append(settings.pipelined() ? " The original's figures were not pipelined; these were, so the two "
					+ "columns compare overheads under different loads." : "")
			.append("\n\n")
			.append("| Scenario | Fastro for Spring Boot (% of Reactor Netty) | Original Fastro (% of Deno.serve) |\n")
			.append("|---|---:|---:|\n");
		for (Scenario scenario : Scenario.values()) {
			if (!DENO_FASTRO.containsKey(scenario)) {
				continue;
			}
			String ours = summaries.stream()
				.filter(summary -> summary.caseLabel().equals(scenario.title())
						&& summary.server() == ServerKind.FASTRO)
				.findFirst()
				.map(ReportWriter::percent)
				.orElse("not measured");
			md.append("| ")
				.append(scenario.title())
				.append(" | ")
				.append(ours)
				.append(" | ")
				.append(String.format(Locale.ROOT, "%.2f%%", DENO_FASTRO.get(scenario)))
				.append(" |\n");
		}
		md.append('\n');
		String chart = "chart-percent-of-native.svg";
		List<String> scenarios = cases(summaries);
		List<BarChart.Series> series = new ArrayList<>();
		for (ServerKind server : servers(summaries)) {
			if (server != ServerKind.NATIVE) {
				series.add(new BarChart.Series(server.label(), COLORS.get(server), values(summaries, server, scenarios,
						summary -> (summary.ratio() != null) ? summary.ratio().median() * 100 : null)));
			}
		}
		Files.writeString(directory.resolve(chart),
				new BarChart("Throughput as % of native Reactor Netty (median of rounds)", "Scenario",
						"% of native Reactor Netty throughput", scenarios, series, 100.0,
						value -> String.format(Locale.ROOT, "%.0f%%", value))
					.toSvg());
		md.append("![% of native per scenario and server](").append(chart).append(")\n\n");
	}

	/**
	 * Fastro beside the other frameworks, each as a share of the native server:
	 * throughput (higher is better) and CPU per request (lower is better). Nothing when
	 * no peer ran.
	 */
	private static void peers(StringBuilder md, List<Summary> summaries) {
		List<ServerKind> shown = servers(summaries).stream()
			.filter(server -> server.peer() || server == ServerKind.FASTRO || server == ServerKind.WEBFLUX)
			.toList();
		if (shown.stream().noneMatch(ServerKind::peer)) {
			return;
		}
		md.append("## Peers\n\n")
			.append("Other frameworks' servers on the same five scenarios, each written from its own documentation "
					+ "and in its own module with its own dependency versions (see `perf/README.md`), beside Fastro "
					+ "and WebFlux. Both columns are shares of the native Reactor Netty server in the same rounds: "
					+ "throughput **higher is better**, CPU per request **lower is better**. They are in the chart "
					+ "above too.\n\n")
			.append("| Scenario | Framework | Throughput (req/s) | % of Native | CPU µs/req | CPU % of native |\n")
			.append("|---|---|---:|---:|---:|---:|\n");
		for (String scenario : cases(summaries)) {
			String label = scenario;
			for (ServerKind server : shown) {
				Summary summary = find(summaries, scenario, server);
				if (summary == null) {
					continue;
				}
				md.append("| ").append(label).append(" | ").append(server.label()).append(" | ");
				label = "";
				if (summary.measured()) {
					md.append(String.format(Locale.ROOT, "%,.0f", summary.throughput())).append(" | ");
					ratios(md, summary);
				}
				else {
					md.append("invalid | | | |\n");
				}
			}
		}
		md.append('\n');
		if (shown.contains(ServerKind.JAVALIN)) {
			md.append("Javalin's text answers carry `")
				.append(ServerKind.JETTY_TEXT_PLAIN)
				.append("`: Jetty rewrites any content type with a charset into that spelling, so its answers are "
						+ "checked byte for byte against it.\n\n");
		}
	}

	/**
	 * The scenarios over each protocol: native and Fastro side by side, Fastro's share of
	 * native, and how far that share moves from its share over cleartext HTTP/1.1 in the
	 * same experiment (and in the scenarios above, when they ran). Nothing when the
	 * experiment did not run.
	 */
	private static void protocols(StringBuilder md, Path directory, RunSettings settings, List<Measurement> runs)
			throws IOException {
		List<Summary> summaries = Summary.of(runs, Experiment.PROTOCOLS);
		if (summaries.isEmpty()) {
			return;
		}
		List<Summary> main = Summary.of(runs, Experiment.MAIN);
		boolean mainRan = main.stream().anyMatch(summary -> summary.server() == ServerKind.FASTRO);
		Set<Protocol> protocols = EnumSet.noneOf(Protocol.class);
		summaries.forEach(summary -> protocols.add(summary.protocol()));
		md.append("## Protocols\n\n")
			.append("The five scenarios over each protocol (`--experiments protocols`), for the native Reactor Netty "
					+ "server and Fastro, each given the transport its own way: ")
			.append(protocols.stream().map(ReportWriter::transports).collect(Collectors.joining("; ", "", ". ")))
			.append(protocols.stream().anyMatch(Protocol::secure) ? "Both read the same certificate and key, made by "
					+ "`keytool` for the run, Fastro as a PEM SSL bundle. " : "")
			.append(protocols.contains(Protocol.TLS) ? "HTTP/1.1 and HTTP/1.1 over TLS are" : "HTTP/1.1 is")
			.append(" driven by wrk `-t1 -c")
			.append(settings.connections())
			.append('`');
		if (protocols.stream().anyMatch(Protocol::http2)) {
			md.append(", h2c and h2 by h2load `-t1 -c")
				.append(settings.connections())
				.append(" -m")
				.append(H2loadRunner.STREAMS_PER_CONNECTION)
				.append("`: as many connections, each with one request in flight, as wrk's");
		}
		md.append(". The servers restart for each protocol; ")
			.append(sideBySide(settings))
			.append(settings.seconds())
			.append(" s per run, median of ")
			.append(rounds(settings.rounds()))
			.append("; `% of native` is the median of the per-round ratios, min–max in brackets, and CPU per request "
					+ "is the server JVM's, as above (lower is better). `Δ` is Fastro's throughput share over the "
					+ "protocol minus its share over cleartext HTTP/1.1 in this experiment, in points: issue 11 asks "
					+ "for it to stay within 5.")
			.append(mainRan ? " The last column is Fastro's share over HTTP/1.1 in the scenarios above, measured "
					+ "with the other servers." : "")
			.append("\n\n")
			.append("| Scenario | Protocol | Native (req/s) | Fastro (req/s) | Fastro % of native | Native CPU µs/req "
					+ "| Fastro CPU µs/req | Fastro CPU % of native | Δ vs HTTP/1.1 |")
			.append(mainRan ? " HTTP/1.1 in the scenarios |\n" : "\n")
			.append("|---|---|---:|---:|---:|---:|---:|---:|---:|")
			.append(mainRan ? "---:|\n" : "\n");
		List<String> scenarios = cases(summaries);
		for (String scenario : scenarios) {
			String label = scenario;
			for (Protocol protocol : Protocol.values()) {
				Summary nativeServer = find(summaries, scenario, protocol, ServerKind.NATIVE);
				Summary fastro = find(summaries, scenario, protocol, ServerKind.FASTRO);
				if (nativeServer == null && fastro == null) {
					continue;
				}
				md.append("| ")
					.append(label)
					.append(" | ")
					.append(protocol.title())
					.append(" | ")
					.append(throughput(nativeServer))
					.append(" | ")
					.append(throughput(fastro))
					.append(" | ")
					.append(measured(fastro) ? percent(fastro) : "—")
					.append(" | ")
					.append(measured(nativeServer) ? cpu(nativeServer.cpuMicrosPerRequest()) : "—")
					.append(" | ")
					.append(measured(fastro) ? cpu(fastro.cpuMicrosPerRequest()) : "—")
					.append(" | ")
					.append(measured(fastro) ? cpuPercent(fastro) : "—")
					.append(" | ")
					.append((protocol == Protocol.H1) ? ""
							: points(fastro, find(summaries, scenario, Protocol.H1, ServerKind.FASTRO)))
					.append(" |");
				if (mainRan) {
					Summary http11Scenarios = find(main, scenario, ServerKind.FASTRO);
					md.append(' ')
						.append((http11Scenarios != null && http11Scenarios.measured()) ? percent(http11Scenarios)
								: "—")
						.append(" |");
				}
				md.append('\n');
				label = "";
			}
		}
		md.append('\n');
		problems(md, summaries, List.of());
		String chart = "chart-protocols.svg";
		List<BarChart.Series> series = new ArrayList<>();
		for (Protocol protocol : protocols) {
			List<Double> values = new ArrayList<>();
			for (String scenario : scenarios) {
				Summary fastro = find(summaries, scenario, protocol, ServerKind.FASTRO);
				values.add((fastro != null && fastro.ratio() != null) ? fastro.ratio().median() * 100 : null);
			}
			series.add(new BarChart.Series(protocol.title(), PROTOCOL_COLORS.get(protocol), values));
		}
		Files.writeString(directory.resolve(chart),
				new BarChart("Fastro's throughput as % of native Reactor Netty, by protocol (median of rounds)",
						"Scenario", "% of native throughput over the same protocol", scenarios, series, 100.0,
						value -> String.format(Locale.ROOT, "%.0f%%", value))
					.toSvg());
		md.append("![Fastro's % of native per scenario and protocol](").append(chart).append(")\n\n");
	}

	/**
	 * How each server is given a protocol, as the harness starts them
	 * ({@code TransportArguments}).
	 */
	private static String transports(Protocol protocol) {
		return switch (protocol) {
			case H1 -> "cleartext HTTP/1.1 with both servers' defaults";
			case H2C -> "h2c with `HttpServer.protocol(HTTP11, H2C)` for the native server and "
					+ "`fastro.server.http2.enabled` for Fastro";
			case TLS -> "HTTP/1.1 over TLS with `.secure(spec -> spec.sslContext(Http11SslContextSpec.forServer(cert, "
					+ "key)))` for the native server and `fastro.server.ssl.bundle` for Fastro";
			case H2 -> "h2 with `.protocol(HTTP11, H2).secure(... Http2SslContextSpec ...)` for the native server and "
					+ "both Fastro settings";
		};
	}

	/**
	 * The compression experiment: throughput and CPU per request of the 10 KiB JSON
	 * answer for each {@code Accept-Encoding}, and what one answer weighs. Nothing when
	 * the experiment did not run.
	 */
	private static void compression(StringBuilder md, RunSettings settings, List<Measurement> runs) {
		List<Summary> summaries = Summary.of(runs, Experiment.COMPRESSION);
		if (summaries.isEmpty()) {
			return;
		}
		List<String> codings = cases(summaries);
		md.append("## Compression\n\n")
			.append(String.format(Locale.ROOT, "`GET %s`, a JSON answer of %,d bytes (a list of user records), with ",
					Workload.COMPRESS_PATH, Workload.COMPRESSIBLE_JSON.length()))
			.append("`Accept-Encoding: ")
			.append(codings.get(0))
			.append('`')
			.append(codings.stream()
				.skip(1)
				.map(coding -> "`" + coding + "`")
				.collect(Collectors.collectingAndThen(Collectors.toList(), ReportWriter::listed)))
			.append(" (`--experiments compression`). Fastro runs with "
					+ "`fastro.server.compression.enabled=true`, the native server with Reactor Netty's "
					+ "`HttpServer.compress(true)`; both leave the choice and the encoding to Netty's "
					+ "`HttpContentCompressor` with its default levels")
			.append(codings.contains("br") ? ", with Brotli through `brotli4j` on the class path" : "")
			.append(". Each answer is decoded and checked byte for byte before measuring. wrk `-t1 -c")
			.append(settings.connections())
			.append("`, ")
			.append(sideBySide(settings))
			.append(settings.seconds())
			.append(" s per run, median of ")
			.append(rounds(settings.rounds()))
			.append(". Body bytes: one answer's body as it travels, measured once per server and coding with the "
					+ "JDK `HttpClient`; client bytes/req: everything wrk read (status line, headers, body) divided "
					+ "by the requests, median of rounds.\n\n")
			.append("| Accept-Encoding | Framework | Throughput (req/s) | % of Native | CPU µs/req | CPU % of native "
					+ "| Body bytes | Client bytes/req |\n")
			.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
		String previous = null;
		for (Summary summary : sorted(summaries)) {
			md.append("| ")
				.append(summary.caseLabel().equals(previous) ? "" : "`" + summary.caseLabel() + "`")
				.append(" | ")
				.append(summary.server().label())
				.append(" | ");
			previous = summary.caseLabel();
			if (!summary.measured()) {
				md.append("invalid | | | | | |\n");
				continue;
			}
			List<Measurement> serverRuns = runsOf(runs, Experiment.COMPRESSION, summary.caseLabel(), summary.server());
			List<Double> clientBytes = serverRuns.stream()
				.filter(run -> run.result().valid())
				.map(run -> run.result().bytesPerRequest())
				.toList();
			long body = serverRuns.get(0).bodyBytes();
			md.append(String.format(Locale.ROOT, "%,.0f", summary.throughput())).append(" | ");
			md.append(percent(summary))
				.append(" | ")
				.append(cpu(summary.cpuMicrosPerRequest()))
				.append(" | ")
				.append(cpuPercent(summary))
				.append(" | ")
				.append((body < 0) ? "—" : String.format(Locale.ROOT, "%,d", body))
				.append(" | ")
				.append(String.format(Locale.ROOT, "%,.0f", Stats.median(clientBytes)))
				.append(" |\n");
		}
		md.append('\n');
		problems(md, summaries, List.of());
	}

	/**
	 * The rest of a list begun with one item: {@code ", a, b and c"}, {@code " and a"},
	 * or nothing.
	 */
	private static String listed(List<String> rest) {
		if (rest.isEmpty()) {
			return "";
		}
		int last = rest.size() - 1;
		return rest.subList(0, last).stream().map(item -> ", " + item).collect(Collectors.joining()) + " and "
				+ rest.get(last);
	}

	private static boolean measured(Summary summary) {
		return summary != null && summary.measured();
	}

	private static String throughput(Summary summary) {
		if (summary == null) {
			return "—";
		}
		return summary.measured() ? String.format(Locale.ROOT, "%,.0f", summary.throughput()) : "invalid";
	}

	/**
	 * How many points a share of native moved from the HTTP/1.1 one, or a dash when
	 * either is unknown.
	 */
	private static String points(Summary over, Summary http11) {
		if (over == null || http11 == null || over.ratio() == null || http11.ratio() == null) {
			return "—";
		}
		return String.format(Locale.ROOT, "%+.1f", (over.ratio().median() - http11.ratio().median()) * 100);
	}

	/**
	 * Start-up time and resident memory per server. Nothing when none was measured.
	 */
	private static void footprint(StringBuilder md, Map<ServerKind, Footprint> footprints) {
		if (footprints.isEmpty()) {
			return;
		}
		md.append("## Start-up and footprint\n\n")
			.append("Start-up: from just before the harness spawns the server's JVM to the first answer to `GET /`, "
					+ "asked every ")
			.append(ServerProcess.POLL_INTERVAL_MILLIS)
			.append(" ms; the JVM's own start is included. The servers start one after the other, each only once "
					+ "the one before answers, all the same way: **unpinned**, on every core (the servers already "
					+ "up are idle and pinned), with the same JVM flags. Throughput and CPU are measured pinned; "
					+ "start-up is not. One start per server and run, on a shared machine: a single sample, not a "
					+ "median. Resident memory: `VmRSS` from `/proc/PID/status` after the server's warm-up, the "
					+ "whole process (heap pages touched so far, metaspace, code cache, thread stacks, libraries); "
					+ "the 512 MB heap is reserved up front but only the pages a server has touched count. Lower is "
					+ "better for both.\n\n")
			.append("| Framework | Start-up (ms) | RSS after warm-up (MiB) |\n")
			.append("|---|---:|---:|\n");
		for (Map.Entry<ServerKind, Footprint> entry : footprints.entrySet()) {
			Footprint footprint = entry.getValue();
			md.append("| ")
				.append(entry.getKey().label())
				.append(" | ")
				.append(Double.isNaN(footprint.startupMillis()) ? "—"
						: String.format(Locale.ROOT, "%,.0f", footprint.startupMillis()))
				.append(" | ")
				.append((footprint.rssKilobytes() < 0) ? "— (not warmed up)"
						: String.format(Locale.ROOT, "%,.1f", footprint.rssKilobytes() / 1024.0))
				.append(" |\n");
		}
		md.append('\n');
		List<String> otherJdk = footprints.keySet()
			.stream()
			.filter(kind -> JavaRuntime.forServer(kind) != null
					&& !JavaRuntime.forServer(kind).equals(JavaRuntime.own()))
			.map(kind -> kind.label() + " ran on `" + JavaRuntime.forServer(kind) + "`")
			.toList();
		if (!otherJdk.isEmpty()) {
			md.append(String.join("; ", otherJdk))
				.append(" (it needs Java 21 or later); every other server on the harness's Java ")
				.append(Runtime.version().feature())
				.append(". A different JDK changes start-up, memory and speed on its own.\n\n");
		}
	}

	/**
	 * How busy wrk's core was in each scenario, as read from {@code /proc/stat} around
	 * every run. Near 100%, wrk could send no faster: the throughput it measured is its
	 * own limit, much the same for any server fast enough, and CPU per request is what
	 * tells the servers apart. Nothing when the core was not read.
	 */
	private static void saturation(StringBuilder md, List<Summary> summaries) {
		List<String> lines = new ArrayList<>();
		for (String scenario : cases(summaries)) {
			DoubleSummaryStatistics busy = summaries.stream()
				.filter(summary -> summary.caseLabel().equals(scenario) && summary.measured()
						&& !Double.isNaN(summary.loadCoreBusy()))
				.mapToDouble(Summary::loadCoreBusy)
				.summaryStatistics();
			if (busy.getCount() == 0) {
				continue;
			}
			long least = Math.round(busy.getMin() * 100);
			long most = Math.round(busy.getMax() * 100);
			lines.add(scenario + ": " + ((least == most) ? most + "%" : least + "–" + most + "%")
					+ ((most >= SATURATED_PERCENT)
							? " busy: **wrk was at or near its limit**, so the servers' throughput there may be wrk's "
									+ "and understate the faster one's lead; compare their CPU per request."
							: " busy: wrk kept up."));
		}
		if (!lines.isEmpty()) {
			md.append("Did wrk keep up? Its core's busy share during the runs, median of rounds (the range spans "
					+ "the servers):\n\n");
			lines.forEach(line -> md.append("- ").append(line).append('\n'));
			md.append('\n');
		}
	}

	private static void scaling(StringBuilder md, Path directory, RunSettings settings, List<Measurement> runs)
			throws IOException {
		boolean any = runs.stream().anyMatch(run -> run.experiment().scaling());
		if (!any) {
			return;
		}
		md.append("## Scaling\n\n")
			.append("Median of ")
			.append(rounds(settings.scalingRounds()))
			.append(" of ")
			.append(settings.seconds())
			.append(" s per run; in brackets the per-round ratio to the native server where there is one.\n\n");
		for (Experiment experiment : Experiment.values()) {
			List<Summary> summaries = Summary.of(runs, experiment);
			if (!experiment.scaling() || summaries.isEmpty()) {
				continue;
			}
			md.append("### ").append(experiment.title()).append("\n\n").append(scalingNote(experiment)).append("\n\n");
			List<String> cases = cases(summaries);
			List<ServerKind> servers = servers(summaries);
			md.append("| ").append(experiment.axisLabel()).append(" |");
			servers.forEach(server -> md.append(' ').append(server.label()).append(" (req/s) |"));
			md.append("\n|---|").append("---:|".repeat(servers.size())).append('\n');
			for (String label : cases) {
				md.append("| ").append(label).append(" |");
				for (ServerKind server : servers) {
					Summary summary = find(summaries, label, server);
					md.append(' ').append(scalingCell(summary)).append(" |");
				}
				md.append('\n');
			}
			md.append('\n');
			md.append("Server CPU time per request (lower is better), in brackets its per-round ratio to the native "
					+ "server where there is one:\n\n");
			md.append("| ").append(experiment.axisLabel()).append(" |");
			servers.forEach(server -> md.append(' ').append(server.label()).append(" (CPU µs/req) |"));
			md.append("\n|---|").append("---:|".repeat(servers.size())).append('\n');
			for (String label : cases) {
				md.append("| ").append(label).append(" |");
				for (ServerKind server : servers) {
					md.append(' ').append(scalingCpuCell(find(summaries, label, server))).append(" |");
				}
				md.append('\n');
			}
			md.append('\n');
			problems(md, summaries, List.of());
			String chart = "chart-" + experiment.id() + ".svg";
			List<BarChart.Series> series = servers.stream()
				.map(server -> new BarChart.Series(server.label(), COLORS.get(server),
						values(summaries, server, cases, summary -> summary.measured() ? summary.throughput() : null)))
				.toList();
			Files.writeString(directory.resolve(chart),
					new BarChart("Throughput against " + experiment.title().toLowerCase(Locale.ROOT),
							experiment.axisLabel(), "Throughput (requests/s, median)", cases, series, null, REQUESTS)
						.toSvg());
			md.append("![").append(experiment.title()).append("](").append(chart).append(")\n\n");
		}
	}

	private static String scalingNote(Experiment experiment) {
		return switch (experiment) {
			case ROUTES ->
				"Each server is started with N generated routes `/r<i>/user/:id` besides the five scenarios, "
						+ "and the measured request `GET /r<N/2>/user/123` hits the one in the middle. The native row here is "
						+ "Reactor Netty's own documented router, `HttpServer.route(...)`, which tries the routes one by "
						+ "one in declaration order: nobody writes `if` dispatch over thousands of routes.";
			case MIDDLEWARES -> "`GET /mw/<n>`: a route answering `Hello world!` through n pass-through middlewares "
					+ "(`(ctx, next) -> next.handle(ctx)` in Fastro, `HandlerFilterFunction`s in WebFlux). The native "
					+ "servers have no middleware to count.";
			case BODY -> "The JSON POST scenario with the same object and a longer `name`, so the body has the given "
					+ "size; every server reads it into its record and writes it back.";
			case CONNECTIONS ->
				"The Root scenario with wrk's `-c` set to the given number of connections (one wrk " + "thread).";
			case MAIN, PROTOCOLS, COMPRESSION -> "";
		};
	}

	private static String scalingCell(Summary summary) {
		if (summary == null) {
			return "—";
		}
		if (!summary.measured()) {
			return "invalid";
		}
		String cell = String.format(Locale.ROOT, "%,.0f", summary.throughput());
		return (summary.ratio() != null && !isReference(summary.server()))
				? cell + " (" + percentOnly(summary.ratio()) + ")" : cell;
	}

	private static String scalingCpuCell(Summary summary) {
		if (summary == null) {
			return "—";
		}
		if (!summary.measured()) {
			return "invalid";
		}
		String cell = cpu(summary.cpuMicrosPerRequest());
		return (summary.cpuRatio() != null && !isReference(summary.server()))
				? cell + " (" + percentOnly(summary.cpuRatio()) + ")" : cell;
	}

	private static void jmh(StringBuilder md, JmhResults jmh) {
		md.append("## Router micro-benchmarks (JMH)\n\n");
		if (jmh == null) {
			md.append("Not run for this report: `perf/run --jmh` runs them and the report then includes them.\n\n");
			return;
		}
		md.append("One `GET` lookup in a table of ")
			.append(GitHubRoutes.load().size())
			.append(" routes modelled on the GitHub REST API (`GitHubRoutes`), average time and allocation per lookup "
					+ "(`-prof gc`): Fastro's router with its route cache on (the same path again and again: the cache's "
					+ "best case) and off, beside Spring's `PathPattern`s tried in order as functional endpoints do, and "
					+ "Reactor Netty's `HttpServerRoutes` on the same table. Cells: ns/op ± error · B/op.\n\n");
		Set<String> routers = new LinkedHashSet<>();
		Set<String> requests = new LinkedHashSet<>();
		Map<String, JmhResults.Row> byKey = new LinkedHashMap<>();
		for (JmhResults.Row row : jmh.rows()) {
			routers.add(row.router());
			requests.add(row.request());
			byKey.put(row.request() + "|" + row.router(), row);
		}
		md.append("| Request |");
		routers.forEach(router -> md.append(' ').append(router).append(" |"));
		md.append("\n|---|").append("---:|".repeat(routers.size())).append('\n');
		for (String request : requests) {
			md.append("| ").append(request).append(" |");
			for (String router : routers) {
				JmhResults.Row row = byKey.get(request + "|" + router);
				md.append(' ').append((row == null) ? "—" : jmhCell(row)).append(" |");
			}
			md.append('\n');
		}
		md.append('\n');
	}

	private static String jmhCell(JmhResults.Row row) {
		String time = String.format(Locale.ROOT, "%.1f", row.nsPerOp())
				+ (Double.isNaN(row.nsError()) ? "" : String.format(Locale.ROOT, " ± %.1f", row.nsError()));
		String bytes = Double.isNaN(row.bytesPerOp()) ? "?" : String.format(Locale.ROOT, "%.0f B", row.bytesPerOp());
		return time + " · " + bytes;
	}

	private static void method(StringBuilder md, RunSettings settings, List<Measurement> runs) {
		boolean randomIds = runs.stream()
			.anyMatch(run -> run.experiment() == Experiment.MAIN
					&& (run.caseLabel().equals(Scenario.URL_PARAMS_UNIFORM.title())
							|| run.caseLabel().equals(Scenario.URL_PARAMS_ZIPF.title())));
		md.append("## Method\n\n")
			.append("- Every server runs in its own JVM with `-XX:ActiveProcessorCount=1` and one event-loop thread. "
					+ "The servers of an experiment start one after the other, and once a server is up all its threads are "
					+ "pinned to the server core (`taskset -a -p -c`, checked in `/proc`), before it is verified, "
					+ "warmed up and measured; wrk is pinned to the other core (`taskset -c`).\n")
			.append("- Before measuring, each server's answer to every request it will be measured with is checked "
					+ "byte for byte (status, `content-type`, body, and `x-user` for the middleware scenario); a server "
					+ "that answers differently is refused.\n")
			.append("- Warm-up: every request of a server is driven at once for ")
			.append(settings.warmupSeconds())
			.append(" s after it starts, before its first measured run.\n")
			.append(settings.freshJvms() ? "- Fresh JVMs (`--fresh-jvms`): the servers are started, verified and "
					+ "warmed up anew for every round, so each round measures other JVMs. A JVM keeps its own speed "
					+ "for its life (two JVMs of one build differed by up to 3 points on this machine), which rounds "
					+ "on the same JVMs cannot average out; here the rounds' spread includes it.\n" : "")
			.append(settings.sideBySide() ? "- Side by side (`--side-by-side`): for each scenario, in each of "
					+ rounds(settings.rounds()) + ", the servers run at once for " + settings.seconds()
					+ " s, each loaded by its own wrk, all the wrk processes on the wrk core, started in an order "
					+ "reversed every other round and rotated by one server every two rounds. The servers share "
					+ "the server core, so a slow or a fast phase of the shared machine falls on all of them alike. "
					+ "Each has only part of the core and of wrk's, so its throughput and CPU per request are not "
					+ "those it would have alone (CPU per request comes out higher, as the servers evict each "
					+ "other's caches): only the ratios between servers are results. Medians over rounds, and "
					+ "`% of Native` is the median of the per-round ratios.\n"
					: "- For each scenario the servers take turns, one " + settings.seconds() + " s run each, for "
							+ rounds(settings.rounds())
							+ ", the order reversed every other round and rotated by one server every two "
							+ "rounds; medians over rounds, and `% of Native` is the median of the per-round "
							+ "ratios.\n")
			.append("- A run with socket errors or non-2xx answers is invalid and left out.\n")
			.append(settings.pipelined()
					? "- Pipelined (`--pipelined`): in the scenarios, wrk's Lua `init` builds one string of "
							+ settings.pipeline()
							+ " copies of the request with `wrk.format()` and `request` returns it, "
							+ "as TechEmpower's plaintext test does, so every write carries " + settings.pipeline()
							+ " requests and the client stops being the bottleneck. wrk counts each response, so "
							+ "throughput and CPU per request are per request. Its latencies are not: it times a whole "
							+ "batch, and its coordinated-omission correction assumes one request per connection and "
							+ "round trip, so it adds phantom samples (a p95 can even read 0); the table leaves them out "
							+ "and the CSV keeps wrk's raw figures. A batch slower than wrk's 2 s timeout still "
							+ "counts as a timeout and makes the run invalid. Before measuring, "
							+ "each server also gets " + settings.pipeline()
							+ " copies of each request in one write on "
							+ "one connection and must return as many exact answers, in order. The scaling "
							+ "experiments are not pipelined.\n"
					: "")
			.append(randomIds ? "- Realistic paths: " + Scenario.URL_PARAMS_UNIFORM.title() + " and "
					+ Scenario.URL_PARAMS_ZIPF.title() + " request `GET /user/<id>` with an id drawn anew for every "
					+ "request, in wrk's Lua `request()`, from "
					+ String.format(Locale.ROOT, "%,d", Scenario.DISTINCT_IDS)
					+ " distinct ids, so a route cache sees misses as in production: uniformly (`math.random`), and "
					+ "Zipf-like with exponent 1, id k with probability (1/k)/H(N), by exact inverse-CDF sampling "
					+ "(`init` tabulates the harmonic sums once, each draw binary-searches them). Each run has its own "
					+ "seed. Before measuring, every server answers a fixed sample of " + RandomIds.SAMPLE_SIZE
					+ " ids (1, 2, 3, 10, 100, 1,000, the middle, the last two and uniform ones), each of which must "
					+ "be `User <id>` byte for byte.\n" : "")
			.append("- CPU per request: the server JVM's user + system CPU time, all its threads (event loop, JIT, "
					+ "GC), read from `/proc/PID/stat` (in clock ticks, `getconf CLK_TCK`) right before wrk starts and "
					+ "right after it ends, divided by the requests wrk completed in that run. The harness checks "
					+ "that the process it reads is the JVM itself, not a wrapper. Clock ticks are 10 ms, so over a ")
			.append(settings.seconds())
			.append(" s window at full load the error is well under 1%. Requests still in flight when wrk stops are "
					+ "not counted (at most one per connection), which errs slightly high. `CPU % of native` is the "
					+ "median of the per-round ratios, like `% of Native`, but lower is better. A server that has its core to "
					+ "itself and is the bottleneck answers about 1,000,000 / (CPU µs/req) requests per second; where "
					+ "wrk is the bottleneck, throughput flattens and CPU per request still tells the servers "
					+ "apart.\n\n");
	}

	/**
	 * What changed in the method since the earlier reports, so their figures are not
	 * compared with these as if they were measured alike.
	 */
	private static void methodChanges(StringBuilder md) {
		md.append("## Method changes\n\n")
			.append("- The order of the servers changes from round to round: reversed every other round and "
					+ "rotated by one server every two rounds, carrying on from scenario to scenario, so each server "
					+ "goes first as often as the others and follows different ones. (Until issue 10's side-by-side "
					+ "mode it rotated every round as well, which with two servers undid itself and put the same "
					+ "one first in every round.) Earlier reports started every round with Native, right "
					+ "after the previous round's last server, and Fastro always followed Native, so whatever a "
					+ "server left running on the shared core after its run (connections closing, compilation, "
					+ "collection) fell on the same server every time, and every ratio to Native leaned the same "
					+ "way.\n")
			.append("- The Fastro row is Fastro as it ships: the route cache is now off by default (see the "
					+ "README), so `Fastro` runs without it and `Fastro (cache on)` (`fastro-cache`) replaces the "
					+ "earlier `Fastro (cache off)` row.\n")
			.append("- `Fastro (demo app jar)` (`--servers ...,fastro-demo`, scenarios only) runs the demo app's "
					+ "executable jar as it ships, the Fastro that independent runs measure, beside the perf app the "
					+ "Fastro row uses (the demo's `BenchmarkRoutes` and `application.yml`, plus the scaling "
					+ "experiments' routes), so a run can show whether the two differ.\n")
			.append("- Helidon SE 4 joined the peers (on a JDK 21+).\n")
			.append("- Each server is warmed up for longer (`--warmup`, 15 s by default, was 5 s; this run's length is "
					+ "under Method): with the server and its JIT compilers sharing one core, Root, measured first, was "
					+ "still partly measuring the warm-up (in the report before this change, native's first Root round "
					+ "ran at 58,000 req/s, its later ones at 102,000-114,000).\n\n");
	}

	static void environment(StringBuilder md, Environment environment) {
		md.append("## Environment\n\n")
			.append("- CPU: ")
			.append(environment.cpuModel())
			.append(", ")
			.append(environment.cpuCount())
			.append(" cores (")
			.append(environment.coreSplit())
			.append(")\n")
			.append("- OS: ")
			.append(environment.os())
			.append('\n')
			.append("- JDK: ")
			.append(environment.jdk())
			.append('\n')
			.append("- JVM flags (every server): `")
			.append(String.join(" ", environment.jvmFlags()))
			.append("`\n");
		environment.versions()
			.forEach((name, version) -> md.append("- ").append(name).append(": ").append(version).append('\n'));
		md.append("- Date: ")
			.append(environment.date())
			.append('\n')
			.append("- Command: `")
			.append(environment.command())
			.append("`\n\n");
	}

	private static List<Summary> sorted(List<Summary> summaries) {
		List<String> cases = cases(summaries);
		return summaries.stream()
			.sorted(Comparator.comparingInt((Summary summary) -> cases.indexOf(summary.caseLabel()))
				.thenComparing(Summary::server))
			.toList();
	}

	private static List<String> cases(List<Summary> summaries) {
		return summaries.stream().map(Summary::caseLabel).distinct().toList();
	}

	private static List<ServerKind> servers(List<Summary> summaries) {
		return summaries.stream().map(Summary::server).distinct().sorted().toList();
	}

	private static Summary find(List<Summary> summaries, String caseLabel, Protocol protocol, ServerKind server) {
		return summaries.stream()
			.filter(summary -> summary.caseLabel().equals(caseLabel) && summary.protocol() == protocol
					&& summary.server() == server)
			.findFirst()
			.orElse(null);
	}

	private static Summary find(List<Summary> summaries, String caseLabel, ServerKind server) {
		return summaries.stream()
			.filter(summary -> summary.caseLabel().equals(caseLabel) && summary.server() == server)
			.findFirst()
			.orElse(null);
	}

	private static List<Double> values(List<Summary> summaries, ServerKind server, List<String> cases,
			Function<Summary, Double> value) {
		List<Double> values = new ArrayList<>();
		for (String label : cases) {
			Summary summary = find(summaries, label, server);
			values.add((summary != null) ? value.apply(summary) : null);
		}
		return values;
	}

	private static boolean isReference(ServerKind server) {
		return server == ServerKind.NATIVE || server == ServerKind.NATIVE_ROUTED;
	}

	private static String percent(Summary summary) {
		if (isReference(summary.server())) {
			return "100%";
		}
		return withRange(summary.ratio());
	}

	private static String cpuPercent(Summary summary) {
		if (isReference(summary.server())) {
			return Double.isNaN(summary.cpuMicrosPerRequest()) ? "—" : "100%";
		}
		return withRange(summary.cpuRatio());
	}

	/** A ratio as a percentage with its per-round range, or "—" without one. */
	private static String withRange(Stats.Ratio ratio) {
		if (ratio == null) {
			return "—";
		}
		return percentOnly(ratio) + String.format(Locale.ROOT, " (%.1f–%.1f%%)", ratio.min() * 100, ratio.max() * 100);
	}

	/** CPU microseconds per request, two decimals. */
	static String cpu(double micros) {
		return Double.isNaN(micros) ? "—" : String.format(Locale.ROOT, "%.2f", micros);
	}

	private static String percentOnly(Stats.Ratio ratio) {
		return String.format(Locale.ROOT, "%.2f%%", ratio.median() * 100);
	}

	private static String rounds(int rounds) {
		return rounds + ((rounds == 1) ? " round" : " rounds");
	}

	/**
	 * Microseconds as wrk prints them: µs below a millisecond, ms with two decimals
	 * above.
	 */
	static String latency(double micros) {
		return (micros < 1000) ? String.format(Locale.ROOT, "%.0f µs", micros)
				: String.format(Locale.ROOT, "%.2f ms", micros / 1000);
	}

}
