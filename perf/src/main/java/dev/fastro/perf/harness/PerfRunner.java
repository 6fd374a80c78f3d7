package dev.fastro.perf.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The benchmark harness behind {@code perf/run}: starts the servers, verifies their
 * answers, warms them up, measures them in alternating rounds with wrk (with
 * {@code h2load} over HTTP/2), and writes {@code BENCHMARK.md}, the raw CSV and the
 * charts.
 */
public final class PerfRunner {

	/** CPU time planned for starting one Spring Boot server, for the estimate. */
	private static final double SPRING_START_SECONDS = 6;

	/** CPU time planned for starting one plain server, for the estimate. */
	private static final double PLAIN_START_SECONDS = 1.5;

	/** wrk's own start and stop around each run, for the estimate. */
	private static final double RUN_OVERHEAD_SECONDS = 0.3;

	/**
	 * Connections per request during the warm-up, where every request of a server is
	 * driven at once.
	 */
	private static final int WARMUP_CONNECTIONS = 10;

	private final RunnerOptions options;

	private final PrintStream out;

	private final List<Measurement> measurements = new ArrayList<>();

	private final List<Refusal> refusals = new ArrayList<>();

	/**
	 * Each server's start-up and resident memory, from the first group it ran in (the
	 * scenarios' group when it ran there), in the order they started.
	 */
	private final Map<ServerKind, Footprint> footprints = new LinkedHashMap<>();

	private PerfRunner(RunnerOptions options, PrintStream out) {
		this.options = options;
		this.out = out;
	}

	/** {@code perf/run}'s command line. */
	private static final BenchCommand<RunnerOptions> COMMAND = new BenchCommand<>("PerfRunner", RunnerOptions.USAGE,
			".", RunnerOptions::parse,
			(options, command) -> new BenchCommand.Outcome(run(options, command, System.out), List.of()));

	/**
	 * Runs the harness from the command line; see {@link RunnerOptions#USAGE} and
	 * {@link BenchCommand}.
	 * @param args the options
	 */
	public static void main(String[] args) {
		COMMAND.main(args);
	}

	/**
	 * Runs everything the options ask for and writes the report.
	 * @param options the options
	 * @param command the command line to state in the report
	 * @param out where progress goes
	 * @return the report file
	 * @throws IOException if a server, wrk or a file fails
	 * @throws InterruptedException if interrupted
	 */
	public static Path run(RunnerOptions options, String command, PrintStream out)
			throws IOException, InterruptedException {
		Prerequisites.check();
		return new PerfRunner(options, out).run(command);
	}

