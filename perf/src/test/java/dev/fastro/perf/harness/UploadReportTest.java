package dev.fastro.perf.harness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UploadReportTest {

	private static final long GIB = 1L << 30;

	private static final Environment ENVIRONMENT = new Environment("Test CPU", 2, "servers on core 1", "Linux",
			"JDK 17", List.of("-Xms64m", "-Xmx64m"), Map.of("Netty", "4.2"), "2026-01-01", "perf/upload");

	private final UploadOptions options = UploadOptions.parse(List.of("--rounds", "2", "--framings", "content-length"),
			Path.of("perf"));

	@Test
	void mediansAndPerRoundRatiosToRawNettyAndNative() {
		List<UploadRun> runs = new ArrayList<>();
		// MiB/s: raw 1024 and 512, native 512 and 256, Fastro 256 and 256.
		runs.add(run(1, ServerKind.RAW, 1.0, 100));
		runs.add(run(1, ServerKind.NATIVE, 2.0, 110));
		runs.add(run(1, ServerKind.FASTRO, 4.0, 120));
		runs.add(run(2, ServerKind.FASTRO, 4.0, 130));
		runs.add(run(2, ServerKind.NATIVE, 4.0, 110));
		runs.add(run(2, ServerKind.RAW, 2.0, 100));

		String md = UploadReport.markdown(this.options, ENVIRONMENT, runs, List.of(), Map.of());

		assertThat(md).contains("## Content-Length\n")
			.doesNotContain("## Chunked")
			.contains("| Native | 384.0 (256.0–512.0) | 50.0% (50.0–50.0%) | 100.0% (100.0–100.0%) | 110.0 (110.0) | "
					+ "109.0 | 3.00 | 200.0% (200.0–200.0%) | 100% | 2 of 2 |")
			// Fastro against raw: 25% and 50%; against native: 50% and 100%.
			.contains("| Fastro | 256.0 (256.0–256.0) | 37.5% (25.0–50.0%) | 75.0% (50.0–100.0%) | 125.0 (130.0) |")
			.contains("| Raw Netty | 768.0 (512.0–1,024.0) | 100.0% (100.0–100.0%) | 200.0% (200.0–200.0%) |")
			.contains("| 1 | Content-Length | Raw Netty | 1.00 | 1,024.0 | 100.0 | 1.00 | 100% | 50% | 1.5 | ok |")
			.contains("load average, read after each upload, was 1.5–3.0 (median 2.3) on its 2 cores")
			.contains("None: every upload completed");
	}

	@Test
	void aFailedUploadIsShownAndLeftOutOfTheFigures() {
		List<UploadRun> runs = new ArrayList<>();
		runs.add(run(1, ServerKind.RAW, 1.0, 100));
		UploadResult failed = new UploadResult(UploadFraming.CONTENT_LENGTH, GIB, 3_000_000_000L, 2_000_000_000L, 413,
				"too large", null);
		runs.add(new UploadRun(1, ServerKind.FASTRO, failed, failed.problem("x"), new CpuTime(100, 100), 90 * 1024,
				false, 80 * 1024, Double.NaN, CpuTime.UNKNOWN));

		String md = UploadReport.markdown(this.options, ENVIRONMENT, runs, List.of("Native, round 1/2: did not start"),
				Map.of("Fastro, round 1/2", "Fastro, round 1/2: its log says: java.lang.OutOfMemoryError"));

		assertThat(md).contains("| Fastro | failed | | | | | | | | 0 of 1 |")
			.contains(
					"| 1 | Content-Length | Fastro | 3.00 | — | 90.0 | 1.00 | 33% | — | — | **failed**: answer 413 too large |")
			.contains("- 1 upload(s) failed", "- Native, round 1/2: did not start",
					"- Fastro, round 1/2: its log says: java.lang.OutOfMemoryError");
	}

	private static UploadRun run(int round, ServerKind server, double seconds, int peakMib) {
		UploadResult result = new UploadResult(UploadFraming.CONTENT_LENGTH, GIB, (long) (seconds * 1e9),
				(long) (seconds * 1e9), 200, "ok", null);
		return new UploadRun(round, server, result, null, new CpuTime((long) (seconds * 100), 100), peakMib * 1024L,
				false, peakMib * 1024L - 1024, 1.5 * round, new CpuTime((long) (seconds * 50), 100));
	}

}
