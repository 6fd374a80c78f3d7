package dev.fastro.perf.harness;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One comparison server running in its own JVM, its output written to a log file outside
 * the repository. It starts on every core, so servers started side by side come up in
 * parallel, and is pinned to the server core with {@code taskset} once it is ready,
 * before anything is sent to it.
 */
public final class ServerProcess {

	private final String label;

	private final int port;

	private final Process process;

	private final Path log;

	private ServerProcess(String label, int port, Process process, Path log) {
		this.label = label;
		this.port = port;
		this.process = process;
		this.log = log;
	}

	/**
	 * Starts a server; it is not ready until {@link #awaitReady(Duration)} returns.
	 * @param spec which server
	 * @param port the port it listens on
	 * @param classPath the class path of its JVM
	 * @param logDirectory where its output goes
	 * @return the running server
	 * @throws IOException if the JVM cannot be started
	 */
	static ServerProcess start(ServerSpec spec, int port, String classPath, Path logDirectory) throws IOException {
		ServerKind kind = spec.kind();
		List<String> command = new ArrayList<>(List.of(javaExecutable()));
		command.addAll(JvmFlags.SERVER);
		command.addAll(List.of("-cp", kind.peer() ? peerClassPath(kind) : classPath, kind.mainClass()));
		command.addAll(kind.arguments(port, spec.generatedRoutes()));
		Path log = logDirectory.resolve(kind.id() + "-" + spec.generatedRoutes() + "-" + port + ".log");
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		return new ServerProcess(spec.label(), port, process, log);
	}

	/**
	 * A peer's class path: its module's classes and the run-time class path its build
	 * wrote, never the harness's own (whose Spring Boot versions the peer must not see).
	 * @param kind the peer
	 * @return the class path
	 * @throws IOException if the module has not been built
	 */
	static String peerClassPath(ServerKind kind) throws IOException {
		Path perf = Path.of(System.getProperty("perf.dir", ".")).toAbsolutePath().normalize();
		Path module = perf.resolveSibling(ServerKind.PEERS_DIRECTORY).resolve(kind.peerModule());
		Path classes = module.resolve("target/classes");
		Path dependencies = module.resolve("target/classpath.txt");
		if (!Files.isDirectory(classes) || !Files.isRegularFile(dependencies)) {
			throw new IOException(kind.label() + " is not built: " + classes + " and " + dependencies
					+ " come from `mvn -B -DskipTests package -pl " + ServerKind.PEERS_DIRECTORY + "/"
					+ kind.peerModule() + " -am` (perf/run does it)");
		}
		return classes + File.pathSeparator + Files.readString(dependencies, StandardCharsets.UTF_8).trim();
	}

	private static String javaExecutable() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	/**
	 * Waits until the server accepts connections.
	 * @param timeout how long to wait at most
	 * @throws IOException if the server exits or does not open its port in time; the
	 * message ends with the tail of its log
	 * @throws InterruptedException if interrupted while waiting
	 */
	void awaitReady(Duration timeout) throws IOException, InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IOException(this.label + " exited with " + this.process.exitValue() + ":\n" + logTail());
			}
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress("127.0.0.1", this.port), 200);
				return;
			}
			catch (IOException notYet) {
				Thread.sleep(100);
			}
		}
		throw new IOException(
				this.label + " did not open port " + this.port + " within " + timeout + ":\n" + logTail());
	}

	/**
	 * Checks that the process is the server's JVM itself, not a wrapper around it, so
	 * that its CPU time in {@code /proc} is the server's: its executable must be the
	 * {@code java} this harness started.
	 * @throws IOException if it is something else
	 */
	void checkIsJvm() throws IOException {
		Path exe = Path.of("/proc", Long.toString(this.process.pid()), "exe").toRealPath();
		Path java = Path.of(javaExecutable()).toRealPath();
		if (!exe.equals(java)) {
			throw new IOException(
					this.label + " runs " + exe + ", not the JVM " + java + ": its CPU time would not be the server's");
		}
	}

	/**
	 * The CPU time the server's JVM has used so far, all its threads (event loop, JIT
	 * compilers, GC).
	 * @return user plus system time in clock ticks
	 * @throws IOException if it cannot be read
	 */
	long cpuTicks() throws IOException {
		return ProcessCpu.ticks(this.process.pid());
	}

	/**
	 * Pins every thread of the server to one core. Threads created later inherit the
	 * pinning from the thread that creates them; the check afterwards catches a thread
	 * created during the change.
	 * @param cpu the core
	 * @throws IOException if the server cannot be pinned
	 * @throws InterruptedException if interrupted while waiting for taskset
	 */
	void pin(int cpu) throws IOException, InterruptedException {
		String wanted = Integer.toString(cpu);
		for (int attempt = 0; attempt < 5; attempt++) {
			Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", wanted, Long.toString(this.process.pid()))
				.redirectErrorStream(true)
				.start();
			String output = new String(taskset.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (taskset.waitFor() != 0) {
				throw new IOException("taskset could not pin " + this.label + ": " + output);
			}
			if (allThreadsOn(wanted)) {
				return;
			}
		}
		throw new IOException("some threads of " + this.label + " stay off core " + cpu);
	}

	private boolean allThreadsOn(String cpu) throws IOException {
		Path tasks = Path.of("/proc", Long.toString(this.process.pid()), "task");
		if (!Files.isDirectory(tasks)) {
			return true;
		}
		try (Stream<Path> threads = Files.list(tasks)) {
			for (Path thread : (Iterable<Path>) threads::iterator) {
				List<String> status;
				try {
					status = Files.readAllLines(thread.resolve("status"), StandardCharsets.UTF_8);
				}
				catch (IOException exited) {
					continue;
				}
				boolean pinned = status.stream()
					.anyMatch(line -> line.startsWith("Cpus_allowed_list:") && line.substring(18).trim().equals(cpu));
				if (!pinned) {
					return false;
				}
			}
		}
		return true;
	}

	/**
	 * Stops the server: politely first, then forcibly.
	 */
	void stop() {
		this.process.destroy();
		try {
			if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			this.process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * The server's row name in the report.
	 * @return the label
	 */
	public String label() {
		return this.label;
	}

	/**
	 * Where to send requests.
	 * @return the base URI
	 */
	public URI baseUri() {
		return URI.create("http://127.0.0.1:" + this.port);
	}

	/**
	 * The last lines the server printed, to explain a failure.
	 * @return the tail of its log
	 */
	String logTail() {
		try {
			List<String> lines = Files.readAllLines(this.log, StandardCharsets.UTF_8);
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
		}
		catch (IOException ex) {
			return "(no log at " + this.log + ": " + ex.getMessage() + ")";
		}
	}

}
