package dev.fastro.perf.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every kind of report, rendered from a fixed set of results: the prose of
 * {@code report.md} and {@code upload-report.md} filled in, no placeholder left, the
 * sections in their order, and every fragment of the templates used by some report.
 */
class ReportTemplateTest {

	private static final Environment ENVIRONMENT = new Environment("Test CPU", 2, "servers on core 1, wrk on core 0",
			"Test OS", "Test JDK", JvmFlags.SERVER, Map.of("Spring Boot", "4.0.7"), "2026-01-01T00:00:00Z",
			"perf/run --test");

	/** The sections of a report of every experiment, in their order. */
	private static final List<String> SECTIONS = List.of("# Fastro benchmark", "| Scenario | Framework |", "Problems:",
			"Did wrk keep up?", "## What observing requests costs", "## Against the original Fastro", "## Peers",
			"## Protocols", "## Compression", "## Static files", "## Start-up and footprint", "## Scaling",
			"### Route-table size", "### Middleware count", "### JSON body size", "### Connections",
			"## Router micro-benchmarks (JMH)", "## Method", "## Method changes", "## Environment", "## Raw data");

	@TempDir
	Path directory;

	@Test
	void everyKindOfReportIsTheTemplatesProseFilledIn() throws Exception {
		List<Measurement> all = results();
		Map<ServerKind, Footprint> footprints = new LinkedHashMap<>();
		footprints.put(ServerKind.NATIVE, new Footprint(412.4, 51_200));
		footprints.put(ServerKind.FASTRO, new Footprint(2_345.6, 153_600));
		footprints.put(ServerKind.MVC_VIRTUAL, new Footprint(3_001, -1));
		JmhResults jmh = new JmhResults(List.of(new JmhResults.Row("fastro", "static", 12.34, 0.5, 0)));

		// Taking turns, every experiment, the peers, a refusal and invalid runs.
		String full = write("full", new RunSettings(false, 3, 2, 10, 15, 100, 1, false, false), all,
				List.of(new Refusal(Experiment.MAIN, ServerKind.HELIDON, "skipped: needs Java 21 or later")), jmh,
				footprints);
		assertThat(full).startsWith("# Fastro benchmark\n\nwrk `-t1 -c100`, 10 s per run, median of 3 rounds; ")
			.endsWith("[`benchmark-results.csv`](benchmark-results.csv).\n")
			.doesNotContain("\n\n\n")
			.contains("- For each scenario the servers take turns, one 10 s run each, for 3 rounds,")
			.contains("- Invalid run, Root over h2c (prior knowledge) · Fastro, round 4: ");
		int previous = -1;
		for (String section : SECTIONS) {
			int at = full.indexOf(section, previous + 1);
			assertThat(at).as(section + " after the section before it").isGreaterThan(previous);
			previous = at;
		}
		// Quick and pipelined: the scenarios only, one round.
		assertThat(write("quick", new RunSettings(true, 1, 1, 1, 1, 100, 16, false, false),
				all.stream().filter(run -> run.experiment() == Experiment.MAIN && run.round() == 1).toList(), List.of(),
				null, Map.of()))
			.contains("> **Quick mode (`--quick`)", "**pipelined: 16 requests per write**",
					"- Pipelined (`--pipelined`)", " The original's figures were not pipelined;",
					"Not run for this report: `perf/run --jmh`");
		// Side by side on fresh JVMs: the scenarios over TLS, and gzip.
		assertThat(write("side-by-side", new RunSettings(false, 3, 2, 10, 15, 100, 1, true, true),
				all.stream()
					.filter(run -> run.protocol() == Protocol.H1 || run.protocol() == Protocol.TLS)
					.filter(run -> !run.experiment().scaling() && !run.caseLabel().equals("br"))
					.toList(),
				List.of(), null, Map.of()))
			.contains("- Side by side (`--side-by-side`): for each scenario, in each of 3 rounds,",
					"- Fresh JVMs (`--fresh-jvms`)", "HTTP/1.1 and HTTP/1.1 over TLS are driven by wrk `-t1 -c100`. ",
					"`Accept-Encoding: identity` and `gzip` (");
		// HTTP/2 without TLS, and nothing else.
		assertThat(write("h2c", new RunSettings(false, 2, 2, 10, 15, 50, 1, false, false),
				all.stream()
					.filter(run -> run.experiment() == Experiment.PROTOCOLS && run.protocol() != Protocol.TLS)
					.toList(),
				List.of(), null, Map.of()))
			.contains("HTTP/1.1 is driven by wrk `-t1 -c50`, h2c and h2 by h2load `-t1 -c50 -m1`")
			.doesNotContain("## Peers", "## Compression", "## Scaling", "## Start-up and footprint");
		// Nothing measured at all.
		assertThat(write("empty", new RunSettings(false, 3, 2, 10, 15, 100, 1, false, false), List.of(), List.of(),
				null, Map.of()))
			.contains("## Against the original Fastro", "## Method changes", "## Environment")
			.doesNotContain("Problems:", "Did wrk keep up?");

		// The upload bench: both framings, and one framing with a failure.
		String uploads = UploadReport.markdown(UploadOptions.parse(List.of("--rounds", "2"), Path.of("perf")),
				ENVIRONMENT, uploads(2, List.of(UploadFraming.CONTENT_LENGTH, UploadFraming.CHUNKED), false), List.of(),
				Map.of());
		assertThat(uploads).startsWith("# Fastro upload benchmark\n\n1 GiB (1,073,741,824 bytes)")
			.contains("warmed up with 256 MiB uploads for at least 5 s", "## Content-Length\n",
					"## Chunked (64 KiB chunks)\n", "## Every upload", "None: every upload completed", "## Environment")
			.doesNotContain("{{", "}}", "\n\n\n")
			.endsWith("- Command: `perf/run --test`\n");
		assertThat(UploadReport.markdown(
				UploadOptions.parse(List.of("--rounds", "1", "--framings", "chunked", "--warmup", "0", "--mib", "512"),
						Path.of("perf")),
				ENVIRONMENT, uploads(1, List.of(UploadFraming.CHUNKED), true), List.of("Native: did not start\nlog"),
				Map.of()))
			.contains("warmed up with nothing (no warm-up)", "- 1 upload(s) failed; see the table above.",
					"- Native: did not start\n  log")
			.doesNotContain("## Content-Length", "{{");

		Set<String> unused = new TreeSet<>(ReportWriter.TEXT.unrendered());
		if (JavaRuntime.forServer(ServerKind.MVC_VIRTUAL) == null
				|| JavaRuntime.forServer(ServerKind.MVC_VIRTUAL).equals(JavaRuntime.own())) {
			// No server ran on another JDK than the harness's: nothing to say about it.
			unused.removeAll(Set.of("footprint.other-jdk", "footprint.ran-on"));
		}
		assertThat(unused).as("fragments of report.md no report used").isEmpty();
		assertThat(UploadReport.TEXT.unrendered()).as("fragments of upload-report.md no report used").isEmpty();
	}

