package dev.fastro.perf.harness;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The whole harness, end to end, in its quick mode on the five scenarios: real servers in
 * their own JVMs, their answers verified byte for byte, real wrk, the report, CSV and
 * chart, into a temporary directory (never over {@code perf/BENCHMARK.md}). It needs wrk,
 * and is skipped without it, saying how to install it ({@code apt-get install -y wrk});
 * CI installs it before {@code mvn -B verify}.
 */
class PerfSmokeTest {

	/**
	 * The native baseline, Fastro, and the Raw Netty ceiling: one Spring Boot start, two
	 * plain ones.
	 */
	private static final Set<ServerKind> SERVERS = EnumSet.of(ServerKind.NATIVE, ServerKind.FASTRO, ServerKind.RAW);

	/** The five scenarios. */
	private static final List<Scenario> SCENARIOS = List.of(Scenario.ROOT, Scenario.URL_PARAMS, Scenario.QUERY_PARAMS,
			Scenario.MIDDLEWARE, Scenario.JSON_POST);

	@TempDir
	Path out;

	@Test
	@Timeout(120)
	void quickRunOfTheScenariosWritesACompleteReport() throws Exception {
		String missing = Prerequisites.missing();
		assumeTrue(missing == null, () -> "Skipped, the benchmark harness cannot run: " + missing);
		// Three servers and the five scenarios, without the scaling
		// experiments and the realistic URL-params scenarios: those repeat the same
		// steps with other requests and servers, PlanTest and ReportWriterTest cover
		// their plans and report, and WrkScriptRunTest the Lua scripts of the random
		// ids. Well under a minute, where all of --quick takes two.
		String servers = SERVERS.stream().map(ServerKind::id).collect(Collectors.joining(","));
		String scenarios = SCENARIOS.stream().map(Scenario::id).collect(Collectors.joining(","));
		RunnerOptions options = RunnerOptions.parse(List.of("--quick", "--servers", servers, "--scenarios", scenarios,
				"--experiments", "main", "--out", this.out.toString()), this.out);

		Path report = PerfRunner.run(options, "PerfSmokeTest: perf/run --quick --servers " + servers + " --scenarios "
				+ scenarios + " --experiments main", System.out);

		assertThat(report).isEqualTo(this.out.resolve("BENCHMARK.md"));
		String md = Files.readString(report);
		assertThat(md).startsWith("# Fastro benchmark")
			.contains(
					"| Scenario | Framework | Throughput (req/s) | Avg Latency | P95 Latency | % of Native | CPU µs/req "
							+ "| CPU % of native |")
			.contains("## Against the original Fastro", "## Start-up and footprint", "## Router micro-benchmarks (JMH)",
					"## Environment")
			.contains("| Framework | Start-up (ms) | RSS after warm-up (MiB) |")
			// Every server answered every scenario's request exactly, byte for byte,
			// before it was measured.
			.doesNotContainPattern("\\*\\*[^*]+ refused\\*\\*");
		for (Scenario scenario : SCENARIOS) {
			assertThat(md).contains("| " + scenario.title() + " | Native | ");
		}
		for (String server : List.of("Fastro", "Raw Netty")) {
			assertThat(md).contains("|  | " + server + " | ");
		}
		// Every server's start-up and resident memory after warm-up, as numbers.
		for (ServerKind server : SERVERS) {
			assertThat(md).containsPattern("\\| " + server.label() + " \\| [0-9,]+ \\| [0-9,]+\\.[0-9] \\|");
		}
		List<String> csv = Files.readAllLines(this.out.resolve(CsvWriter.FILE_NAME), StandardCharsets.UTF_8);
		assertThat(csv).hasSize(1 + SCENARIOS.size() * SERVERS.size());
		// The CSV is in the order of the runs: the rounds (here one per scenario) take
		// turns in Plan.order's order, so Native is not always first.
		List<String> firsts = csv.stream()
			.skip(1)
			.filter(line -> SCENARIOS.stream().anyMatch(scenario -> line.startsWith("main," + scenario.title() + ",")))
			.collect(Collectors.groupingBy(line -> line.split(",")[1], LinkedHashMap::new,
					Collectors.mapping(line -> line.split(",")[2], Collectors.toList())))
			.values()
			.stream()
			.map(order -> order.get(0))
			.toList();
		assertThat(firsts).containsExactly("native", "raw", "fastro", "native", "raw");
		// One-second runs of barely warm servers on a busy machine may be invalid now and
		// then, and the report says so; but every server must have answered wrk properly
		// at least once.
		int validColumn = List.of(csv.get(0).split(",")).indexOf("valid");
		for (ServerKind server : SERVERS) {
			assertThat(csv).anyMatch(line -> line.startsWith("main,") && line.contains("," + server.id() + ",")
					&& line.split(",")[validColumn].equals("true"));
		}
		// Every valid run has the server JVM's CPU time per request, read from /proc.
		int cpuColumn = List.of(csv.get(0).split(",")).indexOf("server_cpu_us_per_req");
		assertThat(cpuColumn).isPositive();
		assertThat(csv.subList(1, csv.size())).filteredOn(line -> line.split(",")[validColumn].equals("true"))
			.allSatisfy(line -> assertThat(Double.parseDouble(line.split(",")[cpuColumn])).isPositive());
		// And how busy wrk's core was, as a share, which the report sums up per scenario.
		int loadCoreColumn = List.of(csv.get(0).split(",")).indexOf("load_core_busy");
		assertThat(loadCoreColumn).isPositive();
		assertThat(csv.subList(1, csv.size())).filteredOn(line -> line.split(",")[validColumn].equals("true"))
			.allSatisfy(line -> assertThat(Double.parseDouble(line.split(",")[loadCoreColumn])).isBetween(0.0, 1.0));
		assertThat(md).contains("Did wrk keep up?").containsPattern("- Root: [0-9]+(–[0-9]+)?% busy");
		int startupColumn = List.of(csv.get(0).split(",")).indexOf("startup_ms");
		int rssColumn = List.of(csv.get(0).split(",")).indexOf("rss_kb");
		assertThat(csv.subList(1, csv.size())).allSatisfy(line -> {
			assertThat(Double.parseDouble(line.split(",")[startupColumn])).isPositive();
			assertThat(Long.parseLong(line.split(",")[rssColumn])).isPositive();
		});
		assertThat(this.out.resolve("chart-percent-of-native.svg")).content().startsWith("<svg");
	}

