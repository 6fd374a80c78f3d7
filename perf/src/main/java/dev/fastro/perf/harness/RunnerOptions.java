package dev.fastro.perf.harness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The options of {@code perf/run}.
 *
 * @param rounds rounds of the scenarios
 * @param scalingRounds rounds of each scaling experiment
 * @param seconds length of each measured run
 * @param warmupSeconds length of each server's warm-up
 * @param connections wrk's connections outside the connections experiment
 * @param servers the servers to compare
 * @param scenarios the scenarios of the main experiment
 * @param experiments the experiments to run
 * @param protocols the protocols of the protocols experiment besides cleartext HTTP/1.1,
 * which it always measures first
 * @param codings the {@code Accept-Encoding}s of the compression experiment besides
 * {@code identity}, which it always measures first
 * @param outputDirectory where the report, CSV and charts go
 * @param quick the smoke-test mode
 * @param jmh whether to run the router micro-benchmarks first
 * @param pipelined whether the scenarios are measured with
 * {@link WrkScript#PIPELINE_DEPTH} requests per write
 * @param sideBySide whether the servers of a case are measured at once in each round
 * @param freshJvms whether the servers start anew for every round
 * @param serverCpu the core the servers are pinned to
 * @param wrkCpu the core wrk is pinned to
 */
public record RunnerOptions(int rounds, int scalingRounds, int seconds, int warmupSeconds, int connections,
		Set<ServerKind> servers, List<Scenario> scenarios, Set<Experiment> experiments, Set<Protocol> protocols,
		List<String> codings, Path outputDirectory, boolean quick, boolean jmh, boolean pipelined, boolean sideBySide,
		boolean freshJvms, int serverCpu, int wrkCpu) {

	/**
	 * The servers compared unless {@code --servers} says otherwise: ours and the
	 * references. The peers, which double the run's length, come with {@code --peers}.
	 */
	static final Set<ServerKind> DEFAULT_SERVERS = EnumSet.of(ServerKind.NATIVE, ServerKind.FASTRO,
			ServerKind.FASTRO_CACHE, ServerKind.FASTRO_METRICS, ServerKind.WEBFLUX, ServerKind.RAW);

	/** The frameworks a user would pick instead, added by {@code --peers}. */
	static final Set<ServerKind> PEERS = EnumSet.of(ServerKind.VERTX, ServerKind.JAVALIN, ServerKind.MVC,
			ServerKind.MVC_VIRTUAL, ServerKind.HELIDON);

	/**
	 * The servers of {@code --quick} unless {@code --servers} says otherwise, so a smoke
	 * test of the harness stays short.
	 */
	static final Set<ServerKind> QUICK_SERVERS = EnumSet.of(ServerKind.NATIVE, ServerKind.FASTRO,
			ServerKind.FASTRO_CACHE, ServerKind.WEBFLUX, ServerKind.RAW);

	/** The usage text of {@code perf/run --help}. */
	public static final String USAGE = """
			Usage: perf/run [options]
			  --rounds N           rounds of the scenarios (default 3, quick 1)
			  --scaling-rounds N   rounds of each scaling experiment (default 2, quick 1)
			  --seconds S          seconds per measured run (default 10, quick 1)
			  --warmup S           seconds of warm-up per server, all its requests at once (default 15, quick 1)
			  --connections N      wrk connections (default 100)
			  --servers LIST       comma-separated: native,fastro,fastro-cache,fastro-metrics,fastro-demo,
			                       fastro-route-cost,fastro-reactor-netty,fastro-no-leak-detection,fastro-secured,webflux,
			                       webflux-secured,fastro-shedding,fastro-adaptive,raw,raw-websocket and
			                       the peers vertx,javalin,mvc,mvc-virtual,helidon (default
			                       native,fastro,fastro-cache,fastro-metrics,webflux,raw; quick: the same
			                       without fastro-metrics; fastro-metrics, fastro-route-cost, fastro-demo, fastro-reactor-netty
			                       and fastro-no-leak-detection run the scenarios only, fastro-secured and
			                       webflux-secured the security experiment only, fastro-shedding and
			                       fastro-adaptive the overload experiment only; mvc-virtual and
			                       helidon need a JDK 21+, see perf/README.md; nginx serves the static
			                       experiment only, which always has it)
			  --peers              add the peers vertx,javalin,mvc,mvc-virtual,helidon to the servers (their
			                       scenarios about double the length of the full run)
			  --scenarios LIST     comma-separated: root,url-params,query-params,middleware,json,
			                       url-params-uniform,url-params-zipf (default all)
			  --experiments LIST   comma-separated: main,routes,middlewares,body,connections,protocols,compression,
			                       static,websocket,sse,idle,security,overload, or none (default main,routes,middlewares,body,connections). protocols: the
			                       five scenarios over HTTP/1.1, h2c, HTTP/1.1 over TLS and h2 (h2load for
			                       HTTP/2), compression: a 10 KiB JSON answer as identity, gzip and br; both
			                       for native and fastro only, about 23 and 4 minutes (see perf/README.md);
			                       static: files of 1 KiB, 64 KiB and 10 MiB fetched and revalidated (304)
			                       from nginx (the 100% line) and those of fastro and vertx named;
			                       websocket, sse, idle: the live experiments, with their own client, against
			                       vertx (always) and raw-websocket (always, for WebSockets) and those of
			                       native and fastro named, apart from the others (--out: perf/live by
			                       default): WebSocket echo
			                       (100 connections, 64 B and 16 KiB), server-sent events to 1,000 and 5,000
			                       clients, memory per connection of 10,000 idle HTTP, WebSocket and event
			                       stream connections (see perf/README.md); security: GET / with an RS256
			                       bearer token to fastro and webflux, each named with its twin with Spring
			                       Security (fastro-secured, webflux-secured), run first (--out: perf/security
			                       by default when it runs alone); overload: a blocking route offered twice its
			                       capacity at a constant rate by an open-loop client, against vertx (always)
			                       and those of fastro, fastro-shedding and fastro-adaptive named, alone
			                       (--out: perf/overload by default; see perf/README.md)
			  --protocols LIST     comma-separated, of the protocols experiment: h2c,tls,h2 (default all);
			                       cleartext HTTP/1.1 (h1) is always measured first, the share of native
			                       each protocol is compared with; without h2c and h2, no h2load is needed
			  --codings LIST       comma-separated, of the compression experiment: gzip,br (default all);
			                       identity is always measured first, the share each coding is compared with
			  --out DIR            where BENCHMARK.md, the CSV and the charts go (default: the perf directory,
			                       perf/live for the live experiments, perf/security for security alone)
			  --quick              a full pass in about 2 minutes, for smoke tests: 1 s runs, 1 round,
			                       the smallest and largest value of each scaling experiment; not results
			  --jmh                also run the JMH router micro-benchmarks (about 4 minutes, 1 with --quick)
			  --pipelined          measure the scenarios with 16 requests per write on each connection, as
			                       TechEmpower's plaintext test does, so wrk stops being the bottleneck
			  --side-by-side       in each round, load the servers of a case at the same time, each with its
			                       own wrk, on the shared server core, so the machine's noise hits them alike:
			                       the ratios between servers hold on a noisy machine, the absolute figures
			                       do not (each server has part of the core); runs take 1/N of the time
			  --fresh-jvms         start the servers anew, verify and warm them up, for every round: each JVM
			                       keeps its own speed for its life, so only rounds on other JVMs measure a
			                       gap of a few points (adds a start and a warm-up per round)
			  --server-cpu N       core the servers are pinned to (default 1)
			  --wrk-cpu N          core wrk is pinned to (default 0)
			  --help               this text
			""";

	/**
	 * Parses the command line. {@code --quick} changes the defaults; options given
	 * explicitly win.
	 * @param args the arguments
	 * @param defaultOutput the output directory when {@code --out} is absent
	 * @return the options
	 * @throws IllegalArgumentException on an unknown option or a bad value
	 */
	public static RunnerOptions parse(List<String> args, Path defaultOutput) {
		boolean quick = args.contains("--quick");
		Integer rounds = null;
		Integer scalingRounds = null;
		Integer seconds = null;
		Integer warmup = null;
		int connections = 100;
		Set<ServerKind> servers = EnumSet.copyOf(quick ? QUICK_SERVERS : DEFAULT_SERVERS);
		List<Scenario> scenarios = List.of(Scenario.values());
		Set<Experiment> experiments = EnumSet.copyOf(Experiment.DEFAULTS);
		Set<Protocol> protocols = EnumSet.allOf(Protocol.class);
		List<String> codings = Plan.CODINGS;
		Path output = null;
		boolean jmh = false;
		boolean pipelined = false;
		boolean sideBySide = false;
		boolean freshJvms = false;
		boolean peers = false;
		int serverCpu = 1;
		int wrkCpu = 0;
		for (int i = 0; i < args.size(); i++) {
			String arg = args.get(i);
			switch (arg) {
				case "--quick" -> {
				}
				case "--jmh" -> jmh = true;
				case "--pipelined" -> pipelined = true;
				case "--side-by-side" -> sideBySide = true;
				case "--fresh-jvms" -> freshJvms = true;
				case "--peers" -> peers = true;
				case "--rounds" -> rounds = positive(arg, value(args, ++i, arg));
				case "--scaling-rounds" -> scalingRounds = positive(arg, value(args, ++i, arg));
				case "--seconds" -> seconds = positive(arg, value(args, ++i, arg));
				case "--warmup" -> warmup = positive(arg, value(args, ++i, arg));
				case "--connections" -> connections = positive(arg, value(args, ++i, arg));
				case "--servers" -> servers = EnumSet.copyOf(list(value(args, ++i, arg), ServerKind::fromId));
				case "--scenarios" -> scenarios = list(value(args, ++i, arg), Scenario::fromId);
				case "--experiments" -> {
					String value = value(args, ++i, arg);
					experiments = value.equals("none") ? EnumSet.noneOf(Experiment.class)
							: EnumSet.copyOf(list(value, Experiment::fromId));
				}
				case "--protocols" -> protocols = EnumSet.copyOf(list(value(args, ++i, arg), Protocol::fromId));
				case "--codings" -> codings = list(value(args, ++i, arg), Plan::coding);
				case "--out" -> output = Path.of(value(args, ++i, arg));
				case "--server-cpu" -> serverCpu = Integer.parseInt(value(args, ++i, arg));
				case "--wrk-cpu" -> wrkCpu = Integer.parseInt(value(args, ++i, arg));
				default -> throw new IllegalArgumentException("unknown option " + arg + "\n" + USAGE);
			}
		}
		boolean live = experiments.stream().anyMatch(Experiment::live);
		if (live && !experiments.stream().allMatch(Experiment::live)) {
			throw new IllegalArgumentException(
					"the live experiments (websocket, sse, idle) write a report of their own: "
							+ "run them apart from the others, such as --experiments websocket,sse,idle");
		}
		boolean overload = experiments.contains(Experiment.OVERLOAD);
		if (overload && experiments.size() > 1) {
			throw new IllegalArgumentException(
					"the overload experiment writes a report of its own: run it alone, --experiments overload");
		}
		if (overload && sideBySide) {
			throw new IllegalArgumentException("the overload experiment loads one server at a time: "
					+ "an overloaded server beside another would take its core");
		}
		if (output == null) {
			// The live experiments' report, the overload experiment's, and the security
			// experiment's alone, must not take the place of the scenarios'.
			output = live ? defaultOutput.resolve(LiveReport.DIRECTORY)
					: overload ? defaultOutput.resolve(OverloadReport.DIRECTORY)
							: experiments.equals(EnumSet.of(Experiment.SECURITY))
									? defaultOutput.resolve(ReportWriter.SECURITY_DIRECTORY) : defaultOutput;
		}
		if (peers) {
			servers.addAll(PEERS);
		}
		return new RunnerOptions(orDefault(rounds, quick ? 1 : 3), orDefault(scalingRounds, quick ? 1 : 2),
				orDefault(seconds, quick ? 1 : 10), orDefault(warmup, quick ? 1 : 15), connections, servers, scenarios,
				experiments, protocols, codings, output, quick, jmh, pipelined, sideBySide, freshJvms, serverCpu,
				wrkCpu);
	}

	/**
	 * The settings the report states.
	 * @return the settings
	 */
	public RunSettings settings() {
		return new RunSettings(this.quick, this.rounds, this.scalingRounds, this.seconds, this.warmupSeconds,
				this.connections, this.pipelined ? WrkScript.PIPELINE_DEPTH : 1, this.sideBySide, this.freshJvms);
	}

	private static String value(List<String> args, int index, String option) {
		if (index >= args.size()) {
			throw new IllegalArgumentException(option + " needs a value");
		}
		return args.get(index);
	}

	private static int positive(String option, String value) {
		int number = Integer.parseInt(value);
		if (number < 1) {
			throw new IllegalArgumentException(option + " must be at least 1, not " + value);
		}
		return number;
	}

	private static <T> List<T> list(String value, Function<String, T> parse) {
		List<T> items = new ArrayList<>();
		Arrays.stream(value.split(","))
			.map(String::trim)
			.filter(item -> !item.isEmpty())
			.map(parse)
			.forEach(items::add);
		if (items.isEmpty()) {
			throw new IllegalArgumentException("an empty list: " + value);
		}
		return items;
	}

	private static int orDefault(Integer value, int defaultValue) {
		return (value != null) ? value : defaultValue;
	}
}
