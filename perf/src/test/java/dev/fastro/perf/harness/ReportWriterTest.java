package dev.fastro.perf.harness;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class ReportWriterTest {

	private static final Environment ENVIRONMENT = new Environment("Test CPU", 2, "servers on core 1, wrk on core 0",
			"Test OS", "Test JDK", JvmFlags.SERVER, Map.of("Spring Boot", "4.0.7", "Reactor Netty", "1.3.6"),
			"2026-01-01T00:00:00Z", "perf/run --test");

	@TempDir
	Path directory;

	@Test
	void opensWithTheSeedsTableAndItsRatios() throws Exception {
		List<Measurement> runs = new ArrayList<>();
		for (int round = 1; round <= 3; round++) {
			runs.add(run(Experiment.MAIN, "Root", ServerKind.NATIVE, round, 100_000));
			runs.add(run(Experiment.MAIN, "Root", ServerKind.FASTRO, round, 90_000 + 1000 * round));
		}
		String report = write(runs, List.of(), null);
		List<String> lines = report.lines().filter(line -> line.startsWith("|")).toList();
		assertThat(lines.get(0)).isEqualTo("| Scenario | Framework | Throughput (req/s) | Avg Latency | P95 Latency "
				+ "| % of Native | CPU µs/req | CPU % of native |");
		// 8 µs per request for native; for Fastro 1,000,000 ticks-worth over its requests
		// (see run()).
		assertThat(lines.get(2)).isEqualTo("| Root | Native | 100,000 | 1.50 ms | 2.50 ms | 100% | 8.00 | 100% |");
		assertThat(lines.get(3)).startsWith("|  | Fastro | 92,000 | 1.50 ms | 2.50 ms | 92.00% (91.0–93.0%) | 8.00 | ");
		assertThat(report).contains("**lower is better**");
		// The first table is the seed's: nothing but the title and one sentence before
		// it.
		assertThat(report.indexOf("| Scenario |")).isLessThan(report.indexOf("## "));
	}

	@Test
	void setsFastroBesideTheOriginalsDenoFigures() throws Exception {
		String report = write(List.of(run(Experiment.MAIN, "Root", ServerKind.NATIVE, 1, 100_000),
				run(Experiment.MAIN, "Root", ServerKind.FASTRO, 1, 97_000)), List.of(), null);
		assertThat(report).contains("| Root | 97.00% (97.0–97.0%) | 103.41% |")
			.contains("| URL Params | not measured | 95.91% |")
			.contains("| Query Params | not measured | 96.16% |")
			.contains("| Middleware | not measured | 89.36% |")
			.contains("| JSON POST | not measured | 86.65% |");
	}

	@Test
	void setsWhatObservingCostsBesidePlainFastro() throws Exception {
		List<Measurement> runs = new ArrayList<>();
		for (int round = 1; round <= 3; round++) {
			runs.add(run(Experiment.MAIN, "Root", ServerKind.NATIVE, round, 100_000));
			runs.add(cpuRun(Experiment.MAIN, "Root", ServerKind.FASTRO, round, 100_000, 10));
			runs.add(cpuRun(Experiment.MAIN, "Root", ServerKind.FASTRO_METRICS, round, 86_000 + 2000 * round, 12));
		}
		String report = write(runs, List.of(), null);
		assertThat(report).contains("## What observing requests costs")
			.contains("| Root | 90.00% (88.0–92.0%) | 10.00 | 12.00 | 120.00% (120.0–120.0%) |");
		assertThat(report.indexOf("## What observing requests costs"))
			.isLessThan(report.indexOf("## Against the original Fastro"));
	}

	@Test
	void leavesTheCostOfObservingOutWithoutBothFastros() throws Exception {
		String report = write(List.of(run(Experiment.MAIN, "Root", ServerKind.NATIVE, 1, 100_000),
				run(Experiment.MAIN, "Root", ServerKind.FASTRO, 1, 97_000)), List.of(), null);
		assertThat(report).doesNotContain("What observing requests costs");
	}

	@Test
	void saysInWhichScenariosWrksCoreWasTheLimit() throws Exception {
		// Root's median, 0.89995, shows as 90%, and is judged as it shows.
		String report = write(List.of(loadedRun("Root", ServerKind.NATIVE, 1, 0.8999),
				loadedRun("Root", ServerKind.NATIVE, 2, 0.9), loadedRun("Root", ServerKind.FASTRO, 1, 0.8999),
				loadedRun("Root", ServerKind.FASTRO, 2, 0.9), loadedRun("JSON POST", ServerKind.NATIVE, 1, 0.70),
				loadedRun("JSON POST", ServerKind.FASTRO, 1, 0.894)), List.of(), null);
		assertThat(report).contains("- Root: 90% busy: **wrk was at or near its limit**")
			.contains("- JSON POST: 70–89% busy: wrk kept up.");
		assertThat(report.indexOf("Did wrk keep up?")).isLessThan(report.indexOf("## Against the original Fastro"));
		assertThat(write(List.of(run(Experiment.MAIN, "Root", ServerKind.NATIVE, 1, 100_000)), List.of(), null))
			.doesNotContain("Did wrk keep up?");
	}

	@Test
	void listsRefusedServersAndInvalidRuns() throws Exception {
		Measurement invalid = new Measurement(Experiment.MAIN, "Root", ServerKind.WEBFLUX, 1, 100, 1, 10,
				new WrkResult(10, 10_000_000, 1, 1, 0, 3, 0, 0, 0, 0), new CpuTime(1, 100));
		String report = write(List.of(run(Experiment.MAIN, "Root", ServerKind.NATIVE, 1, 100_000), invalid), List
			.of(new Refusal(Experiment.MAIN, ServerKind.RAW, "GET /: body 'Hello world?', expected 'Hello world!'")),
				null);
		assertThat(report).contains("| Root | Native |")
			.contains("|  | WebFlux fn | invalid | | | | | |")
			.contains("**Raw Netty refused** (Scenarios): GET /: body 'Hello world?', expected 'Hello world!'")
			.contains("Invalid run, Root · WebFlux fn, round 1: 3 socket errors");
	}

	@Test
	void writesScalingTablesAndReadableCharts() throws Exception {
		List<Measurement> runs = List.of(run(Experiment.MAIN, "Root", ServerKind.NATIVE, 1, 100_000),
				run(Experiment.MAIN, "Root", ServerKind.FASTRO, 1, 95_000),
				run(Experiment.ROUTES, "10", ServerKind.NATIVE_ROUTED, 1, 50_000),
				run(Experiment.ROUTES, "10", ServerKind.FASTRO, 1, 90_000),
				run(Experiment.ROUTES, "10,000", ServerKind.NATIVE_ROUTED, 1, 5_000),
				run(Experiment.ROUTES, "10,000", ServerKind.FASTRO, 1, 88_000));
		String report = write(runs, List.of(), null);
		assertThat(report).contains("### Route-table size")
			.contains("| Routes in the table | Native (HttpServer.route) (req/s) | Fastro (req/s) |")
			.contains("| 10,000 | 5,000 | 88,000 (1760.00%) |")
			.contains("![Route-table size](chart-routes.svg)");
		for (String chart : List.of("chart-percent-of-native.svg", "chart-routes.svg")) {
			String svg = Files.readString(this.directory.resolve(chart));
			DocumentBuilderFactory.newInstance()
				.newDocumentBuilder()
				.parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
			assertThat(svg).contains("font-weight=\"bold\"");
		}
		assertThat(Files.readString(this.directory.resolve("chart-routes.svg")))
			.contains("Throughput against route-table size")
			.contains("Routes in the table")
			.contains("Throughput (requests/s, median)");
		assertThat(Files.readString(this.directory.resolve("chart-percent-of-native.svg")))
			.contains("% of native Reactor Netty throughput")
			.contains(">95%<");
	}

	@Test
	void includesTheMicroBenchmarksWhenPresent() throws Exception {
		JmhResults jmh = new JmhResults(List.of(new JmhResults.Row("fastro", "static", 12.34, 0.5, 0),
				new JmhResults.Row("spring-pathpattern", "static", 456.7, 3.2, 312)));
		String report = write(List.of(), List.of(), jmh);
		assertThat(report).contains("| Request | fastro | spring-pathpattern |")
			.contains("| static | 12.3 ± 0.5 · 0 B | 456.7 ± 3.2 · 312 B |");
		assertThat(write(List.of(), List.of(), null)).contains("`perf/run --jmh` runs them");
	}

	@Test
	void statesTheMethodChanges() throws Exception {
		String report = write(List.of(), List.of(), null);
		assertThat(report).contains("## Method changes")
			.contains("reversed every other round and rotated by one server every two rounds")
			.contains("which with two servers undid itself")
			.contains("`Fastro (cache on)` (`fastro-cache`) replaces the earlier `Fastro (cache off)` row");
		assertThat(report.indexOf("## Method changes")).isLessThan(report.indexOf("## Environment"));
	}

	@Test
	void endsWithTheEnvironment() throws Exception {
		String report = write(List.of(), List.of(), null);
		assertThat(report).contains("- CPU: Test CPU, 2 cores (servers on core 1, wrk on core 0)")
			.contains("- JVM flags (every server): `-Xms512m -Xmx512m")
			.contains("- Spring Boot: 4.0.7")
			.contains("- Command: `perf/run --test`")
			.contains("[`benchmark-results.csv`](benchmark-results.csv)");
	}

	@Test
	void writesLatencyAsWrkDoes() {
		assertThat(ReportWriter.latency(850)).isEqualTo("850 µs");
		assertThat(ReportWriter.latency(1234.5)).isEqualTo("1.23 ms");
	}

	/** The report of one native Root run, made with the given settings. */
	private String writeOneRootRun(RunSettings settings) throws Exception {
		ReportWriter.write(this.directory, settings, ENVIRONMENT,
				List.of(run(Experiment.MAIN, "Root", ServerKind.NATIVE, 1, 100_000)), List.of(), null);
		return Files.readString(this.directory.resolve(ReportWriter.FILE_NAME));
	}

	private String write(List<Measurement> runs, List<Refusal> refusals, JmhResults jmh) throws Exception {
		ReportWriter.write(this.directory, new RunSettings(false, 3, 2, 10, 5, 100, 1, false, false), ENVIRONMENT, runs,
				refusals, jmh);
		return Files.readString(this.directory.resolve(ReportWriter.FILE_NAME));
	}

	@Test
	void showsCpuPerRequestAndItsRatioToNativeWhereLowerIsBetter() throws Exception {
		List<Measurement> runs = new ArrayList<>();
		for (int round = 1; round <= 3; round++) {
			// Native: 10 µs per request; Fastro 11, 12 and 13 µs: 110%, 120%, 130% of
			// native.
			runs.add(cpuRun(Experiment.MAIN, "URL Params", ServerKind.NATIVE, round, 100_000, 10));
			runs.add(cpuRun(Experiment.MAIN, "URL Params", ServerKind.FASTRO, round, 90_000, 10 + round));
			runs.add(cpuRun(Experiment.CONNECTIONS, "100", ServerKind.NATIVE, round, 100_000, 10));
			runs.add(cpuRun(Experiment.CONNECTIONS, "100", ServerKind.FASTRO, round, 90_000, 10 + round));
		}
		String report = write(runs, List.of(), null);
		assertThat(report).contains("| URL Params | Native | 100,000 | 1.50 ms | 2.50 ms | 100% | 10.00 | 100% |")
			.contains(
					"|  | Fastro | 90,000 | 1.50 ms | 2.50 ms | 90.00% (90.0–90.0%) | 12.00 | 120.00% (110.0–130.0%) |")
			.contains("| Open connections (wrk -c) | Native (CPU µs/req) | Fastro (CPU µs/req) |")
			.contains("| 100 | 10.00 | 12.00 (120.00%) |")
			.contains("CPU per request: the server JVM's user + system CPU time");
	}

	@Test
	void listsEveryServersStartupAndResidentMemoryInStartOrder() throws Exception {
		Map<ServerKind, Footprint> footprints = new LinkedHashMap<>();
		footprints.put(ServerKind.NATIVE, new Footprint(412.4, 51_200));
		footprints.put(ServerKind.FASTRO, new Footprint(2_345.6, 153_600));
		// Refused before its warm-up: its start-up is known, its memory after warm-up is
		// not.
		footprints.put(ServerKind.WEBFLUX, new Footprint(3_001, -1));
		ReportWriter.write(this.directory, new RunSettings(false, 3, 2, 10, 5, 100, 1, false, false), ENVIRONMENT,
				List.of(run(Experiment.MAIN, "Root", ServerKind.NATIVE, 1, 100_000)), List.of(), null, footprints);
		String report = Files.readString(this.directory.resolve(ReportWriter.FILE_NAME));
		assertThat(report).contains("## Start-up and footprint")
			.contains("**unpinned**")
			.contains("| Framework | Start-up (ms) | RSS after warm-up (MiB) |\n|---|---:|---:|\n"
					+ "| Native | 412 | 50.0 |\n| Fastro | 2,346 | 150.0 |\n| WebFlux fn | 3,001 | — (not warmed up) |\n");
		assertThat(write(List.of(), List.of(), null)).doesNotContain("## Start-up and footprint");
	}

	@Test
	void aPipelinedRunSaysSoAndLeavesOutWrksBatchLatencies() throws Exception {
		String report = writeOneRootRun(new RunSettings(false, 3, 2, 10, 5, 100, 16, false, false));
		assertThat(report).contains("**pipelined: 16 requests per write**")
			.contains("| Root | Native | 100,000 | n/a | n/a | 100% | 8.00 | 100% |")
			.contains("- Pipelined (`--pipelined`): in the scenarios, wrk's Lua `init` builds one string of 16 copies")
			.contains("The original's figures were not pipelined");
		assertThat(write(List.of(), List.of(), null)).doesNotContain("Pipelined").doesNotContain("pipelined:");
	}

	@Test
	void aRunOnFreshJvmsSaysSo() throws Exception {
		assertThat(writeOneRootRun(new RunSettings(false, 3, 2, 10, 5, 100, 1, true, true)))
			.contains("- Fresh JVMs (`--fresh-jvms`): the servers are started, verified and warmed up anew for "
					+ "every round");
		assertThat(write(List.of(), List.of(), null)).doesNotContain("--fresh-jvms");
	}

	@Test
	void aSideBySideRunSaysThatOnlyItsRatiosAreResults() throws Exception {
		String report = writeOneRootRun(new RunSettings(false, 3, 2, 10, 5, 100, 1, true, false));
		assertThat(report).contains("**side by side: the servers of each round ran at once on one core**")
			.contains("- Side by side (`--side-by-side`): for each scenario, in each of 3 rounds, the servers run at "
					+ "once for 10 s, each loaded by its own wrk")
			.contains("only the ratios between servers are results")
			.doesNotContain("the servers take turns");
		assertThat(write(List.of(), List.of(), null)).contains("- For each scenario the servers take turns, one 10 s")
			.doesNotContain("side by side:")
			.doesNotContain("--side-by-side");
	}

	@Test
	void theRealisticPathsAreRowsOfTheTableAndExplainedInTheMethod() throws Exception {
		String title = Scenario.URL_PARAMS_ZIPF.title();
		String report = write(List.of(run(Experiment.MAIN, title, ServerKind.NATIVE, 1, 100_000),
				run(Experiment.MAIN, title, ServerKind.FASTRO, 1, 90_000)), List.of(), null);
		assertThat(report).contains("| URL Params (Zipf ids) | Native | 100,000 |")
			.contains("- Realistic paths: URL Params (uniform ids) and URL Params (Zipf ids) request `GET /user/<id>`")
			.contains("exact inverse-CDF sampling")
			// The original Fastro had no such scenario to compare with.
			.doesNotContain("| URL Params (Zipf ids) | 90.00%");
		assertThat(write(List.of(), List.of(), null)).doesNotContain("Realistic paths");
	}

	@Test
	void thePeersHaveATableOfTheirShareOfNativeAndAreInTheChart() throws Exception {
		List<Measurement> runs = new ArrayList<>();
		runs.add(cpuRun(Experiment.MAIN, "Root", ServerKind.NATIVE, 1, 100_000, 10));
		runs.add(cpuRun(Experiment.MAIN, "Root", ServerKind.FASTRO, 1, 90_000, 11));
		runs.add(cpuRun(Experiment.MAIN, "Root", ServerKind.VERTX, 1, 95_000, 10));
		runs.add(cpuRun(Experiment.MAIN, "Root", ServerKind.JAVALIN, 1, 50_000, 30));
		String report = write(runs, List.of(), null);
		assertThat(report).contains("## Peers")
			.contains("| Scenario | Framework | Throughput (req/s) | % of Native | CPU µs/req | CPU % of native |")
			.contains("| Root | Fastro | 90,000 | 90.00% (90.0–90.0%) | 11.00 | 110.00% (110.0–110.0%) |")
			.contains("|  | Vert.x Web | 95,000 | 95.00% (95.0–95.0%) | 10.00 | 100.00% (100.0–100.0%) |")
			.contains("|  | Javalin | 50,000 | 50.00% (50.0–50.0%) | 30.00 | 300.00% (300.0–300.0%) |")
			.contains("Javalin's text answers carry `text/plain;charset=utf-8`");
		assertThat(Files.readString(this.directory.resolve("chart-percent-of-native.svg"))).contains("Vert.x Web")
			.contains("Javalin");
		assertThat(write(runs.subList(0, 2), List.of(), null)).doesNotContain("## Peers");
	}

	@Test
	void setsFastrosShareOverEachProtocolBesideItsShareOverHttp11() throws Exception {
		List<Measurement> runs = new ArrayList<>();
		for (int round = 1; round <= 3; round++) {
			runs.add(transportRun(Experiment.PROTOCOLS, "Root", ServerKind.NATIVE, round, Protocol.H1, 100_000, -1));
			runs.add(transportRun(Experiment.PROTOCOLS, "Root", ServerKind.FASTRO, round, Protocol.H1, 95_000, -1));
			runs.add(transportRun(Experiment.PROTOCOLS, "Root", ServerKind.NATIVE, round, Protocol.H2C, 50_000, -1));
			runs.add(transportRun(Experiment.PROTOCOLS, "Root", ServerKind.FASTRO, round, Protocol.H2C, 45_000, -1));
		}
		String report = write(runs, List.of(), null);
		assertThat(report).contains("## Protocols")
			.contains("| Root | HTTP/1.1 | 100,000 | 95,000 | 95.00% (95.0–95.0%) | 8.00 | 8.00 | "
					+ "100.00% (100.0–100.0%) |  |\n")
			.contains("|  | h2c (prior knowledge) | 50,000 | 45,000 | 90.00% (90.0–90.0%) | 8.00 | 8.00 | "
					+ "100.00% (100.0–100.0%) | -5.0 |\n")
			.doesNotContain("HTTP/1.1 in the scenarios")
			.doesNotContain("## Scaling");
		assertThat(Files.readString(this.directory.resolve("chart-protocols.svg"))).contains("h2c (prior knowledge)");
		runs.add(run(Experiment.MAIN, "Root", ServerKind.NATIVE, 1, 100_000));
		runs.add(run(Experiment.MAIN, "Root", ServerKind.FASTRO, 1, 97_000));
		assertThat(write(runs, List.of(), null)).contains("| Δ vs HTTP/1.1 | HTTP/1.1 in the scenarios |")
			.contains("| -5.0 | 97.00% (97.0–97.0%) |\n");
	}

	@Test
	void showsWhatACompressedAnswerWeighs() throws Exception {
		List<Measurement> runs = new ArrayList<>();
		for (int round = 1; round <= 3; round++) {
			runs.add(transportRun(Experiment.COMPRESSION, "identity", ServerKind.NATIVE, round, Protocol.H1, 50_000,
					10_240));
			runs.add(transportRun(Experiment.COMPRESSION, "identity", ServerKind.FASTRO, round, Protocol.H1, 45_000,
					10_240));
			runs.add(
					transportRun(Experiment.COMPRESSION, "gzip", ServerKind.NATIVE, round, Protocol.H1, 20_000, 1_267));
			runs.add(
					transportRun(Experiment.COMPRESSION, "gzip", ServerKind.FASTRO, round, Protocol.H1, 19_000, 1_267));
		}
		String report = write(runs, List.of(), null);
		// The client read 100 bytes of status line and headers besides each body (see
		// transportRun()).
		assertThat(report).contains("## Compression")
			.contains("a JSON answer of 10,240 bytes")
			.contains("| `identity` | Native | 50,000 | 100% | 8.00 | 100% | 10,240 | 10,340 |\n")
			.contains("| `gzip` | Native | 20,000 | 100% | 8.00 | 100% | 1,267 | 1,367 |\n")
			.contains("|  | Fastro | 19,000 | 95.00% (95.0–95.0%) | 8.00 | 100.00% (100.0–100.0%) | 1,267 | 1,367 |\n")
			.doesNotContain("## Protocols");
	}

	@Test
	void setsEachSecuredServerAgainstItsPlainSelfAndFastroAgainstWebFlux() throws Exception {
		List<Measurement> runs = new ArrayList<>();
		for (int round = 1; round <= 2; round++) {
			runs.add(cpuRun(Experiment.SECURITY, Plan.SECURED_ROOT, ServerKind.FASTRO, round, 100_000, 10));
			runs.add(cpuRun(Experiment.SECURITY, Plan.SECURED_ROOT, ServerKind.FASTRO_SECURED, round, 50_000, 20));
			runs.add(cpuRun(Experiment.SECURITY, Plan.SECURED_ROOT, ServerKind.WEBFLUX, round, 50_000, 20));
			runs.add(cpuRun(Experiment.SECURITY, Plan.SECURED_ROOT, ServerKind.WEBFLUX_SECURED, round, 25_000,
					20 * round + 20));
		}
		String report = write(runs, List.of(), null);
		assertThat(report).contains("## JWT security")
			.contains("to Fastro, Fastro + Spring Security, WebFlux fn and WebFlux fn + Spring Security.")
			.contains("| Fastro | 100,000 | 10.00 | — | — | 50.00% (50.0–50.0%) |\n")
			.contains("| Fastro + Spring Security | 50,000 | 20.00 | 50.00% (50.0–50.0%) | 200.00% (200.0–200.0%) "
					+ "| 41.67% (33.3–50.0%) |\n")
			.contains("| WebFlux fn | 50,000 | 20.00 | — | — | — |\n")
			.contains("| WebFlux fn + Spring Security | 25,000 | 50.00 | 50.00% (50.0–50.0%) | 250.00% (200.0–300.0%) "
					+ "| — |\n")
			.doesNotContain("refused**");
	}

	@Test
	void aSecuredServerThatLetsRequestsThroughWithoutATokenIsListedAsRefused() throws Exception {
		List<Measurement> runs = List
			.of(cpuRun(Experiment.SECURITY, Plan.SECURED_ROOT, ServerKind.WEBFLUX, 1, 50_000, 20));
		String report = write(runs, List.of(new Refusal(Experiment.SECURITY, ServerKind.FASTRO_SECURED,
				"GET / without a token: status 200, expected 401")), null);
		String security = report.substring(report.indexOf("## JWT security"));
		assertThat(security).contains("to Fastro + Spring Security and WebFlux fn.")
			.contains("**Fastro + Spring Security refused** (JWT security): GET / without a token: status 200, "
					+ "expected 401");
		assertThat(report.substring(0, report.indexOf("## JWT security"))).doesNotContain("refused**");
	}

	@Test
	void leavesSecurityOutWhenItDidNotRun() throws Exception {
		assertThat(write(List.of(run(Experiment.MAIN, "Root", ServerKind.NATIVE, 1, 100_000)), List.of(), null))
			.doesNotContain("JWT security");
	}

	@Test
	void setsEveryServersStaticFilesAgainstNginxAndSaysWhereA304DoesNotApply() throws Exception {
		List<Measurement> runs = new ArrayList<>();
		for (int round = 1; round <= 3; round++) {
			for (StaticFiles.StaticFile file : StaticFiles.FILES) {
				String revalidation = Revalidation.label(file.label());
				runs.add(cpuRun(Experiment.STATIC, file.label(), ServerKind.NGINX, round, 10_000, 10));
				runs.add(cpuRun(Experiment.STATIC, file.label(), ServerKind.FASTRO, round, 8_500, 12));
				runs.add(cpuRun(Experiment.STATIC, file.label(), ServerKind.VERTX, round, 9_000 - round * 100, 20));
				runs.add(cpuRun(Experiment.STATIC, revalidation, ServerKind.NGINX, round, 50_000, 10));
				runs.add(cpuRun(Experiment.STATIC, revalidation, ServerKind.VERTX, round, 40_000, 15));
			}
		}
		String report = write(runs, List.of(), null);
		String section = report.substring(report.indexOf("## Static files"), report.indexOf("## Method"));
		assertThat(section).contains("Files of 1 KiB, 64 KiB and 10 MiB")
			.contains("and from Fastro and Vert.x Web.")
			.contains("Fastro with `spring.web.resources.static-locations=file:<dir>/`")
			.contains("wrk `-t1 -c100`, but `-c4` for the `GET` of the files of 10 MiB and more")
			.contains("| File | Request | Server | Throughput (req/s) | % of nginx | CPU µs/req | CPU % of nginx "
					+ "| wrk's core busy |\n")
			.contains("| 1 KiB | `GET` | Fastro | 8,500 | 85.00% (85.0–85.0%) | 12.00 | 120.00% (120.0–120.0%) | — |\n")
			.contains("|  |  | nginx | 10,000 | 100% | 10.00 | 100% | — |\n")
			.contains("|  | 304 revalidation | Fastro | n/a: no `ETag` nor `Last-Modified` | | | | |\n")
			.contains("|  |  | Vert.x Web | 40,000 | 80.00% (80.0–80.0%) | 15.00 | 150.00% (150.0–150.0%) | — |\n")
			.contains("| 10 MiB | `GET` | Fastro |")
			.contains("- 1 KiB: Fastro 85.00% (85.0–85.0%) of nginx, Vert.x Web 88.00% (87.0–89.0%): **missed**.")
			.contains("Vert.x Web's `StaticHandler` runs with its defaults");
		assertThat(report).doesNotContain("## Compression", "## Protocols");
		// Fastro ahead of Vert.x and above 80% of nginx: the goal is met.
		List<Measurement> ahead = runs.stream().filter(run -> run.server() != ServerKind.VERTX).toList();
		assertThat(write(ahead, List.of(), null)).contains("- 64 KiB: Fastro 85.00% (85.0–85.0%) of nginx: **met**.")
			.doesNotContain("Vert.x Web's `StaticHandler`");
	}

	@Test
	void tlsAndGzipSideBySideAreDescribedAsTheyRan() throws Exception {
		List<Measurement> runs = new ArrayList<>();
		for (int round = 1; round <= 3; round++) {
			runs.add(transportRun(Experiment.PROTOCOLS, "Root", ServerKind.NATIVE, round, Protocol.H1, 100_000, -1));
			runs.add(transportRun(Experiment.PROTOCOLS, "Root", ServerKind.FASTRO, round, Protocol.H1, 95_000, -1));
			runs.add(transportRun(Experiment.PROTOCOLS, "Root", ServerKind.NATIVE, round, Protocol.TLS, 60_000, -1));
			runs.add(transportRun(Experiment.PROTOCOLS, "Root", ServerKind.FASTRO, round, Protocol.TLS, 60_000, -1));
			runs.add(transportRun(Experiment.COMPRESSION, "identity", ServerKind.NATIVE, round, Protocol.H1, 50_000,
					10_240));
			runs.add(transportRun(Experiment.COMPRESSION, "identity", ServerKind.FASTRO, round, Protocol.H1, 45_000,
					10_240));
			runs.add(
					transportRun(Experiment.COMPRESSION, "gzip", ServerKind.NATIVE, round, Protocol.H1, 20_000, 1_267));
			runs.add(
					transportRun(Experiment.COMPRESSION, "gzip", ServerKind.FASTRO, round, Protocol.H1, 19_000, 1_267));
		}
		ReportWriter.write(this.directory, new RunSettings(false, 3, 2, 10, 5, 100, 1, true, false), ENVIRONMENT, runs,
				List.of(), null);
		String report = Files.readString(this.directory.resolve(ReportWriter.FILE_NAME));
		String protocols = report.substring(report.indexOf("## Protocols"), report.indexOf("## Compression"));
		assertThat(protocols)
			.contains("cleartext HTTP/1.1 with both servers' defaults; HTTP/1.1 over TLS with "
					+ "`.secure(spec -> spec.sslContext(Http11SslContextSpec.forServer(cert, key)))` for the native "
					+ "server and `fastro.server.ssl.bundle` for Fastro. Both read the same certificate and key")
			.contains("HTTP/1.1 and HTTP/1.1 over TLS are driven by wrk `-t1 -c100`. The servers restart for each "
					+ "protocol; **side by side: the servers of each round ran at once on one core**")
			.contains("|  | HTTP/1.1 over TLS | 60,000 | 60,000 | 100.00% (100.0–100.0%) | 8.00 | 8.00 | "
					+ "100.00% (100.0–100.0%) | +5.0 |\n")
			.doesNotContain("h2load")
			.doesNotContain("h2c");
		assertThat(Files.readString(this.directory.resolve("chart-protocols.svg"))).contains("HTTP/1.1 over TLS")
			.doesNotContain("h2c")
			.doesNotContain("h2 (TLS, ALPN)");
		String compression = report.substring(report.indexOf("## Compression"));
		assertThat(compression).contains("with `Accept-Encoding: identity` and `gzip` (`--experiments compression`)")
			.contains("wrk `-t1 -c100`, **side by side: the servers of each round ran at once on one core**")
			.contains("|  | Fastro | 19,000 | 95.00% (95.0–95.0%) | 8.00 | 100.00% (100.0–100.0%) | 1,267 | 1,367 |\n")
			.doesNotContain("`br`")
			.doesNotContain("Brotli");
	}

	/**
	 * A 10 s run over a protocol, 8 µs of CPU per request, whose answers had a body of
	 * the given size and 100 bytes besides.
	 */
	private static Measurement transportRun(Experiment experiment, String label, ServerKind server, int round,
			Protocol protocol, double throughput, long bodyBytes) {
		long requests = Math.round(throughput * 10);
		return new Measurement(experiment, label, server, round, 100, 1, 10,
				new WrkResult(requests, 10_000_000, 1500, -1, 0, 0, 0, 0, 0, requests * (Math.max(bodyBytes, 0) + 100)),
				new CpuTime(requests * 8, 1_000_000), Footprint.UNKNOWN, protocol, bodyBytes, Double.NaN);
	}

	/**
	 * A 10 s run at 100,000 req/s during which wrk's core was busy that share of the
	 * time.
	 */
	private static Measurement loadedRun(String label, ServerKind server, int round, double loadCoreBusy) {
		Measurement run = run(Experiment.MAIN, label, server, round, 100_000);
		return new Measurement(run.experiment(), label, server, round, run.connections(), run.pipeline(), run.seconds(),
				run.result(), run.cpu(), run.footprint(), run.protocol(), run.bodyBytes(), loadCoreBusy);
	}

	private static Measurement run(Experiment experiment, String label, ServerKind server, int round,
			double throughput) {
		return cpuRun(experiment, label, server, round, throughput, 8);
	}

	/**
	 * A 10 s run at the given throughput whose server used the given CPU µs per request.
	 */
	private static Measurement cpuRun(Experiment experiment, String label, ServerKind server, int round,
			double throughput, int cpuMicrosPerRequest) {
		long requests = Math.round(throughput * 10);
		// Ticks at 1,000,000 per second are microseconds.
		return new Measurement(experiment, label, server, round, 100, 1, 10,
				new WrkResult(requests, 10_000_000, 1500, 2500, 0, 0, 0, 0, 0, 0),
				new CpuTime(requests * cpuMicrosPerRequest, 1_000_000));
	}

}
