package dev.fastro.perf.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The upload bench behind {@code perf/upload}: 1 GiB streamed to each server's
 * {@code POST /upload}, which hashes it as it arrives, with the servers' heap fixed at 64
 * MB. It shows that the body never sits in memory (the upload completes, the server's
 * peak resident memory stays small) and how fast each server takes it.
 *
 * <p>
 * One server runs at a time, in its own JVM, pinned to the server core; the client is
 * this JVM, on the other core. In every round each server starts anew, is warmed up with
 * smaller uploads, and is measured once per framing ({@code content-length} and chunked);
 * the servers take turns in {@link Plan#order}'s order, the framings swap every round.
 */
public final class UploadBench {

	/** The warm-up's uploads: 256 MiB each, or the measured body if smaller. */
	static final long WARMUP_BYTES = 256L << 20;

	/** How long one upload may take before it counts as failed. */
	private static final Duration UPLOAD_TIMEOUT = Duration.ofMinutes(5);

	private final UploadOptions options;

	private final PrintStream out;

	private final List<UploadRun> runs = new ArrayList<>();

	/** What went wrong outside the measured uploads, in order. */
	private final List<String> problems = new ArrayList<>();

	/** What the servers' logs said that they should not have, by server and round. */
	private final Map<String, String> logFindings = new LinkedHashMap<>();

	private UploadBench(UploadOptions options, PrintStream out) {
		this.options = options;
		this.out = out;
	}

	/** {@code perf/upload}'s command line. */
	private static final BenchCommand<UploadOptions> COMMAND = new BenchCommand<>("UploadBench", UploadOptions.USAGE,
			"perf", UploadOptions::parse, (options, command) -> run(options, command, true, System.out));

	/**
	 * Runs the bench from the command line; see {@link UploadOptions#USAGE} and
	 * {@link BenchCommand}. Exits with 1 when an upload failed, after writing the report
	 * that says how.
	 * @param args the options
	 */
	public static void main(String[] args) {
		COMMAND.main(args);
	}

	/**
	 * Runs the bench and writes its report.
	 * @param options the options
	 * @param command the command line to state in the report
	 * @param pinClient whether to pin this JVM, the client, to its core (never in a test,
	 * whose JVM runs other tests)
	 * @param out where progress goes
	 * @return the report and what went wrong
	 * @throws IOException if the report cannot be written or no temporary directory made
	 * @throws InterruptedException if interrupted
	 */
	public static BenchCommand.Outcome run(UploadOptions options, String command, boolean pinClient, PrintStream out)
			throws IOException, InterruptedException {
		return new UploadBench(options, out).run(command, pinClient);
	}

	private BenchCommand.Outcome run(String command, boolean pinClient) throws IOException, InterruptedException {
		List<String> jvmFlags = jvmFlags(this.options);
		// Before the pinning, which would leave this JVM one core to see.
		Environment environment = environment(command, jvmFlags);
		if (pinClient) {
			pinSelf(this.options.clientCpu());
		}
		// Before any upload: a directory that cannot be made would lose the run.
		Files.createDirectories(this.options.outputDirectory());
		Path work = Files.createTempDirectory("fastro-upload-");
		this.out.println("Server logs: " + work);
		UploadBody body = new UploadBody(this.options.bytes());
		UploadBody warmup = new UploadBody(Math.min(WARMUP_BYTES, this.options.bytes()));
		long hashing = System.nanoTime();
		body.expectedAnswer();
		warmup.expectedAnswer();
		this.out.printf(Locale.ROOT, "The body: %,d bytes, %s (hashed here in %.1f s)%n", body.length(),
				body.expectedAnswer().substring(body.expectedAnswer().indexOf(' ') + 1),
				(System.nanoTime() - hashing) / 1e9);
		List<String> flags = serverFlags(this.options, work);
		try (ServerFleet fleet = new ServerFleet(this.options.serverCpu(), System.getProperty("java.class.path"), work,
				null)) {
			for (int round = 1; round <= this.options.rounds(); round++) {
				List<UploadFraming> framings = new ArrayList<>(this.options.framings());
				if (round % 2 == 0) {
					Collections.reverse(framings);
				}
				for (ServerKind server : Plan.order(this.options.servers(), round - 1)) {
					measure(fleet, flags, server, round, framings, body, warmup);
				}
			}
		}
		Path report = UploadReport.write(this.options, environment, this.runs, this.problems, this.logFindings);
		List<String> failures = new ArrayList<>(this.problems);
		this.runs.stream()
			.filter(run -> !run.valid())
			.forEach(run -> failures.add(run.server().label() + ", round " + run.round() + ", " + run.framing().title()
					+ ": " + run.problem()));
		failures.addAll(this.logFindings.values());
		return new BenchCommand.Outcome(report, failures);
	}

	/**
	 * One server's turn in a round: a fresh JVM, its warm-up, one measured upload per
	 * framing, then it stops and its log is read.
	 */
	private void measure(ServerFleet fleet, List<String> flags, ServerKind server, int round,
			List<UploadFraming> framings, UploadBody body, UploadBody warmup) throws InterruptedException {
		String where = server.label() + ", round " + round + "/" + this.options.rounds();
		this.out.println("Upload · " + where + " · starting");
		ServerProcess process;
		try {
			process = fleet.start(new ServerSpec(server, 0), flags, UploadOptions.serverArguments(server));
		}
		catch (IOException ex) {
			this.problems.add(where + ": did not start: " + ex.getMessage());
			this.out.println("  did not start: " + ex.getMessage());
			return;
		}
		try {
			String warmupProblem = warmUp(process, warmup, framings);
			if (warmupProblem != null) {
				this.problems.add(where + ": the warm-up failed: " + warmupProblem + "\n" + process.logTail());
				this.out.println("  the warm-up failed: " + warmupProblem);
				return;
			}
			for (UploadFraming framing : framings) {
				UploadRun run = measured(process, server, round, framing, body);
				this.runs.add(run);
				this.out.println("  " + describe(run));
				if (!run.valid()) {
					this.out.println(process.logTail());
					if (!process.alive()) {
						break;
					}
				}
			}
		}
		finally {
			fleet.stop(List.of(process));
			readLog(process, where);
		}
	}

	/**
	 * Uploads the warm-up body to the server, the framings taking turns, until the
	 * warm-up's time is up (at least once per framing when there is a warm-up at all).
	 * @return what went wrong, {@code null} if nothing did
	 */
	private String warmUp(ServerProcess process, UploadBody warmup, List<UploadFraming> framings) {
		if (this.options.warmupSeconds() <= 0) {
			return null;
		}
		long end = System.nanoTime() + Duration.ofSeconds(this.options.warmupSeconds()).toNanos();
		int uploads = 0;
		while (System.nanoTime() < end || uploads < framings.size()) {
			UploadFraming framing = framings.get(uploads % framings.size());
			UploadResult result = UploadClient.upload(process.baseUri().getPort(), warmup, framing, UPLOAD_TIMEOUT);
			String problem = result.problem(warmup.expectedAnswer());
			if (problem != null) {
				return framing.id() + ": " + problem;
			}
			uploads++;
		}
		return null;
	}

	private UploadRun measured(ServerProcess process, ServerKind server, int round, UploadFraming framing,
			UploadBody body) {
		long rssBefore = -1;
		boolean peakSinceStart = false;
		try {
			rssBefore = process.rssKilobytes();
			ProcessMemory.resetPeak(process.pid());
		}
		catch (IOException ex) {
			peakSinceStart = true;
		}
		long ticksBefore = cpuTicks(process);
		long clientBefore = ownCpuTicks();
		UploadResult result = UploadClient.upload(process.baseUri().getPort(), body, framing, UPLOAD_TIMEOUT);
		long clientAfter = ownCpuTicks();
		long ticksAfter = cpuTicks(process);
		long peak = -1;
		try {
			peak = ProcessMemory.peakKilobytes(process.pid());
		}
		catch (IOException | IllegalArgumentException ex) {
			// The server is gone: the problem says why.
		}
		CpuTime cpu = (ticksBefore >= 0 && ticksAfter >= 0) ? new CpuTime(ticksAfter - ticksBefore, ticksPerSecond())
				: CpuTime.UNKNOWN;
		String problem = result.problem(body.expectedAnswer());
		if (problem == null && !process.alive()) {
			problem = "the server exited after answering";
		}
		return new UploadRun(round, server, result, problem, cpu, peak, peakSinceStart, rssBefore,
				UploadRun.loadAverageNow(), (clientBefore >= 0 && clientAfter >= 0)
						? new CpuTime(clientAfter - clientBefore, ticksPerSecond()) : CpuTime.UNKNOWN);
	}

	/**
	 * Looks in a stopped server's log for what must not happen during an upload: an
	 * {@link OutOfMemoryError} (of the heap or of Netty's direct memory) and Netty's leak
	 * reports.
	 */
	private void readLog(ServerProcess process, String where) {
		List<String> lines;
		try {
			lines = Files.readAllLines(process.log(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			this.logFindings.put(where, where + ": its log could not be read: " + ex.getMessage());
			return;
		}
		List<String> findings = lines.stream()
			.filter(line -> line.contains("OutOfMemoryError") || line.contains("OutOfDirectMemoryError")
					|| line.contains("LEAK:"))
			.distinct()
			.limit(5)
			.toList();
		if (!findings.isEmpty()) {
			this.logFindings.put(where, where + ": its log says: " + String.join(" | ", findings));
		}
	}

	private static String describe(UploadRun run) {
		UploadResult result = run.result();
		String figures = String.format(Locale.ROOT, "%s: %,d MiB in %.2f s = %.1f MiB/s, peak RSS %s, CPU %s",
				run.framing().id(), result.bytes() >> 20, result.seconds(), result.mibPerSecond(),
				(run.peakRssKilobytes() < 0) ? "?"
						: String.format(Locale.ROOT, "%.1f MiB", run.peakRssKilobytes() / 1024.0),
				run.cpu().known() ? String.format(Locale.ROOT, "%.2f s", run.cpu().micros() / 1e6) : "?");
		return run.valid() ? figures : figures + " · FAILED: " + run.problem();
	}

	private static long cpuTicks(ServerProcess process) {
		try {
			return process.cpuTicks();
		}
		catch (IOException | IllegalArgumentException ex) {
			return -1;
		}
	}

	private static long ownCpuTicks() {
		try {
			return ProcessCpu.ticks(ProcessHandle.current().pid());
		}
		catch (IOException | IllegalArgumentException ex) {
			return -1;
		}
	}

	private static long ticksPerSecond() {
		try {
			return ProcessCpu.ticksPerSecond();
		}
		catch (IOException ex) {
			return 0;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return 0;
		}
	}

	/**
	 * The servers' flags: the scenarios' with the bench's fixed heap, and a heap dump
	 * should one run out of heap, to show what filled it (in the logs' directory, which
	 * the bench adds).
	 * @param options the bench's options
	 * @return the flags
	 */
	static List<String> jvmFlags(UploadOptions options) {
		List<String> flags = new ArrayList<>(JvmFlags.withHeap(options.heap()));
		flags.add("-XX:+HeapDumpOnOutOfMemoryError");
		return flags;
	}

	private Environment environment(String command, List<String> jvmFlags) {
		Environment collected = Environment.collect(command, this.options.serverCpu(), this.options.clientCpu());
		Map<String, String> versions = new LinkedHashMap<>(collected.versions());
		versions.remove("wrk");
		versions.remove("Jackson");
		int cores = collected.cpuCount();
		String split = "servers on core " + this.options.serverCpu()
				+ ", the upload client (this harness's JVM) on core " + this.options.clientCpu()
				+ ((cores > 2) ? "; the other " + (cores - 2) + " cores were left idle" : "");
		return new Environment(collected.cpuModel(), cores, split, collected.os(), collected.jdk(), jvmFlags, versions,
				collected.date(), command);
	}

	/**
	 * The servers' flags as they are started: {@link #jvmFlags(UploadOptions)}, their
	 * heap dumps going to a directory.
	 * @param options the bench's options
	 * @param dumps where a heap dump goes
	 * @return the flags
	 */
	static List<String> serverFlags(UploadOptions options, Path dumps) {
		List<String> flags = new ArrayList<>(jvmFlags(options));
		flags.add("-XX:HeapDumpPath=" + dumps);
		return flags;
	}

	/**
	 * Pins this JVM, the client, to its core, as wrk is pinned in the scenarios; the
	 * servers it starts are moved to theirs once they answer.
	 * @param cpu the client's core
	 * @throws IOException if taskset fails
	 * @throws InterruptedException if interrupted while waiting for it
	 */
	static void pinSelf(int cpu) throws IOException, InterruptedException {
		Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", Integer.toString(cpu),
				Long.toString(ProcessHandle.current().pid()))
			.redirectErrorStream(true)
			.start();
		String output = new String(taskset.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (taskset.waitFor() != 0) {
			throw new IOException("taskset could not pin the client to core " + cpu + ": " + output);
		}
	}

}
