package dev.fastro.perf.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A load generator run as a child process, pinned to the client's core: wrk for HTTP/1.1,
 * {@code h2load} for HTTP/2. Each start is one run; its output is read into a
 * {@link WrkResult} when it ends.
 */
public abstract class LoadGenerator {

	/**
	 * Runs the generator once and waits for it.
	 * @param base the server's base URI
	 * @param load the request to send, and how many per write
	 * @param connections how many connections to keep open
	 * @param seconds how long to run
	 * @return what it measured
	 * @throws IOException if it cannot be run or prints no result
	 * @throws InterruptedException if interrupted while waiting
	 */
	public WrkResult run(URI base, Load load, int connections, int seconds) throws IOException, InterruptedException {
		return runTogether(base, List.of(load), connections, seconds).get(0);
	}

	/**
	 * Runs one generator per load at the same time, as the warm-up does to drive every
	 * scenario at once.
	 * @param base the server's base URI
	 * @param loads the loads, one run each
	 * @param connections how many connections each run keeps open
	 * @param seconds how long to run
	 * @return what each run measured, in the order of the loads
	 * @throws IOException if one cannot be run or prints no result
	 * @throws InterruptedException if interrupted while waiting
	 */
	public List<WrkResult> runTogether(URI base, List<Load> loads, int connections, int seconds)
			throws IOException, InterruptedException {
		return runAll(loads.stream().map((load) -> new Target(base, load)).toList(), connections, seconds);
	}

	/**
	 * Runs one generator per server at the same time, each with its own load, as
	 * {@code --side-by-side} measures the servers of a case: the same request, but for a
	 * revalidation, which carries each server's own validator. They start in the order
	 * given.
	 * @param bases the servers' base URIs
	 * @param loads each server's load, in the same order
	 * @param connections how many connections each run keeps open
	 * @param seconds how long to run
	 * @return what each run measured, in the order of the servers
	 * @throws IOException if one cannot be run or prints no result
	 * @throws InterruptedException if interrupted while waiting
	 */
	public List<WrkResult> runSideBySide(List<URI> bases, List<Load> loads, int connections, int seconds)
			throws IOException, InterruptedException {
		if (bases.size() != loads.size()) {
			throw new IllegalArgumentException(bases.size() + " servers and " + loads.size() + " loads");
		}
		List<Target> targets = new ArrayList<>();
		for (int i = 0; i < bases.size(); i++) {
			targets.add(new Target(bases.get(i), loads.get(i)));
		}
		return runAll(targets, connections, seconds);
	}

	private List<WrkResult> runAll(List<Target> targets, int connections, int seconds)
			throws IOException, InterruptedException {
		List<Process> processes = new ArrayList<>();
		try {
			for (Target target : targets) {
				processes.add(start(target.base(), target.load(), connections, seconds));
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

	/** One run's server and load. */
	private record Target(URI base, Load load) {

	}

	/**
	 * Starts one run.
	 * @param base the server's base URI
	 * @param load the request to send
	 * @param connections how many connections to keep open
	 * @param seconds how long to run
	 * @return the generator's process
	 * @throws IOException if it cannot be started
	 */
	protected abstract Process start(URI base, Load load, int connections, int seconds) throws IOException;

	/**
	 * Waits for a run to end and reads what it measured.
	 * @param process the generator's process
	 * @param seconds how long it was asked to run
	 * @return what it measured
	 * @throws IOException if it does not end in time or prints no result
	 * @throws InterruptedException if interrupted while waiting
	 */
	protected abstract WrkResult finish(Process process, int seconds) throws IOException, InterruptedException;

	/**
	 * Everything a generator printed, read while waiting for it, so that a full pipe can
	 * never block it. A generator still running well past its duration is killed, so that
	 * it cannot hang the whole run (h2load has, when TLS handshakes outlasted a short
	 * run).
	 * @param process the generator's process, its error stream merged into its output
	 * @param seconds how long it was asked to run
	 * @param name the generator's name, for the error
	 * @return the output
	 * @throws IOException if it does not end in time
	 * @throws InterruptedException if interrupted while waiting
	 */
	protected static String output(Process process, int seconds, String name) throws IOException, InterruptedException {
		CompletableFuture<byte[]> printed = CompletableFuture.supplyAsync(() -> {
			try {
				return process.getInputStream().readAllBytes();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		});
		long limit = seconds + 30L;
		if (!process.waitFor(limit, TimeUnit.SECONDS)) {
			process.destroyForcibly().waitFor();
			throw new IOException(name + " did not finish within " + limit + " s and was killed:\n"
					+ new String(printed.join(), StandardCharsets.UTF_8));
		}
		return new String(printed.join(), StandardCharsets.UTF_8);
	}

}
