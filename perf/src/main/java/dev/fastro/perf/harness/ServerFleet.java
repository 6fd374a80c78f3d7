package dev.fastro.perf.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Starts servers side by side on free ports and makes sure none outlives the harness:
 * they are stopped when the fleet is closed and, should the harness be killed or crash,
 * by a shutdown hook.
 */
public final class ServerFleet implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	private final int cpu;

	private final String classPath;

	private final Path logDirectory;

	private final PerfCertificate certificate;

	private final Path staticFiles;

	private final PerfJwt jwt;

	private final List<ServerProcess> running = new CopyOnWriteArrayList<>();

	private final Thread shutdownHook = new Thread(this::stopAll, "perf-server-cleanup");

	/**
	 * Creates a fleet.
	 * @param cpu the core every server is pinned to
	 * @param classPath the class path of the servers' JVMs
	 * @param logDirectory where their logs go
	 * @param certificate the TLS identity of the secure servers, {@code null} when none
	 * is
	 */
	public ServerFleet(int cpu, String classPath, Path logDirectory, PerfCertificate certificate) {
		this(cpu, classPath, logDirectory, certificate, null);
	}

	/**
	 * Creates a fleet whose servers may serve the run's static files.
	 * @param cpu the core every server is pinned to
	 * @param classPath the class path of the servers' JVMs
	 * @param logDirectory where their logs go
	 * @param certificate the TLS identity of the secure servers, {@code null} when none
	 * is
	 * @param staticFiles the directory of the {@link StaticFiles}, {@code null} when no
	 * server serves them
	 */
	public ServerFleet(int cpu, String classPath, Path logDirectory, PerfCertificate certificate, Path staticFiles) {
		this(cpu, classPath, logDirectory, certificate, staticFiles, null);
	}

	/**
	 * Creates a fleet whose servers may serve the run's static files and decode its
	 * tokens.
	 * @param cpu the core every server is pinned to
	 * @param classPath the class path of the servers' JVMs
	 * @param logDirectory where their logs go
	 * @param certificate the TLS identity of the secure servers, {@code null} when none
	 * is
	 * @param staticFiles the directory of the {@link StaticFiles}, {@code null} when no
	 * server serves them
	 * @param jwt the key the secured servers decode tokens with, {@code null} when no
	 * server is secured
	 */
	public ServerFleet(int cpu, String classPath, Path logDirectory, PerfCertificate certificate, Path staticFiles,
			PerfJwt jwt) {
		this.cpu = cpu;
		this.classPath = classPath;
		this.logDirectory = logDirectory;
		this.certificate = certificate;
		this.staticFiles = staticFiles;
		this.jwt = jwt;
		Runtime.getRuntime().addShutdownHook(this.shutdownHook);
	}

	/**
	 * Starts servers one after the other: each is spawned only once the one before
	 * answers, so no server's start-up competes with another's for the cores, and every
	 * server starts the same way, unpinned on an otherwise idle fleet. Each is checked to
	 * be the server's JVM (whose CPU time is measured) and pinned to the server core as
	 * soon as it answers; an idle pinned server costs the next one nothing.
	 * @param servers the servers to start
	 * @return the running servers, in the same order
	 * @throws IOException if one cannot be started; those already started keep running
	 * until {@link #stop(List)} or {@link #close()}
	 * @throws InterruptedException if interrupted while waiting
	 */
	public List<ServerProcess> start(List<ServerSpec> servers) throws IOException, InterruptedException {
		List<ServerProcess> started = new ArrayList<>();
		for (ServerSpec spec : servers) {
			started.add(start(spec, JvmFlags.SERVER, List.of()));
		}
		return started;
	}

	/**
	 * Starts one server with other JVM flags and more arguments than the scenarios',
	 * checks it is the server's JVM and pins it as soon as it answers.
	 * @param spec the server
	 * @param jvmFlags its JVM flags
	 * @param extraArguments program arguments after its own
	 * @return the running server
	 * @throws IOException if it cannot be started; it keeps running until
	 * {@link #stop(List)} or {@link #close()} if it started
	 * @throws InterruptedException if interrupted while waiting
	 */
	public ServerProcess start(ServerSpec spec, List<String> jvmFlags, List<String> extraArguments)
			throws IOException, InterruptedException {
		if (spec.staticFiles() && this.staticFiles == null) {
			throw new IllegalArgumentException(spec.label() + " serves static files, but the fleet has none");
		}
		List<String> arguments = extraArguments;
		if (spec.kind().secured()) {
			if (this.jwt == null) {
				throw new IllegalArgumentException(spec.label() + " decodes tokens, but the fleet has no key");
			}
			arguments = new ArrayList<>(this.jwt.serverArguments());
			arguments.addAll(extraArguments);
		}
		int port = freePort();
		ServerProcess process = spec.kind().external()
				? ServerProcess.startNginx(spec, port, this.logDirectory, this.staticFiles)
				: ServerProcess.start(spec, jvmFlags, arguments, port, this.classPath, this.logDirectory,
						this.certificate, spec.staticFiles() ? this.staticFiles : null);
		this.running.add(process);
		process.awaitReady(START_TIMEOUT);
		process.checkExecutable();
		process.pin(this.cpu);
		return process;
	}

	/**
	 * Stops servers.
	 * @param servers the servers to stop
	 */
	public void stop(List<ServerProcess> servers) {
		for (ServerProcess server : servers) {
			server.stop();
			this.running.remove(server);
		}
	}

	@Override
	public void close() {
		stopAll();
		try {
			Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
		}
		catch (IllegalStateException shuttingDown) {
			// Already running the hook: nothing left to undo.
		}
	}

	private void stopAll() {
		stop(List.copyOf(this.running));
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
