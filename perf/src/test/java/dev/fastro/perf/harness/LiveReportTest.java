package dev.fastro.perf.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LiveReportTest {

	private static final Environment ENVIRONMENT = new Environment("Test CPU", 2, "servers on core 1", "Linux",
			"JDK 17", JvmFlags.SERVER, Map.of("Netty", "4.2"), "2026-01-01", "perf/run --experiments websocket");

	private static final RunSettings SETTINGS = new RunSettings(false, 2, 1, 10, 15, 100, 1, false, false);

	@Test
	void echoMediansAndPerRoundRatiosToTheRawServerAndVertx() {
		List<LiveRun> runs = new ArrayList<>();
		// Messages: raw 200,000 and 100,000, Vert.x 100,000 twice, Fastro 50,000 and
		// 100,000; CPU 1 s in every run.
		runs.add(echo(1, ServerKind.RAW_WEBSOCKET, 200_000));
		runs.add(echo(1, ServerKind.VERTX, 100_000));
		runs.add(echo(1, ServerKind.FASTRO, 50_000));
		runs.add(echo(2, ServerKind.FASTRO, 100_000));
		runs.add(echo(2, ServerKind.VERTX, 100_000));
		runs.add(echo(2, ServerKind.RAW_WEBSOCKET, 100_000));

		String md = LiveReport.markdown(SETTINGS, ENVIRONMENT, runs, List.of());

		assertThat(md).contains("## WebSocket echo\n", "### 64 B messages\n")
			.doesNotContain("## Server-sent events", "## Idle connections")
			// Fastro against raw: 25% and 100%, against Vert.x 50% and 100%; its CPU
			// per message 4 and 2 times raw's, 2 and 1 times Vert.x's.
			.contains("| Fastro | 7,500 (5,000–10,000) | 62.5% (25.0–100.0%) | 75.0% (50.0–100.0%) | 15.00 "
					+ "| 250.0% (100.0–400.0%) | 150.0% (100.0–200.0%) | 80% | 2 of 2 |")
			.contains("| Raw Netty WebSocket | 15,000 (10,000–20,000) | 100.0% (100.0–100.0%) |")
			.contains("| WebSocket echo | 64 B | 1 | Fastro | 50,000 | 5,000 | 20.00 | — | — | ok |")
			.contains("None: every connection");
	}

	@Test
	void idleMemoryPerConnectionAgainstVertx() {
		List<LiveRun> runs = List.of(idle(1, ServerKind.VERTX, 10_000, 20_000),
				idle(1, ServerKind.FASTRO, 15_000, 30_000));

		String md = LiveReport.markdown(SETTINGS, ENVIRONMENT, runs, List.of());

		// 10,000 KiB over 10,000 connections: 1,024 B each.
		assertThat(md).contains("## Idle connections\n", "### WebSocket\n")
			.contains("| Vert.x Web | 1,024 (1,024–1,024) | 100.0% (100.0–100.0%) | 2,048 (2,048–2,048) |")
			.contains("| Fastro | 1,536 (1,536–1,536) | 150.0% (150.0–150.0%) | 3,072 (3,072–3,072) | 150.0%");
	}

	@Test
	void anInvalidRunIsShownAndLeftOutOfTheFigures() {
		List<LiveRun> runs = List.of(echo(1, ServerKind.VERTX, 100_000),
				LiveRun.load(Experiment.SSE, "1,000", ServerKind.FASTRO, 1, 1_000, 10, 0, new CpuTime(1, 100),
						Double.NaN, "3 of 1000 connections failed, first: closed by the server"),
				LiveRun.load(Experiment.SSE, "1,000", ServerKind.VERTX, 1, 1_000, 10, 10_000, new CpuTime(10, 100), 0.5,
						null));

		String md = LiveReport.markdown(SETTINGS, ENVIRONMENT, runs, List.of("Idle connections: did not start"));

		assertThat(md).contains("| Fastro | failed | | | | | 0 of 1 |")
			.contains("| Vert.x Web | 1,000 (1,000–1,000) | 100.0% | 10.00 | 100.0% (100.0–100.0%) | — | 1 of 1 |")
			.contains("**invalid**: 3 of 1000 connections failed, first: closed by the server")
			.contains("- 1 run(s) invalid", "- Idle connections: did not start");
	}

	@Test
	void rendersEveryFragment() {
		List<LiveRun> runs = List.of(echo(1, ServerKind.VERTX, 1), idle(1, ServerKind.VERTX, 1, 2), LiveRun
			.load(Experiment.SSE, "1,000", ServerKind.VERTX, 1, 1_000, 10, 10_000, new CpuTime(10, 100), 0.5, null));
		LiveReport.markdown(SETTINGS, ENVIRONMENT, runs, List.of());
		LiveReport.markdown(new RunSettings(false, 2, 1, 10, 15, 100, 1, true, false), ENVIRONMENT, runs, List.of("x"));

		assertThat(LiveReport.TEXT.unrendered()).isEmpty();
	}

	private static LiveRun echo(int round, ServerKind server, long messages) {
		return LiveRun.load(Experiment.WEBSOCKET, "64 B", server, round, 100, 10, messages, new CpuTime(100, 100), 0.8,
				null);
	}

	private static LiveRun idle(int round, ServerKind server, long heapGrowthKilobytes, long rssGrowthKilobytes) {
		return new LiveRun(Experiment.IDLE, "WebSocket", server, round, 10_000, 0, 10_000, CpuTime.UNKNOWN, Double.NaN,
				50_000, 50_000 + heapGrowthKilobytes, 100_000, 100_000 + rssGrowthKilobytes, null);
	}

}
