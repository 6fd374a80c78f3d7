package dev.fastro.perf.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.fastro.perf.Workload;

/**
 * The live experiments of {@code perf/run}: connections held open rather than requests
 * sent by wrk, with {@link LiveClient} in this JVM as the client, pinned to the load
 * generator's core.
 *
 * <ul>
 * <li><b>WebSocket echo</b>: {@link #ECHO_CONNECTIONS} WebSockets, each sending a message
 * and waiting for its echo before the next, for 64 B and 16 KiB messages; the messages
 * echoed per second and the server's CPU time per message.</li>
 * <li><b>Server-sent events</b>: 1,000 and 5,000 clients of one shared ticker of one
 * event a second; the events delivered per second and the server's CPU time per event.
 * </li>
 * <li><b>Idle connections</b>: {@link #IDLE_CONNECTIONS} keep-alive HTTP connections (one
 * {@code GET /} each), WebSockets (one echo each) and event streams, one kind at a time,
 * each on a fresh server: the server's heap after a full collection and its resident
 * memory, with the connections open less before they opened, per connection.</li>
 * </ul>
 * The first two start their servers once and measure them in rounds, taking turns in
 * {@link Plan#order}'s order, or all at once with {@code --side-by-side}, as the wrk
 * experiments do; each run opens its connections, waits until all are ready, then
 * measures a window of {@code --seconds}.
 */
final class LiveBench {

	/** The echo's connections, as wrk's. */
	static final int ECHO_CONNECTIONS = 100;

	/** The echo's message sizes. */
	static final List<Integer> MESSAGE_SIZES = List.of(64, 16 * 1024);

	/** The clients of the server-sent events. */
	static final List<Integer> EVENT_CLIENTS = List.of(1_000, 5_000);

	/** The connections the idle experiment holds. */
	static final int IDLE_CONNECTIONS = 10_000;

	/**
	 * Connections opened and closed on a fresh server before its memory is first
	 * measured, so that what the first connection of a kind loads once (classes, code,
	 * pools) is not counted per connection.
	 */
	static final int IDLE_WARMUP_CONNECTIONS = 1_000;

	/** How long the connections of a run may take to be ready. */
	private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

	/**
	 * The servers of the live experiments that {@code --servers} may name; Vert.x Web,
	 * the reference of the issue, is always there, and so is the raw Netty WebSocket
	 * server for the WebSocket echo and the idle WebSockets.
	 */
	static final Set<ServerKind> NAMED = EnumSet.of(ServerKind.NATIVE, ServerKind.FASTRO);

	/** The connections the idle experiment holds, one kind at a time. */
	enum Held {

		HTTP("keep-alive HTTP"), WEBSOCKET("WebSocket"), EVENTS("event stream");

		private final String label;

		Held(String label) {
			this.label = label;
		}

		String label() {
			return this.label;
		}

	}

	private final RunnerOptions options;

	private final PrintStream out;

	private final List<LiveRun> runs = new ArrayList<>();

	private final List<String> problems = new ArrayList<>();

	private int turn;

	private LiveBench(RunnerOptions options, PrintStream out) {
		this.options = options;
		this.out = out;
	}

	/**
	 * Runs the live experiments the options name.
	 * @param options the options
	 * @param fleet starts the servers
	 * @param out where progress goes
	 * @return the bench, its runs and problems recorded
	 * @throws IOException if the client cannot be pinned
	 * @throws InterruptedException if interrupted
	 */
	static LiveBench run(RunnerOptions options, ServerFleet fleet, PrintStream out)
			throws IOException, InterruptedException {
		LiveBench bench = new LiveBench(options, out);
		// The client is this JVM: on the load generator's core, as wrk is.
		UploadBench.pinSelf(options.wrkCpu());
		try (LiveClient client = new LiveClient()) {
			if (options.experiments().contains(Experiment.WEBSOCKET)) {
				bench.load(Experiment.WEBSOCKET, fleet, client);
			}
			if (options.experiments().contains(Experiment.SSE)) {
				bench.load(Experiment.SSE, fleet, client);
			}
			if (options.experiments().contains(Experiment.IDLE)) {
				bench.idle(fleet, client);
			}
		}
		return bench;
	}

	/**
	 * The servers of a live experiment: native and Fastro as {@code --servers} names
	 * them, Vert.x Web always, and the raw Netty WebSocket server for WebSockets.
	 * @param experiment the experiment
	 * @param held for the idle experiment, the kind of connection; ignored otherwise
	 * @param named the servers {@code --servers} names
	 * @return the servers, in the order they start
	 */
	static List<ServerKind> servers(Experiment experiment, Held held, Set<ServerKind> named) {
		Set<ServerKind> servers = EnumSet.noneOf(ServerKind.class);
		named.stream().filter(NAMED::contains).forEach(servers::add);
		servers.add(ServerKind.VERTX);
		if (experiment == Experiment.WEBSOCKET || (experiment == Experiment.IDLE && held == Held.WEBSOCKET)) {
			servers.add(ServerKind.RAW_WEBSOCKET);
		}
		return List.copyOf(servers);
	}

