package dev.fastro.perf.harness;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.fastro.perf.Workload;

/**
 * The overload experiment of {@code perf/run}: a blocking route doing a fixed amount of
 * CPU work ({@link Workload#WORK_PATH}) offered twice each server's capacity at a
 * constant rate by {@link OpenLoopClient}, in this JVM pinned to the load generator's
 * core, to see what a server does with more than it can serve: queue until clients time
 * out, or shed the excess with a fast {@code 503} so that what it accepts stays fast.
 *
 * <p>
 * The servers start once, one after the other, each pinned to the server core with the
 * scenarios' JVM flags. Each is verified, warmed up with a closed loop, and its capacity
 * found: the most accepted answers per second of closed loops on 1, 2, 4, ...
 * {@link #CAPACITY_CONNECTIONS} connections. Then, in rounds, the servers take turns in
 * {@link Plan#order}'s order: each gets a lead-in at {@link #LEAD_IN_SHARE} of its
 * capacity, then {@link #OVERLOAD_FACTOR} times its capacity for {@code --seconds}; the
 * run ends when every request of that window is answered or timed out, and the next waits
 * until the server has worked off what it had queued.
 */
final class OverloadBench {

	/** Fastro's key of the limit on requests in flight. */
	static final String MAX_IN_FLIGHT_KEY = "fastro.load-shedding.max-in-flight";

	/** Fastro's key that makes the limit adaptive. */
	static final String ADAPTIVE_KEY = "fastro.load-shedding.adaptive";

	/**
	 * The fixed limit of {@code fastro-shedding}: the threads of Fastro's blocking pool
	 * on the server's one core (Reactor's bounded elastic pool, ten per core), so an
	 * accepted request never waits in the pool's queue, and on one core it is served in
	 * about ten times the work's 1.5 ms: by Little's law, ten in flight at a capacity of
	 * about 650 a second is 15 ms each.
	 */
	static final int MAX_IN_FLIGHT = 10;

	/**
	 * The ceiling of {@code fastro-adaptive}'s gradient limiter, ten times the fixed
	 * limit, so that it finds its own limit rather than the fixed one.
	 */
	static final int ADAPTIVE_MAX_IN_FLIGHT = 100;

	/** How many times its capacity each server is offered. */
	static final double OVERLOAD_FACTOR = 2;

	/** The share of its capacity a server is offered before the window. */
	static final double LEAD_IN_SHARE = 0.5;

	/** How long the lead-in lasts. */
	static final Duration LEAD_IN = Duration.ofSeconds(3);

	/** The client's timeout, from the time a request was due. */
	static final Duration TIMEOUT = Duration.ofSeconds(10);

	/** How long each step of the capacity search sends. */
	static final Duration CAPACITY_STEP = Duration.ofSeconds(3);

	/**
	 * The largest closed loop of the capacity search: on one core, the work's throughput
	 * stops growing at 4 to 8 connections, and the whole sweep is made, since on a shared
	 * machine one step can read low.
	 */
	static final int CAPACITY_CONNECTIONS = 16;

	/** The closed loop's connections during the warm-up. */
	static final int WARMUP_CONNECTIONS = 4;

	/**
	 * The share of its core that a server may still use once it has worked off its queue,
	 * measured over {@link #QUIET_WINDOW}.
	 */
	static final double QUIET_SHARE = 0.05;

	private static final Duration QUIET_WINDOW = Duration.ofSeconds(1);

	/** How long a server may take to work off its queue after a run. */
	private static final Duration QUIET_TIMEOUT = Duration.ofSeconds(120);

	/** The servers with load shedding. */
	static final Set<ServerKind> SHEDDING = EnumSet.of(ServerKind.FASTRO_SHEDDING, ServerKind.FASTRO_ADAPTIVE);

	/**
	 * The servers {@code --servers} may name; Vert.x Web, the reference of the issue, is
	 * always there.
	 */
	static final Set<ServerKind> NAMED = EnumSet.of(ServerKind.FASTRO, ServerKind.FASTRO_SHEDDING,
			ServerKind.FASTRO_ADAPTIVE);

	/** The request, and the answer every server must give it. */
	static final Probe PROBE = new Probe(Request.get(Workload.WORK_PATH),
			ExpectedResponse.ok(Workload.TEXT_PLAIN, Workload.WORK_ANSWER));

	private final RunnerOptions options;

	private final PrintStream out;

	private final List<OverloadRun> runs = new ArrayList<>();

	private final Map<ServerKind, Capacity> capacities = new LinkedHashMap<>();

	private final Map<ServerKind, String> skipped = new LinkedHashMap<>();

	private final List<String> problems = new ArrayList<>();

	private OverloadBench(RunnerOptions options, PrintStream out) {
		this.options = options;
		this.out = out;
	}