	private String write(String name, RunSettings settings, List<Measurement> runs, List<Refusal> refusals,
			JmhResults jmh, Map<ServerKind, Footprint> footprints) throws Exception {
		Path out = this.directory.resolve(name);
		ReportWriter.write(out, settings, ENVIRONMENT, runs, refusals, jmh, footprints);
		String report = Files.readString(out.resolve(ReportWriter.FILE_NAME));
		assertThat(report).as(name).doesNotContain("{{", "}}");
		return report;
	}

	/**
	 * Three rounds of every scenario, protocol and coding, two of every scaling
	 * experiment, and invalid runs; wrk's core at its limit except on Root.
	 */
	private static List<Measurement> results() {
		List<ServerKind> servers = List.of(ServerKind.NATIVE, ServerKind.FASTRO, ServerKind.FASTRO_METRICS,
				ServerKind.WEBFLUX, ServerKind.RAW, ServerKind.VERTX, ServerKind.JAVALIN, ServerKind.MVC_VIRTUAL);
		List<Measurement> runs = new ArrayList<>();
		int k = 0;
		for (int round = 1; round <= 3; round++) {
			for (Scenario scenario : Scenario.values()) {
				for (ServerKind server : servers) {
					k++;
					runs.add(run(Experiment.MAIN, scenario.title(), server, round, Protocol.H1,
							50_000 + 997 * k % 40_000, 8 + k % 5, -1, (scenario == Scenario.ROOT) ? 0.5 : 0.95));
				}
			}
			for (Protocol protocol : Protocol.values()) {
				for (String scenario : List.of("Root", "JSON POST")) {
					for (ServerKind server : List.of(ServerKind.NATIVE, ServerKind.FASTRO)) {
						k++;
						runs.add(run(Experiment.PROTOCOLS, scenario, server, round, protocol, 30_000 + 811 * k % 20_000,
								9 + k % 4, -1, Double.NaN));
					}
				}
			}
			for (String coding : List.of("identity", "gzip", "br")) {
				for (ServerKind server : List.of(ServerKind.NATIVE, ServerKind.FASTRO)) {
					k++;
					runs.add(run(Experiment.COMPRESSION, coding, server, round, Protocol.H1, 20_000 + 513 * k % 9_000,
							12 + k % 3, coding.equals("identity") ? 10_240 : 1_300, Double.NaN));
				}
			}
			// Fastro gives no validator, and misses the goal on the first file only.
			for (StaticFiles.StaticFile file : StaticFiles.FILES) {
				boolean first = file.equals(StaticFiles.FILES.get(0));
				runs.add(run(Experiment.STATIC, file.label(), ServerKind.NGINX, round, Protocol.H1, 10_000, 10,
						file.size(), 0.9));
				runs.add(run(Experiment.STATIC, file.label(), ServerKind.FASTRO, round, Protocol.H1, 8_500, 12,
						file.size(), 0.9));
				runs.add(run(Experiment.STATIC, file.label(), ServerKind.VERTX, round, Protocol.H1,
						first ? 9_000 : 7_000, 14, file.size(), 0.9));
				for (ServerKind server : List.of(ServerKind.NGINX, ServerKind.VERTX)) {
					runs.add(run(Experiment.STATIC, Revalidation.label(file.label()), server, round, Protocol.H1,
							40_000, 9, 0, 0.5));
				}
			}
			for (Experiment experiment : List.of(Experiment.ROUTES, Experiment.MIDDLEWARES, Experiment.BODY,
					Experiment.CONNECTIONS)) {
				for (String label : List.of("10", "1,000")) {
					for (ServerKind server : List.of(
							(experiment == Experiment.ROUTES) ? ServerKind.NATIVE_ROUTED : ServerKind.NATIVE,
							ServerKind.FASTRO, ServerKind.WEBFLUX)) {
						k++;
						runs.add(run(experiment, label, server, round, Protocol.H1, 40_000 + 313 * k % 20_000,
								9 + k % 4, -1, Double.NaN));
					}
				}
			}
		}
		WrkResult socketErrors = new WrkResult(10, 10_000_000, 1, 1, 0, 3, 0, 0, 0, 0);
		runs.add(new Measurement(Experiment.MAIN, "Root", ServerKind.WEBFLUX, 4, 100, 1, 10, socketErrors,
				new CpuTime(1, 100)));
		runs.add(new Measurement(Experiment.PROTOCOLS, "Root", ServerKind.FASTRO, 4, 100, 1, 10, socketErrors,
				new CpuTime(1, 100), Footprint.UNKNOWN, Protocol.H2C, -1, Double.NaN));
		return runs;
	}

