package dev.fastro.perf.harness;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OverloadReportTest {

	private static final Environment ENVIRONMENT = new Environment("Test CPU", 2, "servers on core 1", "Linux",
			"JDK 17", JvmFlags.SERVER, Map.of("Netty", "4.2"), "2026-01-01", "perf/run --experiments overload");

	private static final RunSettings SETTINGS = new RunSettings(false, 2, 1, 10, 15, 100, 1, false, false);

	private static final long MS = 1_000_000;

	@Test
	void mediansOfTheRoundsAndWhatTheSheddingRowsAwait() {
		Map<ServerKind, OverloadBench.Capacity> capacities = new LinkedHashMap<>();
		capacities.put(ServerKind.FASTRO, new OverloadBench.Capacity(600, List
			.of(new OverloadBench.Capacity.Step(1, 400, 2 * MS), new OverloadBench.Capacity.Step(2, 600, 3 * MS))));
		capacities.put(ServerKind.VERTX, new OverloadBench.Capacity(500, List.of()));
		// Fastro: 12,000 requests in 10 s, 6,000 and 4,000 accepted, the rest timed out;
		// 5,000 and 7,000 answers came in the window.
		List<OverloadRun> runs = List.of(
				run(ServerKind.FASTRO, 1, result(6_000, 0, 6_000, 5_000, 5_000, 2_000 * MS, 9_000 * MS)),
				run(ServerKind.VERTX, 1, result(10_000, 0, 0, 5_000, 5_000, 5 * MS, 9 * MS)),
				run(ServerKind.FASTRO, 2, result(4_000, 0, 8_000, 7_000, 6_000, 4_000 * MS, 9_500 * MS)));

		String md = OverloadReport.markdown(SETTINGS, ENVIRONMENT, capacities, runs,
				Map.of(ServerKind.FASTRO_SHEDDING, "no load shedding"), List.of());

		assertThat(md).contains("## Capacity\n", "## At 2 times the capacity\n", "## Latency\n")
			.contains("| Fastro | 600 | 1: 400 (2.00 ms), 2: 600 (3.00 ms) |")
			.contains("| Fastro + shedding | | not measured: no load shedding |")
			.contains("| Fastro | 1,200 (1,200–1,200) | 600 (500–700) | 550 (500–600) | 41.7% (33.3–50.0%) "
					+ "| 0.0% (0.0–0.0%) | 0.0% (0.0–0.0%) | 58.3% (50.0–66.7%) | 300 (300–300) | 2 of 2 |")
			.contains("| Fastro + shedding | not measured: no load shedding | | | | | | | | |")
			.contains("| Fastro | 3.00 s (2.00 s–4.00 s) |")
			.contains(
					"| 2 | Fastro | 1,200 | 12,000 | 4,000 | 0 | 0 | 0 | 8,000 | 9.50 s | 9.50 s | 300 | 10.00 | 50% | ok |")
			.contains("None: every server started");
	}

	@Test
	void formatsLatencies() {
		assertThat(OverloadReport.latency(850_000)).isEqualTo("0.85 ms");
		assertThat(OverloadReport.latency(12_345_000)).isEqualTo("12.3 ms");
		assertThat(OverloadReport.latency(1_234_000_000)).isEqualTo("1.23 s");
		assertThat(OverloadReport.latency(-1)).isEqualTo("—");
	}

	private static OverloadRun run(ServerKind server, int round, OverloadTally.Result result) {
		return new OverloadRun(server, round, 600, 1_200, 10, result, new CpuTime(1_000, 100), 0.5, null);
	}

	private static OverloadTally.Result result(long ok, long shed, long timeouts, long answeredInWindow,
			long okInWindow, long p50, long p99) {
		OverloadTally.Percentiles accepted = new OverloadTally.Percentiles(p50, p99, p99, p99);
		return new OverloadTally.Result(ok, shed, 0, 0, timeouts, accepted, accepted, answeredInWindow, okInWindow, 300,
				null);
	}

}
