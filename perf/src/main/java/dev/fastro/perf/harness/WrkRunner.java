package dev.fastro.perf.harness;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs wrk as every experiment does: one thread ({@code -t1}), pinned to the client's
 * core with {@code taskset}, with the {@link WrkScript} of the request.
 */
public final class WrkRunner extends LoadGenerator {

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

	@Override
	protected Process start(URI base, Load load, int connections, int seconds) throws IOException {
		Path script = Files.createTempFile(this.scriptDirectory, "wrk-", ".lua");
		Files.writeString(script, WrkScript.forLoad(load, this.nextSeed++));
		String url = base.resolve(load.request().target()).toString();
		return new ProcessBuilder("taskset", "-c", Integer.toString(this.cpu), "wrk", "-t1", "-c" + connections,
				"-d" + seconds + "s", "-s", script.toString(), url)
			.redirectErrorStream(true)
			.start();
	}

	@Override
	protected WrkResult finish(Process process, int seconds) throws IOException, InterruptedException {
		String output = output(process, seconds, "wrk");
		try {
			return WrkOutput.parse(output);
		}
		catch (IllegalArgumentException ex) {
			throw new IOException("wrk exited with " + process.exitValue() + ": " + ex.getMessage(), ex);
		}
	}

}