	private Path run(String command) throws IOException, InterruptedException {
		Path outDir = this.options.outputDirectory();
		Files.createDirectories(outDir);
		Environment environment = Environment.collect(command, this.options.serverCpu(), this.options.wrkCpu());
		if (this.options.jmh()) {
			JmhRunner.run(this.options, outDir.resolve(JmhResults.FILE_NAME), this.out);
		}
		Path work = Files.createTempDirectory("fastro-perf-");
		this.out.println("Server logs and wrk scripts: " + work);
		PerfJwt jwt = this.options.experiments().contains(Experiment.SECURITY) ? PerfJwt.generate(work, Instant.now())
				: null;
		List<Group> groups = Plan.of(this.options, jwt);
		if (groups.stream().anyMatch(group -> group.protocol().http2())) {
			Prerequisites.checkH2load();
		}
		PerfCertificate certificate = groups.stream().anyMatch(group -> group.protocol().secure())
				? PerfCertificate.generate(work) : null;
		if (groups.stream().anyMatch(group -> group.servers().stream().anyMatch(spec -> spec.kind().external()))) {
			Prerequisites.checkNginx();
		}
		// Written once, so every server serves the same bytes.
		Path staticFiles = groups.stream().anyMatch(group -> group.servers().stream().anyMatch(ServerSpec::staticFiles))
				? StaticFiles.write(work.resolve("static")) : null;
		Progress progress = new Progress(this.out, plannedSeconds(groups), plannedRuns(groups));
		LoadGenerator wrk = new WrkRunner(this.options.wrkCpu(), work);
		LoadGenerator h2load = new H2loadRunner(this.options.wrkCpu(), work);
		try (ServerFleet fleet = new ServerFleet(this.options.serverCpu(), System.getProperty("java.class.path"), work,
				certificate, staticFiles, jwt)) {
			for (Group group : groups) {
				ResponseVerifier verifier = new ResponseVerifier(group.protocol(),
						(certificate != null) ? certificate.clientContext() : null);
				runGroup(group, fleet, group.protocol().http2() ? h2load : wrk, verifier, progress);
			}
		}
		LiveBench live = null;
		if (this.options.experiments().stream().anyMatch(Experiment::live)) {
			try (ServerFleet fleet = new ServerFleet(this.options.serverCpu(), System.getProperty("java.class.path"),
					work, null)) {
				live = LiveBench.run(this.options, fleet, this.out);
			}
		}
		OverloadBench overload = null;
		if (this.options.experiments().contains(Experiment.OVERLOAD)) {
			try (ServerFleet fleet = new ServerFleet(this.options.serverCpu(), System.getProperty("java.class.path"),
					work, null)) {
				overload = OverloadBench.run(this.options, fleet, this.out);
			}
		}
		Path report;
		if (overload != null) {
			// RunnerOptions runs the overload experiment alone.
			report = OverloadReport.write(outDir, this.options.settings(), environment, overload);
		}
		else if (live == null) {
			CsvWriter.write(this.measurements, outDir.resolve(CsvWriter.FILE_NAME));
			Path jmhFile = outDir.resolve(JmhResults.FILE_NAME);
			JmhResults jmh = Files.exists(jmhFile) ? JmhResults.read(jmhFile) : null;
			ReportWriter.write(outDir, this.options.settings(), environment, this.measurements, this.refusals, jmh,
					this.footprints);
			printSummary();
			report = outDir.resolve(ReportWriter.FILE_NAME);
		}
		else {
			// RunnerOptions runs the live experiments apart from the others.
			report = LiveReport.write(outDir, this.options.settings(), environment, live.runs(), live.problems());
		}
		long runs = (overload != null) ? overload.runs().size()
				: (live != null) ? live.runs().size() : this.measurements.size();
		long invalid = (overload != null) ? overload.runs().stream().filter(run -> !run.valid()).count()
				: (live != null) ? live.runs().stream().filter(run -> !run.valid()).count()
						: this.measurements.stream().filter(run -> !run.result().valid()).count();
		this.out.printf(Locale.ROOT, "Done in %s: %d runs, %d invalid, %d servers refused.%n",
				Progress.duration(progress.elapsedSeconds()), runs, invalid, this.refusals.size());
		deleteQuietly(work);
		return report;
	}

	private void runGroup(Group group, ServerFleet fleet, LoadGenerator load, ResponseVerifier verifier,
			Progress progress) throws IOException, InterruptedException {
		List<ServerSpec> runnable = new ArrayList<>();
		for (ServerSpec spec : group.servers()) {
			String missing = JavaRuntime.missing(spec.kind());
			if (missing == null) {
				runnable.add(spec);
			}
			else if (refuse(group, spec.kind(), "skipped: " + missing)) {
				progress.note("SKIPPED " + spec.label() + ": " + missing);
			}
		}
		// All the rounds on one start of the servers, or with --fresh-jvms one start
		// each.
		int roundsPerStart = this.options.freshJvms() ? 1 : group.rounds();
		int turn = 0;
		for (int first = 1; first <= group.rounds(); first += roundsPerStart) {
			LiveServers servers = startServers(group, runnable, fleet, load, verifier, progress);
			turn = measureRounds(group, servers, first, first + roundsPerStart - 1, turn, load, progress);
			fleet.stop(servers.processes());
		}
	}