	List<LiveRun> runs() {
		return this.runs;
	}

	List<String> problems() {
		return this.problems;
	}

	/**
	 * The WebSocket echo or the server-sent events: the servers started once and warmed
	 * up, then each case in rounds.
	 */
	private void load(Experiment experiment, ServerFleet fleet, LiveClient client)
			throws IOException, InterruptedException {
		List<ServerKind> kinds = servers(experiment, null, this.options.servers());
		this.out.println(experiment.title() + ": starting " + kinds.stream().map(ServerKind::label).toList());
		Map<ServerKind, ServerProcess> live = new LinkedHashMap<>();
		try {
			for (ServerKind kind : kinds) {
				try {
					live.put(kind, fleet.start(new ServerSpec(kind, 0), JvmFlags.SERVER, List.of()));
				}
				catch (IOException ex) {
					this.problems.add(experiment.title() + ", " + kind.label() + ": did not start: " + ex.getMessage());
				}
			}
			for (Map.Entry<ServerKind, ServerProcess> server : live.entrySet()) {
				this.out.printf(Locale.ROOT, "  warming up %s for %d s%n", server.getKey().label(),
						this.options.warmupSeconds());
				List<Integer> sizes = (experiment == Experiment.WEBSOCKET) ? MESSAGE_SIZES
						: List.of(EVENT_CLIENTS.get(0));
				for (int size : sizes) {
					LiveClient.Connections warm = open(client, experiment, server.getValue().baseUri(), size);
					String problem = warm.awaitReady(READY_TIMEOUT);
					Thread.sleep(this.options.warmupSeconds() * 1000L / sizes.size());
					warm.close();
					if (problem != null) {
						// Each measured run checks its own connections: a failed warm-up
						// only leaves the server less warm, and is reported.
						this.problems.add(experiment.title() + ", " + server.getKey().label() + ": the warm-up failed: "
								+ problem);
						this.out.println("  the warm-up failed: " + problem);
					}
				}
			}
			List<Integer> sizes = (experiment == Experiment.WEBSOCKET) ? MESSAGE_SIZES : EVENT_CLIENTS;
			for (int size : sizes) {
				for (int round = 1; round <= this.options.rounds(); round++) {
					List<ServerKind> order = Plan.order(List.copyOf(live.keySet()), this.turn++);
					if (this.options.sideBySide()) {
						measure(experiment, size, round, order, live, client);
					}
					else {
						for (ServerKind kind : order) {
							measure(experiment, size, round, List.of(kind), live, client);
						}
					}
				}
			}
		}
		finally {
			fleet.stop(List.copyOf(live.values()));
		}
	}

	private static LiveClient.Connections open(LiveClient client, Experiment experiment, URI server, int size)
			throws InterruptedException {
		return (experiment == Experiment.WEBSOCKET) ? client.webSockets(server, ECHO_CONNECTIONS, size, true)
				: client.eventStreams(server, size);
	}

	/**
	 * One run on the given servers at once: open every server's connections, wait until
	 * they are all ready, then count what arrives and the servers' CPU time over the
	 * window.
	 */
	private void measure(Experiment experiment, int size, int round, List<ServerKind> kinds,
			Map<ServerKind, ServerProcess> live, LiveClient client) throws IOException, InterruptedException {
		String label = caseLabel(experiment, size);
		this.out.printf(Locale.ROOT, "%s · %s · round %d/%d · %s · %d s%n", experiment.title(), label, round,
				this.options.rounds(), String.join(" + ", kinds.stream().map(ServerKind::label).toList()),
				this.options.seconds());
		List<LiveClient.Connections> connections = new ArrayList<>();
		List<String> notReady = new ArrayList<>();
		try {
			for (ServerKind kind : kinds) {
				connections.add(open(client, experiment, live.get(kind).baseUri(), size));
			}
			for (LiveClient.Connections one : connections) {
				notReady.add(one.awaitReady(READY_TIMEOUT));
			}
			long ticksPerSecond = ProcessCpu.ticksPerSecond();
			long[] ticks = new long[kinds.size()];
			long[] received = new long[kinds.size()];
			for (int i = 0; i < kinds.size(); i++) {
				ticks[i] = live.get(kinds.get(i)).cpuTicks();
				received[i] = connections.get(i).received();
			}
			CoreTicks loadCore = CoreTicks.read(this.options.wrkCpu());
			Thread.sleep(this.options.seconds() * 1000L);
			double loadCoreBusy = CoreTicks.read(this.options.wrkCpu()).busySince(loadCore);
			for (int i = 0; i < kinds.size(); i++) {
				ServerProcess server = live.get(kinds.get(i));
				long items = connections.get(i).received() - received[i];
				CpuTime cpu = new CpuTime(server.cpuTicks() - ticks[i], ticksPerSecond);
				String problem = (notReady.get(i) != null) ? notReady.get(i) : connections.get(i).problem();
				LiveRun run = LiveRun.load(experiment, label, kinds.get(i), round, connections.get(i).count(),
						this.options.seconds(), items, cpu, loadCoreBusy, problem);
				this.runs.add(run);
				this.out.printf(Locale.ROOT, "  %s: %s%n", kinds.get(i).label(),
						run.valid() ? String.format(Locale.ROOT, "%,.0f %s/s, server CPU %.2f µs each", run.perSecond(),
								(experiment == Experiment.WEBSOCKET) ? "messages" : "events", run.cpuMicrosPerItem())
								: "INVALID: " + problem);
			}
			this.out.printf(Locale.ROOT, "  client's core %.0f%% busy%n", loadCoreBusy * 100);
		}
		finally {
			connections.forEach(LiveClient.Connections::close);
		}
	}

