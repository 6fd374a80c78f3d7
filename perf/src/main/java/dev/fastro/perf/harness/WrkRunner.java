package dev.fastro.perf.harness;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs wrk as BENCHMARK-SPEC.md says: one thread ({@code -t1}), pinned to the client's
 * core with {@code taskset}, with the {@link WrkScript} of the request.
 */
public final class WrkRunner {

	private final int cpu;

	private final Path scriptDirectory;

	/**
	 * The seed of the next script's random ids: every run draws other ids, and a rerun
	 * the same ones.
	 */
	private long nextSeed = 1;

	/**
	 * Creates a runner.
	 * @param cpu the core wrk is pinned to
	 * @param scriptDirectory where the Lua scripts are written
	 */
	public WrkRunner(int cpu, Path scriptDirectory) {
		this.cpu = cpu;
		this.scriptDirectory = scriptDirectory;
	}

	/**
	 * Runs wrk once and waits for it.
	 * @param base the server's base URI
	 * @param load the request to send, and how many per write
	 * @param connections how many connections to keep open
	 * @param seconds how long to run
	 * @return what wrk measured
	 * @throws IOException if wrk cannot be run or prints no result
	 * @throws InterruptedException if interrupted while waiting
	 */
	public WrkResult run(URI base, Load load, int connections, int seconds) throws IOException, InterruptedException {
		return runTogether(base, List.of(load), connections, seconds).get(0);
	}

	/**
	 * Runs one wrk per load at the same time, as the warm-up does to drive every scenario
	 * at once.
	 * @param base the server's base URI
	 * @param loads the loads, one wrk each
	 * @param connections how many connections each wrk keeps open
	 * @param seconds how long to run
	 * @return what each wrk measured, in the order of the loads
	 * @throws IOException if a wrk cannot be run or prints no result
	 * @throws InterruptedException if interrupted while waiting
	 */
	public List<WrkResult> runTogether(URI base, List<Load> loads, int connections, int seconds)
			throws IOException, InterruptedException {
		List<Process> processes = new ArrayList<>();
		try {
			for (Load load : loads) {
				processes.add(start(base, load, connections, seconds));
			}
			List<WrkResult> results = new ArrayList<>();
			for (Process process : processes) {
				results.add(finish(process, seconds));
			}
			return results;
		}
		finally {
			processes.forEach(Process::destroyForcibly);
		}
	}

	private Process start(URI base, Load load, int connections, int seconds) throws IOException {
		Path script = Files.createTempFile(this.scriptDirectory, "wrk-", ".lua");
		Files.writeString(script, WrkScript.forLoad(load, this.nextSeed++));
		String url = base.resolve(load.request().target()).toString();
		return new ProcessBuilder("taskset", "-c", Integer.toString(this.cpu), "wrk", "-t1", "-c" + connections,
				"-d" + seconds + "s", "-s", script.toString(), url)
			.redirectErrorStream(true)
			.start();
	}

	private static WrkResult finish(Process process, int seconds) throws IOException, InterruptedException {
		// Read before waiting, so a full pipe can never block wrk.
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (!process.waitFor(seconds + 30L, TimeUnit.SECONDS)) {
			throw new IOException("wrk did not finish:\n" + output);
		}
		try {
			return WrkOutput.parse(output);
		}
		catch (IllegalArgumentException ex) {
			throw new IOException("wrk exited with " + process.exitValue() + ": " + ex.getMessage(), ex);
		}
	}

}