	/**
	 * Records that a server is not measured in the group's experiment, once however often
	 * it is started.
	 * @return whether this is the first time it is recorded
	 */
	private boolean refuse(Group group, ServerKind kind, String reason) {
		if (this.refusals.stream().anyMatch(refusal -> refusal.server() == kind)) {
			return false;
		}
		this.refusals.add(new Refusal(group.cases().get(0).experiment(), kind, reason));
		return true;
	}

	/**
	 * Starts the servers one after the other, verifies their answers, refusing those that
	 * answer differently, and warms up the others.
	 */
	private LiveServers startServers(Group group, List<ServerSpec> runnable, ServerFleet fleet, LoadGenerator load,
			ResponseVerifier verifier, Progress progress) throws IOException, InterruptedException {
		progress.starting("starting " + runnable.size() + " servers for " + group.name() + ", one after the other: "
				+ runnable.stream().map(ServerSpec::label).toList());
		List<ServerProcess> processes = fleet.start(runnable);
		progress.finished(startSeconds(group), 0);
		Map<ServerKind, ServerProcess> live = new LinkedHashMap<>();
		Map<ServerKind, Footprint> groupFootprints = new LinkedHashMap<>();
		Map<ServerKind, Map<Request, Integer>> bodyBytes = new LinkedHashMap<>();
		Map<ServerKind, Map<Request, Probe>> probes = new LinkedHashMap<>();
		for (int i = 0; i < processes.size(); i++) {
			ServerKind kind = runnable.get(i).kind();
			ServerProcess process = processes.get(i);
			groupFootprints.put(kind, new Footprint(process.startupMillis(), -1));
			progress.note(String.format(Locale.ROOT, "%s answered GET / %.0f ms after its spawn", kind.label(),
					process.startupMillis()));
			Map<Request, Probe> resolved = resolve(process, verifier, group.probesOf(kind));
			group.probesOf(kind)
				.stream()
				.filter(probe -> !resolved.containsKey(probe.request()))
				.forEach(probe -> progress.note(kind.label() + " gave neither ETag nor Last-Modified for "
						+ Revalidation.fetch(probe).target() + ": its 304 revalidation is not applicable"));
			List<Load> loads = loads(group.loadsOf(kind), resolved);
			String problem = kind.secured() ? requireToken(process, verifier, List.copyOf(resolved.values())) : null;
			if (problem == null) {
				problem = verify(kind, process, verifier, List.copyOf(resolved.values()), loads);
			}
			if (problem == null) {
				live.put(kind, process);
				probes.put(kind, resolved);
				bodyBytes.put(kind, bodyBytes(process, verifier, resolved));
			}
			else {
				refuse(group, kind, problem);
				progress.note("REFUSED " + kind.label() + ": " + problem);
				fleet.stop(List.of(process));
			}
		}
		for (Map.Entry<ServerKind, ServerProcess> server : live.entrySet()) {
			// Each request as it will be measured, pipelined or not, so the JIT sees the
			// same code paths.
			List<Load> loads = loads(group.loadsOf(server.getKey()), probes.get(server.getKey()));
			progress.starting("warming up " + server.getValue().label() + ": " + loads.size() + " requests at once for "
					+ this.options.warmupSeconds() + " s");
			try {
				load.runTogether(server.getValue().baseUri(), loads, WARMUP_CONNECTIONS, this.options.warmupSeconds());
			}
			catch (IOException ex) {
				// The warm-up is not measured, and each measured run checks its own
				// result: a generator killed here only leaves the server less warm.
				progress.note("warm-up of " + server.getValue().label() + " cut short: "
						+ ex.getMessage().lines().findFirst().orElse(""));
			}
			long rss = server.getValue().rssKilobytes();
			groupFootprints.computeIfPresent(server.getKey(), (kind, footprint) -> footprint.withRss(rss));
			progress
				.note(String.format(Locale.ROOT, "%s resident after warm-up: %,d KiB", server.getValue().label(), rss));
			progress.finished(this.options.warmupSeconds(), 0);
		}
		groupFootprints.forEach(this.footprints::putIfAbsent);
		return new LiveServers(processes, live, groupFootprints, bodyBytes, probes);
	}