	/**
	 * {@code --side-by-side}: each round measures the two servers at once, each under its
	 * own wrk, and the report says that only its ratios are results.
	 */
	@Test
	@Timeout(120)
	void sideBySideMeasuresTheServersOfEachRoundAtOnce() throws Exception {
		String missing = Prerequisites.missing();
		assumeTrue(missing == null, () -> "Skipped, the benchmark harness cannot run: " + missing);
		RunnerOptions options = RunnerOptions.parse(List.of("--quick", "--side-by-side", "--rounds", "2", "--servers",
				"native,raw", "--scenarios", "root", "--experiments", "main", "--out", this.out.toString()), this.out);
		ByteArrayOutputStream progress = new ByteArrayOutputStream();

		Path report = PerfRunner.run(options, "PerfSmokeTest: perf/run --quick --side-by-side",
				new PrintStream(progress, true, StandardCharsets.UTF_8));

		// One step per round, naming both servers, the first to start its wrk first; the
		// two take turns at that.
		assertThat(progress.toString(StandardCharsets.UTF_8).lines().filter(line -> line.contains("· round ")))
			.satisfiesExactly(
					first -> assertThat(first).contains("Scenarios · Root · round 1/2 · Native + Raw Netty · -c100"),
					second -> assertThat(second).contains("Scenarios · Root · round 2/2 · Raw Netty + Native · -c100"));
		List<String> csv = Files.readAllLines(this.out.resolve(CsvWriter.FILE_NAME), StandardCharsets.UTF_8);
		assertThat(csv.subList(1, csv.size())).extracting(line -> line.split(",")[2])
			.containsExactly("native", "raw", "raw", "native");
		assertThat(Files.readString(report))
			.contains("**side by side: the servers of each round ran at once on one core**");
	}