	/**
	 * Runs the overload experiment.
	 * @param options the options
	 * @param fleet starts the servers
	 * @param out where progress goes
	 * @return the bench, its runs, capacities and problems recorded
	 * @throws IOException if the client cannot be pinned
	 * @throws InterruptedException if interrupted
	 */
	static OverloadBench run(RunnerOptions options, ServerFleet fleet, PrintStream out)
			throws IOException, InterruptedException {
		OverloadBench bench = new OverloadBench(options, out);
		// The client is this JVM: on the load generator's core, as wrk is.
		UploadBench.pinSelf(options.wrkCpu());
		try (OpenLoopClient client = new OpenLoopClient()) {
			bench.run(fleet, client);
		}
		return bench;
	}

	/**
	 * The servers of the experiment: those of {@link #NAMED} that {@code --servers}
	 * names, and Vert.x Web.
	 * @param named the servers {@code --servers} names
	 * @return the servers, in the order they start
	 */
	static List<ServerKind> servers(Set<ServerKind> named) {
		Set<ServerKind> servers = EnumSet.noneOf(ServerKind.class);
		named.stream().filter(NAMED::contains).forEach(servers::add);
		servers.add(ServerKind.VERTX);
		return List.copyOf(servers);
	}

	/**
	 * Why a server cannot be measured with the Fastro on the class path, or {@code null}
	 * when it can: the shedding servers need load shedding, which a Fastro without it
	 * would not refuse (it ignores keys it does not know), so its configuration metadata
	 * must list {@link #MAX_IN_FLIGHT_KEY}.
	 * @param kind the server
	 * @param metadata the configuration metadata on the class path
	 * @return the reason, or {@code null}
	 */
	static String missing(ServerKind kind, String metadata) {
		if (SHEDDING.contains(kind) && !metadata.contains("\"" + MAX_IN_FLIGHT_KEY + "\"")) {
			return "this Fastro has no load shedding (" + MAX_IN_FLIGHT_KEY
					+ " is not in its configuration metadata): the row awaits it";
		}
		return null;
	}

	List<OverloadRun> runs() {
		return this.runs;
	}

	Map<ServerKind, Capacity> capacities() {
		return this.capacities;
	}

	Map<ServerKind, String> skipped() {
		return this.skipped;
	}

	List<String> problems() {
		return this.problems;
	}

	private void run(ServerFleet fleet, OpenLoopClient client) throws IOException, InterruptedException {
		String metadata = configurationMetadata();
		Map<ServerKind, ServerProcess> live = new LinkedHashMap<>();
		try {
			for (ServerKind kind : servers(this.options.servers())) {
				String missing = missing(kind, metadata);
				if (missing != null) {
					this.skipped.put(kind, missing);
					this.out.println("SKIPPED " + kind.label() + ": " + missing);
					continue;
				}
				ServerProcess server = start(fleet, kind);
				if (server != null) {
					live.put(kind, server);
				}
			}
			for (Map.Entry<ServerKind, ServerProcess> server : live.entrySet()) {
				prepare(server.getKey(), server.getValue(), client);
			}
			int turn = 0;
			for (int round = 1; round <= this.options.rounds(); round++) {
				for (ServerKind kind : Plan.order(List.copyOf(this.capacities.keySet()), turn++)) {
					measure(kind, live.get(kind), round, client);
				}
			}
		}
		finally {
			fleet.stop(List.copyOf(live.values()));
		}
	}

	/** Starts a server and verifies its answer; {@code null} if it is refused. */
	private ServerProcess start(ServerFleet fleet, ServerKind kind) throws InterruptedException {
		this.out.println("Overload: starting " + kind.label());
		ServerProcess server;
		try {
			server = fleet.start(new ServerSpec(kind, 0), JvmFlags.SERVER, List.of());
		}
		catch (IOException ex) {
			this.problems.add(kind.label() + ": did not start: " + ex.getMessage());
			return null;
		}
		String problem;
		try {
			List<String> differences = new ResponseVerifier(Protocol.H1, null).verify(server.baseUri(),
					PROBE.forServer(kind));
			problem = differences.isEmpty() ? null : String.join("; ", differences);
		}
		catch (IOException ex) {
			problem = ex.toString();
		}
		if (problem != null) {
			this.problems.add(kind.label() + ": refused: " + PROBE.request() + ": " + problem);
			this.out.println("REFUSED " + kind.label() + ": " + problem);
			fleet.stop(List.of(server));
			return null;
		}
		return server;
	}

	/** Warms a server up with a closed loop, then finds its capacity. */
	private void prepare(ServerKind kind, ServerProcess server, OpenLoopClient client)
			throws IOException, InterruptedException {
		this.out.printf(Locale.ROOT, "  warming up %s: %d connections for %d s%n", kind.label(), WARMUP_CONNECTIONS,
				this.options.warmupSeconds());
		client.closedLoop(server.baseUri(), Workload.WORK_PATH, Workload.WORK_ANSWER, WARMUP_CONNECTIONS,
				Duration.ofSeconds(this.options.warmupSeconds()), TIMEOUT);
		awaitQuiet(kind, server);
		List<Capacity.Step> steps = new ArrayList<>();
		double best = 0;
		for (int connections = 1; connections <= CAPACITY_CONNECTIONS; connections *= 2) {
			OverloadTally.Result result = client.closedLoop(server.baseUri(), Workload.WORK_PATH, Workload.WORK_ANSWER,
					connections, CAPACITY_STEP, TIMEOUT);
			double accepted = result.ok() / seconds(CAPACITY_STEP);
			steps.add(new Capacity.Step(connections, accepted, result.accepted().p50()));
			this.out.printf(Locale.ROOT, "  %s capacity: %d connections, %,.0f accepted/s, p50 %s%n", kind.label(),
					connections, accepted, OverloadReport.latency(result.accepted().p50()));
			awaitQuiet(kind, server);
			best = Math.max(best, accepted);
		}
		this.capacities.put(kind, new Capacity(best, steps));
	}