	/**
	 * Each probe as one server is asked it, by the planned probe's request: the same
	 * probe, or for a planned revalidation one with the validator the server gave on a
	 * first request; a revalidation the server gives no validator for is left out.
	 */
	private static Map<Request, Probe> resolve(ServerProcess server, ResponseVerifier verifier, List<Probe> probes)
			throws IOException, InterruptedException {
		Map<Request, Probe> resolved = new LinkedHashMap<>();
		for (Probe probe : probes) {
			Probe concrete = Revalidation.planned(probe)
					? Revalidation.resolve(probe, verifier.headers(server.baseUri(), Revalidation.fetch(probe)))
					: probe;
			if (concrete != null) {
				resolved.put(probe.request(), concrete);
			}
		}
		return resolved;
	}

	/** The loads as one server is asked them: see {@link #resolve}. */
	private static List<Load> loads(List<Load> planned, Map<Request, Probe> resolved) {
		return planned.stream()
			.filter(load -> resolved.containsKey(load.request()))
			.map(load -> new Load(resolved.get(load.request()), load.pipeline()))
			.toList();
	}

	/**
	 * Measures rounds {@code first} to {@code last} of every case of the group on the
	 * live servers, and returns the turn count to go on from.
	 */
	private int measureRounds(Group group, LiveServers servers, int first, int last, int turn, LoadGenerator load,
			Progress progress) throws IOException, InterruptedException {
		List<ServerKind> kinds = List.copyOf(servers.live().keySet());
		for (Case one : group.cases()) {
			for (int round = first; round <= Math.min(last, one.rounds()); round++) {
				List<ServerKind> order = Plan.order(kinds, turn++)
					.stream()
					.filter(one.servers()::contains)
					.filter(kind -> servers.probes().get(kind).containsKey(one.probe().request()))
					.toList();
				if (!this.options.sideBySide()) {
					for (ServerKind kind : order) {
						measure(one, round, List.of(kind), servers, load, progress);
					}
				}
				else if (!order.isEmpty()) {
					measure(one, round, order, servers, load, progress);
				}
			}
		}
		return turn;
	}

	/**
	 * The servers of a group once started, verified and warmed up.
	 *
	 * @param processes every server started, refused ones included
	 * @param live the servers that answered as they must, in the order they started
	 * @param footprints each server's start-up and resident memory
	 * @param bodyBytes the size of each server's answer to each request
	 * @param probes each server's probes as it is asked them, by the planned request;
	 * those it cannot be asked are missing
	 */
	private record LiveServers(List<ServerProcess> processes, Map<ServerKind, ServerProcess> live,
			Map<ServerKind, Footprint> footprints, Map<ServerKind, Map<Request, Integer>> bodyBytes,
			Map<ServerKind, Map<Request, Probe>> probes) {

	}

	/**
	 * Checks every probe (for random ids, a sample of ids), and every pipelined load as
	 * wrk will send it, its requests in one write; returns what differed, or {@code null}
	 * when all answers are exact.
	 */
	private static String verify(ServerKind kind, ServerProcess server, ResponseVerifier verifier, List<Probe> probes,
			List<Load> loads) throws InterruptedException {
		for (Probe probe : probes) {
			for (Probe sample : probe.forServer(kind).samples()) {
				try {
					List<String> differences = verifier.verify(server.baseUri(), sample);
					if (!differences.isEmpty()) {
						return sample.request() + ": " + String.join("; ", differences);
					}
				}
				catch (IOException ex) {
					return sample.request() + ": " + ex;
				}
			}
		}
		for (Load load : loads) {
			if (!load.pipelined()) {
				continue;
			}
			try {
				// Random ids: a batch of different ids, whose answers must come back in
				// order.
				List<Probe> samples = load.probe().forServer(kind).samples();
				List<Probe> batch = new ArrayList<>();
				for (int i = 0; i < load.pipeline(); i++) {
					batch.add(samples.get(i % samples.size()));
				}
				List<String> differences = PipelineVerifier.verify(server.baseUri(), batch);
				if (!differences.isEmpty()) {
					return load.request() + " pipelined: " + String.join("; ", differences);
				}
			}
			catch (IOException ex) {
				return load.request() + " pipelined: " + ex;
			}
		}
		return null;
	}