	private static Measurement run(Experiment experiment, String label, ServerKind server, int round, Protocol protocol,
			double throughput, int cpuMicros, long bodyBytes, double loadCoreBusy) {
		long requests = Math.round(throughput * 10);
		return new Measurement(experiment, label, server, round, 100, 1, 10,
				new WrkResult(requests, 10_000_000, 1500 + round, 2500, 0, 0, 0, 0, 0,
						requests * (Math.max(bodyBytes, 0) + 100)),
				new CpuTime(requests * cpuMicros, 1_000_000), Footprint.UNKNOWN, protocol, bodyBytes, loadCoreBusy);
	}

	private static List<UploadRun> uploads(int rounds, List<UploadFraming> framings, boolean oneFails) {
		List<UploadRun> runs = new ArrayList<>();
		for (int round = 1; round <= rounds; round++) {
			for (UploadFraming framing : framings) {
				for (ServerKind server : List.of(ServerKind.NATIVE, ServerKind.FASTRO, ServerKind.RAW)) {
					double seconds = 1.0 + round * 0.1 + server.ordinal() * 0.05;
					boolean fails = oneFails && server == ServerKind.FASTRO;
					UploadResult result = new UploadResult(framing, 1L << 30, (long) (seconds * 1e9),
							(long) (seconds * 1e9), fails ? 413 : 200, fails ? "too large" : "ok", null);
					runs.add(new UploadRun(round, server, result, fails ? "answer 413 too large" : null,
							new CpuTime((long) (seconds * 100), 100), 100 * 1024L, false, 99 * 1024L, 1.5 * round,
							new CpuTime((long) (seconds * 50), 100)));
				}
			}
		}
		return runs;
	}

}
