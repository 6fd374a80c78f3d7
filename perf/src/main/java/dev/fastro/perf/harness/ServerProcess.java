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

import javax.net.ssl.SSLContext;

/**
 * One comparison server running in its own JVM, its output written to a log file outside
 * the repository. It starts on every core (unpinned; its start-up time is measured so),
 * and is pinned to the server core with {@code taskset} once it answers, before anything
 * else is sent to it.
 */
public final class ServerProcess {

	/** How often a starting server is asked for {@code GET /}. */
	static final int POLL_INTERVAL_MILLIS = 10;

	/**
	 * How long an accepted connection may wait for its answer during start-up before
	 * asking again.
	 */
	private static final int ANSWER_TIMEOUT_MILLIS = 5_000;

	/** The demo app's executable jar, relative to the repository root. */
	static final String DEMO_JAR = "demo-app/target/demo-app-exec.jar";

	private final String label;

	private final int port;

	private final Process process;

	private final Path log;

	/** The program started: the server's {@code java}, or nginx. */
	private final Path executable;

	/** The client TLS context of a secure server, {@code null} for a cleartext one. */
	private final SSLContext tls;

	/** {@link System#nanoTime()} just before the JVM was spawned. */
	private final long spawnNanos;

	/** Milliseconds from the spawn to the first answer, NaN until it answered. */
	private double startupMillis = Double.NaN;

	private ServerProcess(String label, int port, Process process, Path log, Path executable, SSLContext tls,
			long spawnNanos) {
		this.label = label;
		this.port = port;
		this.process = process;
		this.log = log;
		this.executable = executable;
		this.tls = tls;
		this.spawnNanos = spawnNanos;
	}

	/**
	 * Starts a server; it is not ready until {@link #awaitReady(Duration)} returns.
	 * @param spec which server
	 * @param port the port it listens on
	 * @param classPath the class path of its JVM
	 * @param logDirectory where its output goes
	 * @param certificate the run's TLS identity, {@code null} when no server is secure
	 * @return the running server
	 * @throws IOException if the JVM cannot be started
	 */
	static ServerProcess start(ServerSpec spec, int port, String classPath, Path logDirectory,
			PerfCertificate certificate) throws IOException {
		return start(spec, JvmFlags.SERVER, List.of(), port, classPath, logDirectory, certificate, null);
	}

	/**
	 * Starts a server with other JVM flags than {@link JvmFlags#SERVER} and more
	 * arguments; it is not ready until {@link #awaitReady(Duration)} returns.
	 * @param spec which server
	 * @param jvmFlags its JVM flags
	 * @param extraArguments program arguments after its own
	 * @param port the port it listens on
	 * @param classPath the class path of its JVM
	 * @param logDirectory where its output goes
	 * @param certificate the run's TLS identity, {@code null} when no server is secure
	 * @param staticFiles the directory of static files it serves, {@code null} for none
	 * @return the running server
	 * @throws IOException if the JVM cannot be started
	 */
	static ServerProcess start(ServerSpec spec, List<String> jvmFlags, List<String> extraArguments, int port,
			String classPath, Path logDirectory, PerfCertificate certificate, Path staticFiles) throws IOException {
		ServerKind kind = spec.kind();
		Path java = JavaRuntime.forServer(kind);
		if (java == null) {
			throw new IOException(kind.label() + " " + JavaRuntime.missing(kind));
		}
		List<String> command = new ArrayList<>(List.of(java.toString()));
		command.addAll(jvmFlags);
		command.addAll(launch(kind, classPath));
		command.addAll(kind.arguments(port, spec.generatedRoutes()));
		command.addAll(TransportArguments.of(spec, certificate));
		if (staticFiles != null) {
			command.addAll(StaticFiles.arguments(kind, staticFiles));
		}
		command.addAll(extraArguments);
		Path log = logDirectory
			.resolve(kind.id() + "-" + spec.generatedRoutes() + "-" + spec.protocol().id() + "-" + port + ".log");
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		// Start-up is timed from here, so it includes the JVM's own start.
		long spawnNanos = System.nanoTime();
		Process process = builder.start();
		return new ServerProcess(spec.label(), port, process, log, java,
				spec.protocol().secure() ? certificate.clientContext() : null, spawnNanos);
	}