	/**
	 * Checks that a secured server turns away each probe's request without its token with
	 * a 401; the request with the token is then verified as any other. Returns what it
	 * answered instead, or {@code null} when it asked for the token every time.
	 */
	private static String requireToken(ServerProcess server, ResponseVerifier verifier, List<Probe> probes)
			throws InterruptedException {
		for (Probe probe : probes) {
			Request anonymous = probe.request().withoutHeader(PerfJwt.AUTHORIZATION);
			try {
				int status = verifier.status(server.baseUri(), anonymous);
				if (status != 401) {
					return anonymous + " without a token: status " + status
							+ ", expected 401: the server does not require authentication, so it would be measured"
							+ " without its security";
				}
			}
			catch (IOException ex) {
				return anonymous + " without a token: " + ex;
			}
		}
		return null;
	}

	/**
	 * The size of one answer's body to each probe's request, as it travels: what a
	 * compressed answer weighs.
	 */
	private static Map<Request, Integer> bodyBytes(ServerProcess server, ResponseVerifier verifier,
			Map<Request, Probe> probes) throws IOException, InterruptedException {
		Map<Request, Integer> sizes = new HashMap<>();
		for (Map.Entry<Request, Probe> probe : probes.entrySet()) {
			sizes.put(probe.getKey(), verifier.bodyBytes(server.baseUri(), probe.getValue().request()));
		}
		return sizes;
	}

	/**
	 * Measures one round of a case on the given servers at once, each with its own load
	 * generator started in their order: one server, or with {@code --side-by-side} all of
	 * them.
	 */
	private void measure(Case one, int round, List<ServerKind> kinds, LiveServers live, LoadGenerator load,
			Progress progress) throws IOException, InterruptedException {
		int seconds = this.options.seconds();
		List<ServerProcess> servers = kinds.stream().map(live.live()::get).toList();
		progress.starting(
				String.format(Locale.ROOT, "%s · %s%s · round %d/%d · %s · -c%d%s · %d s", one.experiment().title(),
						one.label(), (one.protocol() != Protocol.H1) ? " · " + one.protocol().title() : "", round,
						one.rounds(), String.join(" + ", kinds.stream().map(ServerKind::label).toList()),
						one.connections(), (one.pipeline() > 1) ? " · pipelined x" + one.pipeline() : "", seconds));
		// Each server's CPU time, read right before the load starts and right after it
		// ends: clock ticks are 10 ms, so only a run of seconds makes it precise.
		long ticksPerSecond = ProcessCpu.ticksPerSecond();
		long[] before = new long[servers.size()];
		for (int i = 0; i < servers.size(); i++) {
			before[i] = servers.get(i).cpuTicks();
		}
		CoreTicks loadCoreBefore = CoreTicks.read(this.options.wrkCpu());
		List<Load> loads = kinds.stream()
			.map(kind -> new Load(live.probes().get(kind).get(one.probe().request()), one.pipeline()))
			.toList();
		List<WrkResult> results = load.runSideBySide(servers.stream().map(ServerProcess::baseUri).toList(), loads,
				one.connections(), seconds);
		double loadCoreBusy = CoreTicks.read(this.options.wrkCpu()).busySince(loadCoreBefore);
		for (int i = 0; i < servers.size(); i++) {
			ServerKind kind = kinds.get(i);
			WrkResult result = results.get(i);
			Measurement run = new Measurement(one.experiment(), one.label(), kind, round, one.connections(),
					one.pipeline(), seconds, result, new CpuTime(servers.get(i).cpuTicks() - before[i], ticksPerSecond),
					live.footprints().get(kind), one.protocol(), live.bodyBytes().get(kind).get(one.probe().request()),
					loadCoreBusy);
			this.measurements.add(run);
			String latency = (one.pipeline() > 1 || one.protocol().http2()) ? ""
					: String.format(Locale.ROOT, ", avg %s, p95 %s", ReportWriter.latency(result.latencyMeanMicros()),
							ReportWriter.latency(result.latencyP95Micros()));
			String figures = result.valid() ? String.format(Locale.ROOT, "%,.0f req/s%s, server CPU %.2f µs/req",
					result.throughput(), latency, run.cpuMicrosPerRequest()) : "INVALID: " + result.problem();
			progress.note((kinds.size() > 1) ? kind.label() + ": " + figures : figures);
		}
		progress.note(String.format(Locale.ROOT, "load generator's core %.0f%% busy", loadCoreBusy * 100));
		progress.finished(seconds + RUN_OVERHEAD_SECONDS, kinds.size());
	}