	/** One run: the lead-in, then twice the capacity over the window. */
	private void measure(ServerKind kind, ServerProcess server, int round, OpenLoopClient client)
			throws IOException, InterruptedException {
		double capacity = this.capacities.get(kind).perSecond();
		double offered = capacity * OVERLOAD_FACTOR;
		this.out.printf(Locale.ROOT, "Overload · round %d/%d · %s · %,.0f req/s for %d s after %d s at %,.0f%n", round,
				this.options.rounds(), kind.label(), offered, this.options.seconds(), LEAD_IN.toSeconds(),
				capacity * LEAD_IN_SHARE);
		long ticks = server.cpuTicks();
		CoreTicks clientCore = CoreTicks.read(this.options.wrkCpu());
		OverloadTally.Result result = client.openLoop(server.baseUri(), Workload.WORK_PATH, Workload.WORK_ANSWER,
				capacity * LEAD_IN_SHARE, LEAD_IN, offered, Duration.ofSeconds(this.options.seconds()), TIMEOUT);
		CpuTime cpu = new CpuTime(server.cpuTicks() - ticks, ProcessCpu.ticksPerSecond());
		double clientCoreBusy = CoreTicks.read(this.options.wrkCpu()).busySince(clientCore);
		String problem = server.alive() ? null : "the server exited: " + server.logTail();
		if (result.firstError() != null) {
			this.problems.add(String.format(Locale.ROOT,
					"%s, round %d: %,d request(s) lost with their connection; the first failure: %s", kind.label(),
					round, result.errors(), result.firstError()));
		}
		OverloadRun run = new OverloadRun(kind, round, capacity, offered, this.options.seconds(), result, cpu,
				clientCoreBusy, problem);
		this.runs.add(run);
		this.out.printf(Locale.ROOT,
				"  %,.0f answered/s in the window, %.1f%% 2xx, %.1f%% 503, %.1f%% other, %.1f%% timed out; 2xx p50 %s p99 %s p99.9 %s;"
						+ " %,d connections at most; the client's core %.0f%% busy%n",
				run.answeredPerSecond(), run.share(result.ok()), run.share(result.shed()),
				run.share(result.other() + result.errors()), run.share(result.timeouts()),
				OverloadReport.latency(result.accepted().p50()), OverloadReport.latency(result.accepted().p99()),
				OverloadReport.latency(result.accepted().p999()), result.peakConnections(), clientCoreBusy * 100);
		awaitQuiet(kind, server);
	}

	/**
	 * Waits until the server has worked off what it queued (the client has closed its
	 * connections, but a server may still run the requests it took), so that it takes
	 * nothing from the next run on the shared core.
	 */
	private void awaitQuiet(ServerKind kind, ServerProcess server) throws IOException, InterruptedException {
		long ticksPerSecond = ProcessCpu.ticksPerSecond();
		long allowed = (long) (QUIET_SHARE * ticksPerSecond * QUIET_WINDOW.toMillis() / 1000);
		long deadline = System.nanoTime() + QUIET_TIMEOUT.toNanos();
		long before = server.cpuTicks();
		while (System.nanoTime() < deadline) {
			Thread.sleep(QUIET_WINDOW.toMillis());
			long now = server.cpuTicks();
			if (now - before <= allowed) {
				return;
			}
			before = now;
		}
		this.problems.add(kind.label() + " was still busy " + QUIET_TIMEOUT.toSeconds() + " s after a run");
	}

	private static double seconds(Duration duration) {
		return duration.toNanos() / 1e9;
	}

	/**
	 * Every {@code spring-configuration-metadata.json} on the class path, concatenated.
	 */
	private static String configurationMetadata() throws IOException {
		StringBuilder metadata = new StringBuilder();
		Enumeration<URL> files = OverloadBench.class.getClassLoader()
			.getResources("META-INF/spring-configuration-metadata.json");
		for (URL file : Collections.list(files)) {
			try (InputStream in = file.openStream()) {
				metadata.append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
			}
		}
		return metadata.toString();
	}

	/**
	 * A server's capacity: the most accepted answers per second of the closed loops.
	 *
	 * @param perSecond the capacity
	 * @param steps each closed loop of the search
	 */
	record Capacity(double perSecond, List<Step> steps) {

		/**
		 * One closed loop of the capacity search.
		 *
		 * @param connections its connections
		 * @param acceptedPerSecond its accepted answers per second
		 * @param p50Nanos the median latency of those
		 */
		record Step(int connections, double acceptedPerSecond, long p50Nanos) {

		}

	}

}