	/**
	 * Starts nginx in the foreground, one process, with a configuration of its own
	 * ({@link NginxConfig}) in a new directory under the log directory, serving the
	 * static files; it is not ready until {@link #awaitReady(Duration)} returns.
	 * @param spec the server, nginx
	 * @param port the port it listens on
	 * @param logDirectory where its directory goes
	 * @param staticFiles the directory it serves
	 * @return the running server
	 * @throws IOException if it cannot be started
	 */
	static ServerProcess startNginx(ServerSpec spec, int port, Path logDirectory, Path staticFiles) throws IOException {
		Path directory = Files.createDirectories(logDirectory.resolve("nginx-" + port));
		Path config = directory.resolve(NginxConfig.FILE_NAME);
		Files.writeString(config, NginxConfig.render(directory, staticFiles, port), StandardCharsets.UTF_8);
		Path nginx = NginxConfig.binary();
		// -e: the error log before the configuration is read, which would otherwise be
		// the system's.
		List<String> command = List.of(nginx.toString(), "-p", directory.toString(), "-c", config.toString(), "-e",
				directory.resolve(NginxConfig.ERROR_LOG).toString());
		Path log = logDirectory.resolve(spec.kind().id() + "-" + port + ".log");
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		long spawnNanos = System.nanoTime();
		Process process = builder.start();
		return new ServerProcess(spec.label(), port, process, log, nginx, null, spawnNanos);
	}

	/**
	 * What follows the JVM flags: the demo app's executable jar, or a class path and the
	 * server's main class.
	 */
	private static List<String> launch(ServerKind kind, String classPath) throws IOException {
		if (kind == ServerKind.FASTRO_DEMO) {
			return List.of("-jar", demoJar().toString());
		}
		return List.of("-cp", (kind.peer() || kind.secured()) ? peerClassPath(kind) : classPath, kind.mainClass());
	}

	/**
	 * The demo app's executable jar, as {@code mvn package} of {@code demo-app} builds
	 * it.
	 * @return its path
	 * @throws IOException if it has not been built
	 */
	static Path demoJar() throws IOException {
		Path jar = repositoryRoot().resolve(DEMO_JAR);
		if (!Files.isRegularFile(jar)) {
			throw new IOException(ServerKind.FASTRO_DEMO.label() + " is not built: " + jar
					+ " comes from `mvn -B -DskipTests package -pl demo-app -am` (perf/run does it)");
		}
		return jar;
	}

	/**
	 * The checkout the servers are built from: the parent of the perf directory.
	 */
	static Path repositoryRoot() {
		return Path.of(System.getProperty("perf.dir", ".")).toAbsolutePath().normalize().getParent();
	}

	/**
	 * A peer's class path: its module's classes and the run-time class path its build
	 * wrote, never the harness's own (whose Spring Boot versions the peer must not see).
	 * A secured server's module has no classes of its own: the class path its build
	 * wrote, the perf module's and Spring Security's, is all it runs.
	 * @param kind the peer or secured server
	 * @return the class path
	 * @throws IOException if the module has not been built
	 */
	static String peerClassPath(ServerKind kind) throws IOException {
		Path module = repositoryRoot().resolve(ServerKind.PEERS_DIRECTORY).resolve(kind.peerModule());
		Path classes = module.resolve("target/classes");
		Path dependencies = module.resolve("target/classpath.txt");
		boolean ownClasses = !kind.secured();
		if ((ownClasses && !Files.isDirectory(classes)) || !Files.isRegularFile(dependencies)) {
			throw new IOException(
					kind.label() + " is not built: " + (ownClasses ? classes + " and " : "") + dependencies
							+ " come from perf/run's build of " + ServerKind.PEERS_DIRECTORY + "/" + kind.peerModule());
		}
		String dependencyPath = Files.readString(dependencies, StandardCharsets.UTF_8).trim();
		return ownClasses ? classes + File.pathSeparator + dependencyPath : dependencyPath;
	}