	/**
	 * Prints every case's medians: throughput and its ratio to native, and the server CPU
	 * time per request and its ratio to native, the figure to optimise (lower is better).
	 */
	private void printSummary() {
		this.out.println();
		this.out.println("Summary: median of rounds; % of native is the median of per-round ratios. "
				+ "CPU µs/req is the server JVM's CPU time per request: lower is better.");
		this.out.printf(Locale.ROOT, "%-34s %-20s %12s %9s %10s %9s%n", "Case", "Server", "req/s", "% native",
				"CPU µs/req", "% native");
		for (Experiment experiment : Experiment.values()) {
			for (Summary summary : Summary.of(this.measurements, experiment)) {
				String label = ((experiment == Experiment.MAIN) ? "" : experiment.title() + " ") + summary.caseLabel()
						+ ((summary.protocol() != Protocol.H1) ? " " + summary.protocol().id() : "");
				if (!summary.measured()) {
					this.out.printf(Locale.ROOT, "%-34s %-20s %12s%n", label, summary.server().label(), "invalid");
					continue;
				}
				this.out.printf(Locale.ROOT, "%-34s %-20s %,12.0f %9s %10.2f %9s%n", label, summary.server().label(),
						summary.throughput(), percentOf(summary.ratio()), summary.cpuMicrosPerRequest(),
						percentOf(summary.cpuRatio()));
			}
		}
		this.out.println();
	}

	private static String percentOf(Stats.Ratio ratio) {
		return (ratio == null) ? "—" : String.format(Locale.ROOT, "%.1f%%", ratio.median() * 100);
	}

	private double plannedSeconds(List<Group> groups) {
		double total = 0;
		for (Group group : groups) {
			int starts = this.options.freshJvms() ? group.rounds() : 1;
			total += starts * (startSeconds(group) + group.servers().size() * this.options.warmupSeconds());
			for (Case one : group.cases()) {
				int turns = this.options.sideBySide() ? 1 : one.servers().size();
				total += one.rounds() * turns * (this.options.seconds() + RUN_OVERHEAD_SECONDS);
			}
		}
		return Math.max(total, 1);
	}

	private static int plannedRuns(List<Group> groups) {
		return groups.stream()
			.flatMap(group -> group.cases().stream())
			.mapToInt(one -> one.rounds() * one.servers().size())
			.sum();
	}

	/**
	 * The servers start one after the other, each on every core, and are pinned once they
	 * answer.
	 */
	private static double startSeconds(Group group) {
		return group.servers()
			.stream()
			.mapToDouble(spec -> spec.kind().spring() ? SPRING_START_SECONDS : PLAIN_START_SECONDS)
			.sum() / Runtime.getRuntime().availableProcessors();
	}

	private static void deleteQuietly(Path directory) {
		try (Stream<Path> files = Files.walk(directory)) {
			files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
		}
		catch (IOException ex) {
			// A leftover temp directory is harmless.
		}
	}

}
