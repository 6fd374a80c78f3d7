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
 *
 * <p>
 * The prose is in {@code report.md} beside this class, a {@link MarkdownTemplate}: its
 * {@code report} fragment lays out the sections, and each section's fragment says what it
 * shows. This class computes the figures, builds the tables and charts, picks the
 * fragments that fit the run's settings and fills them in.
 */
public final class ReportWriter {

	/** The report's file name. */
	public static final String FILE_NAME = "BENCHMARK.md";

	/**
	 * Where the security experiment's report goes, under the perf directory, when it runs
	 * alone.
	 */
	static final String SECURITY_DIRECTORY = "security";

	/** The report's prose. */
	static final MarkdownTemplate TEXT = MarkdownTemplate.load(ReportWriter.class, "report.md");

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

	/** The share of nginx's throughput Fastro aims at for every static file. */
	private static final double STATIC_GOAL = 0.80;

	private static final Map<ServerKind, String> COLORS = Map.ofEntries(Map.entry(ServerKind.NATIVE, "#7f8c8d"),
			Map.entry(ServerKind.NATIVE_ROUTED, "#95a5a6"), Map.entry(ServerKind.FASTRO, "#e67e22"),
			Map.entry(ServerKind.FASTRO_CACHE, "#f5b041"), Map.entry(ServerKind.FASTRO_REACTOR_NETTY, "#dc7633"),
			Map.entry(ServerKind.FASTRO_DEMO, "#a04000"), Map.entry(ServerKind.FASTRO_METRICS, "#e67e22"),
			Map.entry(ServerKind.FASTRO_ROUTE_COST, "#ca6f1e"),
			Map.entry(ServerKind.FASTRO_NO_LEAK_DETECTION, "#f0b27a"), Map.entry(ServerKind.WEBFLUX, "#2e86c1"),
			Map.entry(ServerKind.RAW, "#27ae60"), Map.entry(ServerKind.VERTX, "#8e44ad"),
			Map.entry(ServerKind.JAVALIN, "#c0392b"), Map.entry(ServerKind.MVC, "#16a085"),
			Map.entry(ServerKind.MVC_VIRTUAL, "#76d7c4"), Map.entry(ServerKind.HELIDON, "#d4ac0d"),
			Map.entry(ServerKind.NGINX, "#009639"));

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
		List<Summary> main = Summary.of(runs, Experiment.MAIN);
		String report = TEXT.fragment("report")
			.with("quickMode", settings.quick() ? TEXT.render("quick-mode") : "")
			.with("scenarios",
					scenarios(settings, main,
							refusals.stream().filter(refusal -> refusal.experiment() != Experiment.SECURITY).toList()))
			.with("saturation", saturation(main))
			.with("observationCost", observationCost(runs, main))
			.with("againstDeno", againstDeno(directory, settings, main))
			.with("peers", peers(main))
			.with("protocols", protocols(directory, settings, runs))
			.with("compression", compression(settings, runs))
			.with("staticFiles", staticFiles(settings, runs))
			.with("security", security(settings, runs, refusals))
			.with("footprint", footprint(footprints))
			.with("scaling", scaling(directory, settings, runs))
			.with("jmh", jmh(jmh))
			.with("method", method(settings, runs))
			.with("methodChanges", TEXT.render("method-changes"))
			.with("environment", environment(environment))
			.with("csv", CsvWriter.FILE_NAME)
			.render();
		Files.writeString(directory.resolve(FILE_NAME), report + "\n", StandardCharsets.UTF_8);
	}

	/** The scenarios' table, with what it shows and what went wrong. */
	private static String scenarios(RunSettings settings, List<Summary> summaries, List<Refusal> refusals) {
		StringBuilder table = new StringBuilder();
		table.append(
				"| Scenario | Framework | Throughput (req/s) | Avg Latency | P95 Latency | % of Native | CPU µs/req "
						+ "| CPU % of native |\n");
		table.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
		String previous = null;
		for (Summary summary : sorted(summaries)) {
			String scenario = summary.caseLabel().equals(previous) ? "" : summary.caseLabel();
			previous = summary.caseLabel();
			table.append("| ").append(scenario).append(" | ").append(summary.server().label()).append(" | ");
			if (summary.measured()) {
				table.append(String.format(Locale.ROOT, "%,.0f", summary.throughput()))
					.append(" | ")
					.append(settings.pipelined() ? "n/a" : latency(summary.latencyMeanMicros()))
					.append(" | ")
					.append(settings.pipelined() ? "n/a" : latency(summary.latencyP95Micros()))
					.append(" | ");
				ratios(table, summary);
			}
			else {
				table.append("invalid | | | | | |\n");
			}
		}
		return TEXT.fragment("scenarios")
			.with("connections", settings.connections())
			.with("pipelined",
					settings.pipelined()
							? TEXT.fragment("scenarios.pipelined").with("pipeline", settings.pipeline()).render() : "")
			.with("runs", runs(settings))
			.with("table", table)
			.with("problems", problems(summaries, refusals))
			.render();
	}

	/**
	 * How long each run was and how many rounds there were, and, where the servers of
	 * each round ran at once, that only the ratios are results.
	 */
	private static String runs(RunSettings settings) {
		return TEXT.fragment(settings.sideBySide() ? "runs.side-by-side" : "runs")
			.with("seconds", settings.seconds())
			.with("rounds", rounds(settings.rounds()))
			.render();
	}

	/**
	 * The cells every table shares: throughput and CPU per request, each against native.
	 */
	private static void ratios(StringBuilder table, Summary summary) {
		table.append(percent(summary))
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
	private static String observationCost(List<Measurement> runs, List<Summary> summaries) {
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
			return "";
		}
		StringBuilder table = new StringBuilder(
				"| Scenario | Throughput, % of Fastro | Fastro CPU µs/req | Fastro + metrics CPU µs/req "
						+ "| CPU % of Fastro |\n")
			.append("|---|---:|---:|---:|---:|\n");
		rows.forEach(table::append);
		return TEXT.fragment("observation-cost").with("table", table).render();
	}

	/** The runs of one case of an experiment by one server, in the order they ran. */
	private static List<Measurement> runsOf(List<Measurement> runs, Experiment experiment, String caseLabel,
			ServerKind server) {
		return runs.stream()
			.filter(run -> run.experiment() == experiment && run.caseLabel().equals(caseLabel)
					&& run.server() == server)
			.toList();
	}

	/**
	 * The servers refused and the runs left out, as a list; nothing when there are none.
	 */
	private static String problems(List<Summary> summaries, List<Refusal> refusals) {
		List<String> lines = new ArrayList<>();
		for (Refusal refusal : refusals) {
			lines.add(TEXT.fragment("problems.refused")
				.with("server", refusal.server().label())
				.with("experiment", refusal.experiment().title())
				.with("reason", refusal.reason())
				.render());
		}
		for (Summary summary : summaries) {
			for (String problem : summary.problems()) {
				lines.add(TEXT.fragment("problems.invalid")
					.with("scenario", summary.caseLabel())
					.with("protocol", (summary.protocol() != Protocol.H1)
							? TEXT.fragment("problems.protocol").with("protocol", summary.protocol().title()).render()
							: "")
					.with("server", summary.server().label())
					.with("problem", problem)
					.render());
			}
		}
		return lines.isEmpty() ? "" : TEXT.fragment("problems").with("problems", String.join("\n", lines)).render();
	}

	private static String againstDeno(Path directory, RunSettings settings, List<Summary> summaries)
			throws IOException {
		StringBuilder table = new StringBuilder()
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
			table.append("| ")
				.append(scenario.title())
				.append(" | ")
				.append(ours)
				.append(" | ")
				.append(String.format(Locale.ROOT, "%.2f%%", DENO_FASTRO.get(scenario)))
				.append(" |\n");
		}
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
		return TEXT.fragment("against-deno")
			.with("pipelined", settings.pipelined() ? TEXT.render("against-deno.pipelined") : "")
			.with("table", table)
			.with("chart", chart)
			.render();
	}

	/**
	 * Fastro beside the other frameworks, each as a share of the native server:
	 * throughput (higher is better) and CPU per request (lower is better). Nothing when
	 * no peer ran.
	 */
	private static String peers(List<Summary> summaries) {
		List<ServerKind> shown = servers(summaries).stream()
			.filter(server -> server.peer() || server == ServerKind.FASTRO || server == ServerKind.WEBFLUX)
			.toList();
		if (shown.stream().noneMatch(ServerKind::peer)) {
			return "";
		}
		StringBuilder table = new StringBuilder()
			.append("| Scenario | Framework | Throughput (req/s) | % of Native | CPU µs/req | CPU % of native |\n")
			.append("|---|---|---:|---:|---:|---:|\n");
		for (String scenario : cases(summaries)) {
			String label = scenario;
			for (ServerKind server : shown) {
				Summary summary = find(summaries, scenario, server);
				if (summary == null) {
					continue;
				}
				table.append("| ").append(label).append(" | ").append(server.label()).append(" | ");
				label = "";
				if (summary.measured()) {
					table.append(String.format(Locale.ROOT, "%,.0f", summary.throughput())).append(" | ");
					ratios(table, summary);
				}
				else {
					table.append("invalid | | | |\n");
				}
			}
		}
		return TEXT.fragment("peers")
			.with("table", table)
			.with("javalin", shown.contains(ServerKind.JAVALIN)
					? TEXT.fragment("peers.javalin").with("contentType", ServerKind.JETTY_TEXT_PLAIN).render() : "")
			.render();
	}

	/**
	 * The scenarios over each protocol: native and Fastro side by side, Fastro's share of
	 * native, and how far that share moves from its share over cleartext HTTP/1.1 in the
	 * same experiment (and in the scenarios above, when they ran). Nothing when the
	 * experiment did not run.
	 */
	private static String protocols(Path directory, RunSettings settings, List<Measurement> runs) throws IOException {
		List<Summary> summaries = Summary.of(runs, Experiment.PROTOCOLS);
		if (summaries.isEmpty()) {
			return "";
		}
		List<Summary> main = Summary.of(runs, Experiment.MAIN);
		boolean mainRan = main.stream().anyMatch(summary -> summary.server() == ServerKind.FASTRO);
		Set<Protocol> protocols = EnumSet.noneOf(Protocol.class);
		summaries.forEach(summary -> protocols.add(summary.protocol()));
		StringBuilder table = new StringBuilder()
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
				table.append("| ")
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
					table.append(' ')
						.append((http11Scenarios != null && http11Scenarios.measured()) ? percent(http11Scenarios)
								: "—")
						.append(" |");
				}
				table.append('\n');
				label = "";
			}
		}
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
		return TEXT.fragment("protocols")
			.with("transports",
					protocols.stream()
						.map(protocol -> TEXT.render("protocols.transport." + protocol.id()))
						.collect(Collectors.joining("; ")))
			.with("sameCertificate",
					protocols.stream().anyMatch(Protocol::secure) ? TEXT.render("protocols.same-certificate") : "")
			.with("wrkProtocols",
					TEXT.render(protocols.contains(Protocol.TLS) ? "protocols.wrk-and-tls" : "protocols.wrk"))
			.with("connections", settings.connections())
			.with("h2load",
					protocols.stream().anyMatch(Protocol::http2) ? TEXT.fragment("protocols.h2load")
						.with("connections", settings.connections())
						.with("streams", H2loadRunner.STREAMS_PER_CONNECTION)
						.render() : "")
			.with("runs", runs(settings))
			.with("scenariosColumn", mainRan ? TEXT.render("protocols.scenarios-column") : "")
			.with("table", table)
			.with("problems", problems(summaries, List.of()))
			.with("chart", chart)
			.render();
	}

	/**
	 * The compression experiment: throughput and CPU per request of the 10 KiB JSON
	 * answer for each {@code Accept-Encoding}, and what one answer weighs. Nothing when
	 * the experiment did not run.
	 */
	private static String compression(RunSettings settings, List<Measurement> runs) {
		List<Summary> summaries = Summary.of(runs, Experiment.COMPRESSION);
		if (summaries.isEmpty()) {
			return "";
		}
		List<String> codings = cases(summaries);
		StringBuilder table = new StringBuilder()
			.append("| Accept-Encoding | Framework | Throughput (req/s) | % of Native | CPU µs/req | CPU % of native "
					+ "| Body bytes | Client bytes/req |\n")
			.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
		String previous = null;
		for (Summary summary : sorted(summaries)) {
			table.append("| ")
				.append(summary.caseLabel().equals(previous) ? "" : "`" + summary.caseLabel() + "`")
				.append(" | ")
				.append(summary.server().label())
				.append(" | ");
			previous = summary.caseLabel();
			if (!summary.measured()) {
				table.append("invalid | | | | | |\n");
				continue;
			}
			List<Measurement> serverRuns = runsOf(runs, Experiment.COMPRESSION, summary.caseLabel(), summary.server());
			List<Double> clientBytes = serverRuns.stream()
				.filter(run -> run.result().valid())
				.map(run -> run.result().bytesPerRequest())
				.toList();
			long body = serverRuns.get(0).bodyBytes();
			table.append(String.format(Locale.ROOT, "%,.0f", summary.throughput())).append(" | ");
			table.append(percent(summary))
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
		return TEXT.fragment("compression")
			.with("path", Workload.COMPRESS_PATH)
			.with("bytes", String.format(Locale.ROOT, "%,d", Workload.COMPRESSIBLE_JSON.length()))
			.with("firstCoding", codings.get(0))
			.with("otherCodings", listed(codings.stream().skip(1).map(coding -> "`" + coding + "`").toList()))
			.with("brotli", codings.contains("br") ? TEXT.render("compression.brotli") : "")
			.with("connections", settings.connections())
			.with("runs", runs(settings))
			.with("table", table)
			.with("problems", problems(summaries, List.of()))
			.render();
	}

	/**
	 * The security experiment: each server's throughput and CPU per request with the
	 * token, a secured server's shares of its plain self, and Fastro's CPU per request as
	 * a share of WebFlux's with the same security. Nothing when the experiment neither
	 * ran nor refused a server.
	 */
	private static String security(RunSettings settings, List<Measurement> runs, List<Refusal> refusals) {
		List<Summary> summaries = Summary.of(runs, Experiment.SECURITY);
		List<Refusal> refused = refusals.stream()
			.filter(refusal -> refusal.experiment() == Experiment.SECURITY)
			.toList();
		if (summaries.isEmpty() && refused.isEmpty()) {
			return "";
		}
		StringBuilder table = new StringBuilder()
			.append("| Server | Throughput (req/s) | CPU µs/req | Throughput % of unsecured | CPU % of unsecured "
					+ "| CPU % of WebFlux |\n")
			.append("|---|---:|---:|---:|---:|---:|\n");
		for (Summary summary : sorted(summaries)) {
			ServerKind server = summary.server();
			table.append("| ").append(server.label()).append(" | ");
			if (!summary.measured()) {
				table.append("invalid | | | | |\n");
				continue;
			}
			List<Measurement> own = runsOf(runs, Experiment.SECURITY, summary.caseLabel(), server);
			List<Measurement> plain = (server.unsecured() != null)
					? runsOf(runs, Experiment.SECURITY, summary.caseLabel(), server.unsecured()) : List.of();
			ServerKind webflux = server.secured() ? ServerKind.WEBFLUX_SECURED : ServerKind.WEBFLUX;
			List<Measurement> sameSecurity = (server == ServerKind.FASTRO || server == ServerKind.FASTRO_SECURED)
					? runsOf(runs, Experiment.SECURITY, summary.caseLabel(), webflux) : List.of();
			table.append(String.format(Locale.ROOT, "%,.0f", summary.throughput()))
				.append(" | ")
				.append(cpu(summary.cpuMicrosPerRequest()))
				.append(" | ")
				.append(withRange(Stats.ratio(own, plain)))
				.append(" | ")
				.append(withRange(Stats.cpuRatio(own, plain)))
				.append(" | ")
				.append(withRange(Stats.cpuRatio(own, sameSecurity)))
				.append(" |\n");
		}
		List<ServerKind> servers = new ArrayList<>(servers(summaries));
		refused.stream().map(Refusal::server).filter(server -> !servers.contains(server)).forEach(servers::add);
		servers.sort(Comparator.naturalOrder());
		List<String> labels = servers.stream().map(ServerKind::label).toList();
		return TEXT.fragment("security")
			.with("servers", labels.get(0) + listed(labels.subList(1, labels.size())))
			.with("connections", settings.connections())
			.with("runs", runs(settings))
			.with("table", summaries.isEmpty() ? "" : table)
			.with("problems", problems(summaries, refused))
			.render();
	}

	/**
	 * The static-files experiment: for each file its {@code GET} and its 304
	 * revalidation, every server's throughput and CPU per request as shares of nginx's,
	 * and how Fastro stands against the goal. Nothing when the experiment did not run.
	 */
	private static String staticFiles(RunSettings settings, List<Measurement> runs) {
		List<Summary> summaries = Summary.of(runs, Experiment.STATIC);
		if (summaries.isEmpty()) {
			return "";
		}
		List<ServerKind> servers = servers(summaries);
		StringBuilder table = new StringBuilder()
			.append("| File | Request | Server | Throughput (req/s) | % of nginx | CPU µs/req | CPU % of nginx "
					+ "| wrk's core busy |\n")
			.append("|---|---|---|---:|---:|---:|---:|---:|\n");
		List<String> goal = new ArrayList<>();
		for (StaticFiles.StaticFile file : StaticFiles.FILES) {
			String fileCell = file.label();
			for (String label : List.of(file.label(), Revalidation.label(file.label()))) {
				String request = label.equals(file.label()) ? "`GET`" : "304 revalidation";
				for (ServerKind server : servers) {
					Summary summary = find(summaries, label, server);
					if (summary == null && find(summaries, file.label(), server) == null) {
						continue;
					}
					table.append("| ").append(fileCell).append(" | ").append(request).append(" | ");
					table.append(server.label()).append(" | ");
					fileCell = "";
					request = "";
					if (summary == null) {
						table.append(TEXT.render("static.not-applicable")).append(" | | | | |\n");
					}
					else if (!summary.measured()) {
						table.append("invalid | | | | |\n");
					}
					else {
						table.append(String.format(Locale.ROOT, "%,.0f", summary.throughput()))
							.append(" | ")
							.append(percent(summary))
							.append(" | ")
							.append(cpu(summary.cpuMicrosPerRequest()))
							.append(" | ")
							.append(cpuPercent(summary))
							.append(" | ")
							.append(Double.isNaN(summary.loadCoreBusy()) ? "—"
									: String.format(Locale.ROOT, "%.0f%%", summary.loadCoreBusy() * 100))
							.append(" |\n");
					}
				}
			}
			Summary fastro = find(summaries, file.label(), ServerKind.FASTRO);
			Summary vertx = find(summaries, file.label(), ServerKind.VERTX);
			if (fastro != null && fastro.ratio() != null) {
				boolean met = fastro.ratio().median() >= STATIC_GOAL
						&& (vertx == null || vertx.ratio() == null || fastro.ratio().median() > vertx.ratio().median());
				goal.add(
						TEXT.fragment("static.goal.file")
							.with("file", file.label())
							.with("fastro", percent(fastro))
							.with("vertx", (vertx != null && vertx.ratio() != null)
									? TEXT.fragment("static.goal.vertx").with("vertx", percent(vertx)).render() : "")
							.with("verdict", TEXT.render(met ? "static.goal.met" : "static.goal.missed"))
							.render());
			}
		}
		List<String> serving = new ArrayList<>();
		for (ServerKind server : servers) {
			if (server != ServerKind.NGINX) {
				serving.add(TEXT.render("static.serving." + server.id()));
			}
		}
		String largeFile = StaticFiles.FILES.stream()
			.filter(file -> file.size() >= StaticFiles.LARGE_FILE_BYTES)
			.map(StaticFiles.StaticFile::label)
			.findFirst()
			.orElseThrow();
		return TEXT.fragment("static")
			.with("sizes",
					StaticFiles.FILES.get(0).label()
							+ listed(StaticFiles.FILES.stream().skip(1).map(StaticFiles.StaticFile::label).toList()))
			.with("servers",
					serving.isEmpty() ? "no other server"
							: servers.stream()
								.filter(server -> server != ServerKind.NGINX)
								.map(ServerKind::label)
								.collect(Collectors.joining(" and ")))
			.with("serving", serving.isEmpty() ? "nginx alone ran" : String.join("; ", serving))
			.with("connections", settings.connections())
			.with("largeConnections", Math.min(settings.connections(), StaticFiles.LARGE_FILE_CONNECTIONS))
			.with("largeFile", largeFile)
			.with("runs", runs(settings))
			.with("table", table)
			.with("goal",
					goal.isEmpty() ? ""
							: TEXT.fragment("static.goal")
								.with("goalPercent", Math.round(STATIC_GOAL * 100))
								.with("files", String.join("\n", goal))
								.render())
			.with("vertx", servers.contains(ServerKind.VERTX) ? TEXT.render("static.vertx") : "")
			.with("problems", problems(summaries, List.of()))
			.render();
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
	private static String footprint(Map<ServerKind, Footprint> footprints) {
		if (footprints.isEmpty()) {
			return "";
		}
		StringBuilder table = new StringBuilder().append("| Framework | Start-up (ms) | RSS after warm-up (MiB) |\n")
			.append("|---|---:|---:|\n");
		for (Map.Entry<ServerKind, Footprint> entry : footprints.entrySet()) {
			Footprint footprint = entry.getValue();
			table.append("| ")
				.append(entry.getKey().label())
				.append(" | ")
				.append(Double.isNaN(footprint.startupMillis()) ? "—"
						: String.format(Locale.ROOT, "%,.0f", footprint.startupMillis()))
				.append(" | ")
				.append((footprint.rssKilobytes() < 0) ? "— (not warmed up)"
						: String.format(Locale.ROOT, "%,.1f", footprint.rssKilobytes() / 1024.0))
				.append(" |\n");
		}
		List<String> otherJdk = footprints.keySet()
			.stream()
			.filter(kind -> JavaRuntime.forServer(kind) != null
					&& !JavaRuntime.forServer(kind).equals(JavaRuntime.own()))
			.map(kind -> TEXT.fragment("footprint.ran-on")
				.with("server", kind.label())
				.with("java", JavaRuntime.forServer(kind))
				.render())
			.toList();
		return TEXT.fragment("footprint")
			.with("pollMillis", ServerProcess.POLL_INTERVAL_MILLIS)
			.with("table", table)
			.with("otherJdk",
					otherJdk.isEmpty() ? ""
							: TEXT.fragment("footprint.other-jdk")
								.with("servers", String.join("; ", otherJdk))
								.with("java", Runtime.version().feature())
								.render())
			.render();
	}

	/**
	 * How busy wrk's core was in each scenario, as read from {@code /proc/stat} around
	 * every run. Near 100%, wrk could send no faster: the throughput it measured is its
	 * own limit, much the same for any server fast enough, and CPU per request is what
	 * tells the servers apart. Nothing when the core was not read.
	 */
	private static String saturation(List<Summary> summaries) {
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
			lines.add(TEXT.fragment((most >= SATURATED_PERCENT) ? "saturation.at-limit" : "saturation.kept-up")
				.with("scenario", scenario)
				.with("busy", (least == most) ? most + "%" : least + "–" + most + "%")
				.render());
		}
		return lines.isEmpty() ? "" : TEXT.fragment("saturation").with("scenarios", String.join("\n", lines)).render();
	}

	private static String scaling(Path directory, RunSettings settings, List<Measurement> runs) throws IOException {
		boolean any = runs.stream().anyMatch(run -> run.experiment().scaling());
		if (!any) {
			return "";
		}
		List<String> sections = new ArrayList<>();
		for (Experiment experiment : Experiment.values()) {
			List<Summary> summaries = Summary.of(runs, experiment);
			if (!experiment.scaling() || summaries.isEmpty()) {
				continue;
			}
			List<String> cases = cases(summaries);
			List<ServerKind> servers = servers(summaries);
			StringBuilder throughput = new StringBuilder();
			throughput.append("| ").append(experiment.axisLabel()).append(" |");
			servers.forEach(server -> throughput.append(' ').append(server.label()).append(" (req/s) |"));
			throughput.append("\n|---|").append("---:|".repeat(servers.size())).append('\n');
			for (String label : cases) {
				throughput.append("| ").append(label).append(" |");
				for (ServerKind server : servers) {
					throughput.append(' ').append(scalingCell(find(summaries, label, server))).append(" |");
				}
				throughput.append('\n');
			}
			StringBuilder cpu = new StringBuilder();
			cpu.append("| ").append(experiment.axisLabel()).append(" |");
			servers.forEach(server -> cpu.append(' ').append(server.label()).append(" (CPU µs/req) |"));
			cpu.append("\n|---|").append("---:|".repeat(servers.size())).append('\n');
			for (String label : cases) {
				cpu.append("| ").append(label).append(" |");
				for (ServerKind server : servers) {
					cpu.append(' ').append(scalingCpuCell(find(summaries, label, server))).append(" |");
				}
				cpu.append('\n');
			}
			String chart = "chart-" + experiment.id() + ".svg";
			List<BarChart.Series> series = servers.stream()
				.map(server -> new BarChart.Series(server.label(), COLORS.get(server),
						values(summaries, server, cases, summary -> summary.measured() ? summary.throughput() : null)))
				.toList();
			Files.writeString(directory.resolve(chart),
					new BarChart("Throughput against " + experiment.title().toLowerCase(Locale.ROOT),
							experiment.axisLabel(), "Throughput (requests/s, median)", cases, series, null, REQUESTS)
						.toSvg());
			sections.add(TEXT.fragment("scaling.experiment")
				.with("title", experiment.title())
				.with("note", TEXT.render("scaling." + experiment.id()))
				.with("throughput", throughput)
				.with("cpu", cpu)
				.with("problems", problems(summaries, List.of()))
				.with("chart", chart)
				.render());
		}
		return TEXT.fragment("scaling")
			.with("rounds", rounds(settings.scalingRounds()))
			.with("seconds", settings.seconds())
			.with("experiments", String.join("\n\n", sections))
			.render();
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

	private static String jmh(JmhResults jmh) {
		if (jmh == null) {
			return TEXT.fragment("jmh").with("results", TEXT.render("jmh.not-run")).render();
		}
		Set<String> routers = new LinkedHashSet<>();
		Set<String> requests = new LinkedHashSet<>();
		Map<String, JmhResults.Row> byKey = new LinkedHashMap<>();
		for (JmhResults.Row row : jmh.rows()) {
			routers.add(row.router());
			requests.add(row.request());
			byKey.put(row.request() + "|" + row.router(), row);
		}
		StringBuilder table = new StringBuilder("| Request |");
		routers.forEach(router -> table.append(' ').append(router).append(" |"));
		table.append("\n|---|").append("---:|".repeat(routers.size())).append('\n');
		for (String request : requests) {
			table.append("| ").append(request).append(" |");
			for (String router : routers) {
				JmhResults.Row row = byKey.get(request + "|" + router);
				table.append(' ').append((row == null) ? "—" : jmhCell(row)).append(" |");
			}
			table.append('\n');
		}
		return TEXT.fragment("jmh")
			.with("results",
					TEXT.fragment("jmh.results")
						.with("routes", GitHubRoutes.load().size())
						.with("table", table)
						.render())
			.render();
	}

	private static String jmhCell(JmhResults.Row row) {
		String time = String.format(Locale.ROOT, "%.1f", row.nsPerOp())
				+ (Double.isNaN(row.nsError()) ? "" : String.format(Locale.ROOT, " ± %.1f", row.nsError()));
		String bytes = Double.isNaN(row.bytesPerOp()) ? "?" : String.format(Locale.ROOT, "%.0f B", row.bytesPerOp());
		return time + " · " + bytes;
	}

	/** How the runs were made, as the settings had it. */
	private static String method(RunSettings settings, List<Measurement> runs) {
		boolean randomIds = runs.stream()
			.anyMatch(run -> run.experiment() == Experiment.MAIN
					&& (run.caseLabel().equals(Scenario.URL_PARAMS_UNIFORM.title())
							|| run.caseLabel().equals(Scenario.URL_PARAMS_ZIPF.title())));
		return TEXT.fragment("method")
			.with("warmupSeconds", settings.warmupSeconds())
			.with("freshJvms", settings.freshJvms() ? TEXT.render("method.fresh-jvms") : "")
			.with("rounds",
					TEXT.fragment(settings.sideBySide() ? "method.side-by-side" : "method.taking-turns")
						.with("rounds", rounds(settings.rounds()))
						.with("seconds", settings.seconds())
						.render())
			.with("pipelined",
					settings.pipelined()
							? TEXT.fragment("method.pipelined").with("pipeline", settings.pipeline()).render() : "")
			.with("realisticPaths",
					randomIds ? TEXT.fragment("method.realistic-paths")
						.with("uniform", Scenario.URL_PARAMS_UNIFORM.title())
						.with("zipf", Scenario.URL_PARAMS_ZIPF.title())
						.with("distinctIds", String.format(Locale.ROOT, "%,d", Scenario.DISTINCT_IDS))
						.with("sampleSize", RandomIds.SAMPLE_SIZE)
						.render() : "")
			.with("seconds", settings.seconds())
			.render();
	}

	/**
	 * The machine, the JDK, the servers' flags, the libraries' versions and the command,
	 * as a section of a report.
	 * @param environment where the runs were made
	 * @return the section, without a line break at the end
	 */
	static String environment(Environment environment) {
		return TEXT.fragment("environment")
			.with("cpu", environment.cpuModel())
			.with("cores", environment.cpuCount())
			.with("coreSplit", environment.coreSplit())
			.with("os", environment.os())
			.with("jdk", environment.jdk())
			.with("jvmFlags", String.join(" ", environment.jvmFlags()))
			.with("versions",
					environment.versions()
						.entrySet()
						.stream()
						.map(version -> TEXT.fragment("environment.version")
							.with("name", version.getKey())
							.with("version", version.getValue())
							.render())
						.collect(Collectors.joining("\n")))
			.with("date", environment.date())
			.with("command", environment.command())
			.render();
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
		return Summary.REFERENCES.contains(server);
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
