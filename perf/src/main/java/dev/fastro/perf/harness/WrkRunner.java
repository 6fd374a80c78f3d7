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
	 * @param request the request to send
	 * @param connections how many connections to keep open
	 * @param seconds how long to run
	 * @return what wrk measured
	 * @throws IOException if wrk cannot be run or prints no result
	 * @throws InterruptedException if interrupted while waiting
	 */
	public WrkResult run(URI base, Request request, int connections, int seconds)
			throws IOException, InterruptedException {
		return runTogether(base, List.of(request), connections, seconds).get(0);
	}

	/**
	 * Runs one wrk per request at the same time, as the warm-up does to drive every
	 * scenario at once.
	 * @param base the server's base URI
	 * @param requests the requests, one wrk each
	 * @param connections how many connections each wrk keeps open
	 * @param seconds how long to run
	 * @return what each wrk measured, in the order of the requests
	 * @throws IOException if a wrk cannot be run or prints no result
	 * @throws InterruptedException if interrupted while waiting
	 */
	public List<WrkResult> runTogether(URI base, List<Request> requests, int connections, int seconds)
			throws IOException, InterruptedException {
		List<Process> processes = new ArrayList<>();
		try {
			for (Request request : requests) {
				processes.add(start(base, request, connections, seconds));
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

	private Process start(URI base, Request request, int connections, int seconds) throws IOException {
		Path script = Files.createTempFile(this.scriptDirectory, "wrk-", ".lua");
		Files.writeString(script, WrkScript.forRequest(request));
		String url = base.resolve(request.target()).toString();
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