	/**
	 * TLS and gzip, side by side against native, as the side-by-side run measures them:
	 * each server, given the transport its own way ({@code secure(...)} and
	 * {@code compress(true)} for native, Fastro's SSL bundle and compression), answers
	 * every request over TLS and in gzip exactly (the harness refuses it otherwise), wrk
	 * drives it over {@code https://}, and the report sets its shares beside those over
	 * cleartext HTTP/1.1 and as {@code identity}.
	 */
	@Test
	@Timeout(240)
	void tlsAndGzipSideBySideBesideTheirPlainBaselines() throws Exception {
		String missing = Prerequisites.missing();
		assumeTrue(missing == null, () -> "Skipped, the benchmark harness cannot run: " + missing);
		// Ten connections, not a hundred: a hundred TLS handshakes per server, on two
		// cold servers sharing a core, fill a whole one-second run. One scenario keeps
		// the test short; the protocols and codings are what it is about.
		List<String> args = List.of("--quick", "--side-by-side", "--connections", "10", "--servers", "native,fastro",
				"--scenarios", "root", "--experiments", "protocols,compression", "--protocols", "tls", "--codings",
				"gzip");
		RunnerOptions options = RunnerOptions
			.parse(Stream.concat(args.stream(), Stream.of("--out", this.out.toString())).toList(), this.out);

		Path report = PerfRunner.run(options, "PerfSmokeTest: perf/run " + String.join(" ", args), System.out);

		String md = Files.readString(report);
		assertThat(md).doesNotContainPattern("\\*\\*[^*]+ refused\\*\\*")
			.contains("| Root | HTTP/1.1 | ", "|  | HTTP/1.1 over TLS | ")
			.contains("| `identity` | Native | ", "| `gzip` | Native | ", "|  | Fastro | ")
			.doesNotContain("h2 (TLS, ALPN)");
		List<String> csv = Files.readAllLines(this.out.resolve(CsvWriter.FILE_NAME), StandardCharsets.UTF_8);
		// One scenario over two protocols, and two codings, each a run of both servers.
		assertThat(csv).hasSize(1 + (1 * 2 + 2) * 2);
		List<String> header = List.of(csv.get(0).split(","));
		int valid = header.indexOf("valid");
		int protocol = header.indexOf("protocol");
		for (String server : List.of("native", "fastro")) {
			// One-second runs of barely warm servers may be invalid now and then, but wrk
			// reached each server over TLS and read its gzip answers properly at least
			// once.
			assertThat(csv).anyMatch(line -> line.startsWith("protocols,") && line.split(",")[2].equals(server)
					&& line.split(",")[protocol].equals("tls") && line.split(",")[valid].equals("true"));
			assertThat(csv).anyMatch(line -> line.startsWith("compression,gzip," + server + ",")
					&& line.split(",")[valid].equals("true"));
		}
	}

	/**
	 * {@code --fresh-jvms}: the servers start anew for each round, and the report says
	 * so.
	 */
	@Test
	@Timeout(120)
	void freshJvmsStartTheServersAnewForEachRound() throws Exception {
		String missing = Prerequisites.missing();
		assumeTrue(missing == null, () -> "Skipped, the benchmark harness cannot run: " + missing);
		RunnerOptions options = RunnerOptions
			.parse(List.of("--quick", "--side-by-side", "--fresh-jvms", "--rounds", "2", "--servers", "native,raw",
					"--scenarios", "root", "--experiments", "main", "--out", this.out.toString()), this.out);
		ByteArrayOutputStream progress = new ByteArrayOutputStream();

		Path report = PerfRunner.run(options, "PerfSmokeTest: perf/run --quick --side-by-side --fresh-jvms",
				new PrintStream(progress, true, StandardCharsets.UTF_8));

		List<String> steps = progress.toString(StandardCharsets.UTF_8)
			.lines()
			.filter(line -> line.contains("starting 2 servers") || line.contains("· round "))
			.toList();
		assertThat(steps).satisfiesExactly(start -> assertThat(start).contains("starting 2 servers"),
				round -> assertThat(round).contains("Scenarios · Root · round 1/2 · Native + Raw Netty"),
				start -> assertThat(start).contains("starting 2 servers"),
				round -> assertThat(round).contains("Scenarios · Root · round 2/2 · Raw Netty + Native"));
		List<String> csv = Files.readAllLines(this.out.resolve(CsvWriter.FILE_NAME), StandardCharsets.UTF_8);
		assertThat(csv.subList(1, csv.size())).extracting(line -> line.split(",")[2])
			.containsExactly("native", "raw", "raw", "native");
		assertThat(Files.readString(report)).contains("- Fresh JVMs (`--fresh-jvms`)");
	}

}
