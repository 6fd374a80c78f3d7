package dev.fastro.perf.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the router micro-benchmarks ({@code dev.fastro.perf.jmh.RouterBenchmark}) in a JMH
 * JVM pinned to the server core, with the GC profiler for bytes per operation, and has
 * JMH write its results as JSON where the report looks for them.
 */
final class JmhRunner {

	private JmhRunner() {
	}

	/**
	 * Runs the benchmarks.
	 * @param options the options; {@code --quick} shortens the iterations
	 * @param results the JSON file to write
	 * @param out where the progress is announced (JMH's own output goes to the console)
	 * @throws IOException if JMH cannot be run or fails
	 * @throws InterruptedException if interrupted while waiting
	 */
	static void run(RunnerOptions options, Path results, PrintStream out) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of("taskset", "-c", Integer.toString(options.serverCpu()),
				Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
				System.getProperty("java.class.path"), "org.openjdk.jmh.Main", "dev.fastro.perf.jmh.RouterBenchmark",
				"-prof", "gc", "-rf", "json", "-rff", results.toAbsolutePath().toString(), "-f", "1"));
		command.addAll(options.quick() ? List.of("-wi", "1", "-w", "200ms", "-i", "1", "-r", "200ms")
				: List.of("-wi", "3", "-w", "1s", "-i", "5", "-r", "1s"));
		out.println("Running the JMH router micro-benchmarks: " + String.join(" ", command.subList(0, 4)) + " ... "
				+ String.join(" ", command.subList(7, command.size())));
		Process process = new ProcessBuilder(command).inheritIO().start();
		int exit = process.waitFor();
		if (exit != 0) {
			throw new IOException("JMH exited with " + exit);
		}
	}

}
