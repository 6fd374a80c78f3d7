package dev.fastro.perf.harness;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The whole harness, end to end, in its quick mode: real servers in their own JVMs, real wrk, into a
 * temporary directory (never over {@code perf/BENCHMARK.md}). It needs wrk, and is skipped without it,
 * saying how to install it ({@code apt-get install -y wrk}); CI installs it before {@code mvn -B verify}.
 */
class PerfSmokeTest {

	@TempDir
	Path out;

	@Test
	@Timeout(170)
	void quickRunWritesACompleteReport() throws Exception {
		String missing = Prerequisites.missing();
		assumeTrue(missing == null, () -> "Skipped, the benchmark harness cannot run: " + missing);
		RunnerOptions options = RunnerOptions.parse(List.of("--quick", "--out", this.out.toString()), this.out);

		Path report = PerfRunner.run(options, "PerfSmokeTest: perf/run --quick", System.out);

		assertThat(report).isEqualTo(this.out.resolve("BENCHMARK.md"));
		String md = Files.readString(report);
		assertThat(md).startsWith("# Fastro benchmark")
			.contains("| Scenario | Framework | Throughput (req/s) | Avg Latency | P95 Latency | % of Native |")
			.contains("## Against the original Fastro", "### Route-table size", "### Middleware count",
					"### JSON body size", "### Connections", "## Router micro-benchmarks (JMH)", "## Environment")
			.doesNotContainPattern("\\*\\*[^*]+ refused\\*\\*");
		for (String scenario : List.of("Root", "URL Params", "Query Params", "Middleware", "JSON POST")) {
			assertThat(md).contains("| " + scenario + " | Native | ");
		}
		for (String server : List.of("Fastro", "Fastro (cache off)", "WebFlux fn", "Raw Netty")) {
			assertThat(md).contains("|  | " + server + " | ");
		}
		List<String> csv = Files.readAllLines(this.out.resolve(CsvWriter.FILE_NAME), StandardCharsets.UTF_8);
		// 5 scenarios x 5 servers, middlewares 2 x 2, body and connections 2 x 4 each, routes 2 x 3.
		assertThat(csv).hasSize(1 + 25 + 4 + 8 + 8 + 6);
		// One-second runs of barely warm servers on a busy machine may be invalid now and then, and the
		// report says so; but every server must have answered wrk properly at least once.
		for (ServerKind server : RunnerOptions.DEFAULT_SERVERS) {
			assertThat(csv).anyMatch(line -> line.startsWith("main,") && line.contains("," + server.id() + ",")
					&& line.endsWith(",true"));
		}
		for (String chart : List.of("chart-percent-of-native.svg", "chart-routes.svg", "chart-middlewares.svg",
				"chart-body.svg", "chart-connections.svg")) {
			assertThat(this.out.resolve(chart)).content().startsWith("<svg");
		}
	}
}