	/**
	 * The idle connections: for each kind and round, each server in turn starts afresh,
	 * is measured before and with the connections open, and stops.
	 */
	private void idle(ServerFleet fleet, LiveClient client) throws InterruptedException {
		for (Held held : Held.values()) {
			List<ServerKind> kinds = servers(Experiment.IDLE, held, this.options.servers());
			for (int round = 1; round <= this.options.rounds(); round++) {
				for (ServerKind kind : Plan.order(kinds, this.turn++)) {
					idle(fleet, client, held, kind, round);
				}
			}
		}
	}

	private void idle(ServerFleet fleet, LiveClient client, Held held, ServerKind kind, int round)
			throws InterruptedException {
		String where = String.format(Locale.ROOT, "%s · %,d %s · round %d/%d · %s", Experiment.IDLE.title(),
				IDLE_CONNECTIONS, held.label(), round, this.options.rounds(), kind.label());
		this.out.println(where);
		ServerProcess server;
		try {
			server = fleet.start(new ServerSpec(kind, 0), JvmFlags.SERVER, List.of());
		}
		catch (IOException ex) {
			this.problems.add(where + ": did not start: " + ex.getMessage());
			return;
		}
		LiveClient.Connections connections = null;
		try {
			LiveClient.Connections warm = hold(client, held, server.baseUri(), IDLE_WARMUP_CONNECTIONS);
			String warmProblem = warm.awaitReady(READY_TIMEOUT);
			warm.close();
			if (warmProblem != null) {
				this.problems.add(where + ": the warm-up failed: " + warmProblem);
				return;
			}
			long heapBefore = HeapInfo.usedAfterFullGc(server.pid());
			long rssBefore = server.rssKilobytes();
			connections = hold(client, held, server.baseUri(), IDLE_CONNECTIONS);
			String problem = connections.awaitReady(READY_TIMEOUT);
			// Every stream has had an event since it opened, every socket its echo.
			Thread.sleep(Workload.EVENT_INTERVAL.toMillis() * 2);
			long heapAfter = HeapInfo.usedAfterFullGc(server.pid());
			long rssAfter = server.rssKilobytes();
			if (problem == null) {
				problem = connections.problem();
			}
			LiveRun run = new LiveRun(Experiment.IDLE, held.label(), kind, round, IDLE_CONNECTIONS, 0,
					IDLE_CONNECTIONS - connections.failed(), CpuTime.UNKNOWN, Double.NaN, heapBefore, heapAfter,
					rssBefore, rssAfter, problem);
			this.runs.add(run);
			this.out
				.printf(Locale.ROOT, "  %s%n",
						run.valid()
								? String.format(Locale.ROOT, "heap after GC %,.0f B and RSS %,.0f B per connection",
										run.heapBytesPerConnection(), run.rssBytesPerConnection())
								: "INVALID: " + problem);
		}
		catch (IOException ex) {
			this.problems.add(where + ": " + ex.getMessage());
		}
		finally {
			if (connections != null) {
				connections.close();
			}
			fleet.stop(List.of(server));
		}
	}

	private static LiveClient.Connections hold(LiveClient client, Held held, URI server, int count)
			throws InterruptedException {
		return switch (held) {
			case HTTP -> client.keepAlive(server, count);
			case WEBSOCKET -> client.webSockets(server, count, MESSAGE_SIZES.get(0), false);
			case EVENTS -> client.eventStreams(server, count);
		};
	}

	/**
	 * A case's label: the message size, or the number of clients.
	 * @param experiment the experiment
	 * @param size the message size or the clients
	 * @return the label, such as {@code 16 KiB} or {@code 5,000}
	 */
	static String caseLabel(Experiment experiment, int size) {
		if (experiment == Experiment.WEBSOCKET) {
			return (size < 1024) ? size + " B" : (size / 1024) + " KiB";
		}
		return String.format(Locale.ROOT, "%,d", size);
	}

}