	/**
	 * Waits until the server answers {@code GET /}, asking every
	 * {@link #POLL_INTERVAL_MILLIS} ms, and records the time from the spawn to the first
	 * byte of that first answer: the server's start-up time. Any HTTP answer counts (the
	 * route-count servers' table need not have {@code /}); the answers themselves are
	 * checked byte for byte later.
	 * @param timeout how long to wait at most
	 * @throws IOException if the server exits or does not answer in time; the message
	 * ends with the tail of its log
	 * @throws InterruptedException if interrupted while waiting
	 */
	void awaitReady(Duration timeout) throws IOException, InterruptedException {
		long deadline = this.spawnNanos + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IOException(this.label + " exited with " + this.process.exitValue() + ":\n" + logTail());
			}
			if (answers()) {
				this.startupMillis = (System.nanoTime() - this.spawnNanos) / 1e6;
				return;
			}
			Thread.sleep(POLL_INTERVAL_MILLIS);
		}
		throw new IOException(
				this.label + " did not answer GET / on port " + this.port + " within " + timeout + ":\n" + logTail());
	}

	/**
	 * Whether the server answers one {@code GET /}: it sent the first bytes of a reply. A
	 * secure server is asked over TLS, without ALPN, so as HTTP/1.1 like every other.
	 */
	private boolean answers() {
		try (Socket plain = new Socket()) {
			plain.connect(new InetSocketAddress("127.0.0.1", this.port), 200);
			plain.setSoTimeout(ANSWER_TIMEOUT_MILLIS);
			try (Socket socket = (this.tls != null)
					? this.tls.getSocketFactory().createSocket(plain, "127.0.0.1", this.port, true) : plain) {
				socket.getOutputStream()
					.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
						.getBytes(StandardCharsets.US_ASCII));
				byte[] start = socket.getInputStream().readNBytes(5);
				return new String(start, StandardCharsets.US_ASCII).equals("HTTP/");
			}
		}
		catch (IOException notYet) {
			return false;
		}
	}

	/**
	 * The time from just before the JVM was spawned to the first answer to {@code GET /}.
	 * @return milliseconds, NaN if it has not answered yet
	 */
	double startupMillis() {
		return this.startupMillis;
	}

	/**
	 * The server JVM's resident memory now.
	 * @return {@code VmRSS} in KiB
	 * @throws IOException if it cannot be read
	 */
	long rssKilobytes() throws IOException {
		return ProcessMemory.rssKilobytes(this.process.pid());
	}

	/**
	 * Checks that the process is the server itself, not a wrapper around it, so that its
	 * CPU time in {@code /proc} is the server's: its executable must be the {@code java}
	 * (or nginx) this harness started.
	 * @throws IOException if it is something else
	 */
	void checkExecutable() throws IOException {
		Path exe = Path.of("/proc", Long.toString(this.process.pid()), "exe").toRealPath();
		Path expected = this.executable.toRealPath();
		if (!exe.equals(expected)) {
			throw new IOException(
					this.label + " runs " + exe + ", not " + expected + ": its CPU time would not be the server's");
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
	 * The server JVM's process id, for what {@code /proc} tells about it.
	 * @return the pid
	 */
	long pid() {
		return this.process.pid();
	}

	/**
	 * Whether the server's JVM is still running.
	 * @return {@code true} until it exits
	 */
	boolean alive() {
		return this.process.isAlive();
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
		return URI.create(((this.tls != null) ? "https" : "http") + "://127.0.0.1:" + this.port);
	}

	/**
	 * Where the server's output goes.
	 * @return its log file
	 */
	Path log() {
		return this.log;
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
