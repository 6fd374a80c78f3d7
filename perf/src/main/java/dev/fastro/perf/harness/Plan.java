package dev.fastro.perf.harness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import dev.fastro.perf.Workload;

/**
 * Turns the options into groups of servers and the cases measured on them: one group for
 * the five scenarios and the experiments that reuse the same servers (middlewares, body
 * size, connections), and one group per route-table size, since the table is fixed when a
 * server starts. With {@code --pipelined} the scenarios are measured pipelined; the
 * scaling experiments never are, so they stay comparable from run to run. The protocols
 * experiment has a group per protocol, the compression experiment one of its own, each
 * with the native server and Fastro only; {@code --protocols} and {@code --codings}
 * choose what they measure besides cleartext HTTP/1.1 and {@code identity}. The security
 * experiment has a group of its own, first, with the secured servers.
 */
public final class Plan {

	/** The security experiment's one case: the Root scenario with a bearer token. */
	static final String SECURED_ROOT = "Root, RS256 JWT";

	/** The route-table sizes of the route-count experiment. */
	static final List<Integer> ROUTE_COUNTS = List.of(10, 100, 1_000, 10_000);

	/**
	 * The body sizes of the JSON experiment: the scenario's 44 bytes, 1 KiB and 64 KiB.
	 */
	static final List<Integer> BODY_SIZES = List.of(JsonBodies.SMALL.length(), 1024, 64 * 1024);

	/** The connection counts of the connections experiment. */
	static final List<Integer> CONNECTION_COUNTS = List.of(1, 10, 100, 1_000);

	/** The servers of the middleware experiment: those with middleware to count. */
	private static final Set<ServerKind> WITH_MIDDLEWARE = EnumSet.of(ServerKind.FASTRO, ServerKind.WEBFLUX);

	/**
	 * The servers of the body and connection experiments: the cache plays no part there.
	 */
	private static final Set<ServerKind> WITHOUT_CACHE_VARIANT = EnumSet.of(ServerKind.NATIVE, ServerKind.FASTRO,
			ServerKind.WEBFLUX, ServerKind.RAW);

	/**
	 * The servers of the route-count experiment; the native one routes with
	 * HttpServer.route there.
	 */
	private static final Set<ServerKind> ROUTED = EnumSet.of(ServerKind.NATIVE_ROUTED, ServerKind.FASTRO,
			ServerKind.FASTRO_CACHE);

	/**
	 * The servers of the protocols and compression experiments: Fastro and the native
	 * server it is measured against, each given the transport its own way.
	 */
	static final Set<ServerKind> TRANSPORTED = EnumSet.of(ServerKind.NATIVE, ServerKind.FASTRO);

	/**
	 * The scenarios of the protocols experiment: the five, whose requests are fixed, as
	 * {@code h2load} sends them.
	 */
	static final List<Scenario> PROTOCOL_SCENARIOS = List.of(Scenario.ROOT, Scenario.URL_PARAMS, Scenario.QUERY_PARAMS,
			Scenario.MIDDLEWARE, Scenario.JSON_POST);

	/**
	 * The {@code Accept-Encoding}s of the compression experiment, {@code identity} first:
	 * the answer every coding is compared with.
	 */
	static final List<String> CODINGS = List.of("identity", "gzip", "br");

	/**
	 * The servers of the static-files experiment besides nginx, its 100% line, which it
	 * always has: those of them {@code --servers} or {@code --peers} names.
	 */
	static final Set<ServerKind> SERVING_FILES = EnumSet.of(ServerKind.FASTRO, ServerKind.VERTX);

	/**
	 * The servers of the security experiment: Fastro and WebFlux, each with Spring
	 * Security and without.
	 */
	static final Set<ServerKind> SECURITY_SERVERS = EnumSet.of(ServerKind.FASTRO, ServerKind.FASTRO_SECURED,
			ServerKind.WEBFLUX, ServerKind.WEBFLUX_SECURED);

	private Plan() {
	}

	/**
	 * The values of a scaling experiment: all of them, or in quick mode the smallest and
	 * the largest, which still runs every experiment on every server.
	 */
	private static List<Integer> sweep(List<Integer> values, boolean quick) {
		return quick ? List.of(values.get(0), values.get(values.size() - 1)) : values;
	}

	/**
	 * Plans a run without the security experiment.
	 * @param options the options
	 * @return the groups, in the order they run
	 */
	public static List<Group> of(RunnerOptions options) {
		return of(options, null);
	}

	/**
	 * Plans the run.
	 * @param options the options
	 * @param jwt the run's token, for the security experiment; {@code null} without it
	 * @return the groups, in the order they run
	 * @throws IllegalArgumentException if the options ask for the security experiment but
	 * there is no token
	 */
	public static List<Group> of(RunnerOptions options, PerfJwt jwt) {
		List<Group> groups = new ArrayList<>();
		if (options.experiments().contains(Experiment.SECURITY)) {
			if (jwt == null) {
				throw new IllegalArgumentException("the security experiment needs the run's token");
			}
			security(options, jwt).ifPresent(groups::add);
		}
		// nginx serves files only: it is the static-files experiment's, never another's;
		// the secured servers answer only requests with a token, the security
		// experiment's.
		Set<ServerKind> selected = EnumSet.noneOf(ServerKind.class);
		selected.addAll(options.servers());
		selected.remove(ServerKind.NGINX);
		selected.removeIf(ServerKind::secured);
		// The shedding servers differ from Fastro only past their limit, which only the
		// overload experiment reaches.
		selected.removeAll(OverloadBench.SHEDDING);
		List<Case> cases = new ArrayList<>();
		int rounds = options.rounds();
		int scalingRounds = options.scalingRounds();
		if (options.experiments().contains(Experiment.MAIN)) {
			int pipeline = options.pipelined() ? WrkScript.PIPELINE_DEPTH : 1;
			for (Scenario scenario : options.scenarios()) {
				cases.add(new Case(Experiment.MAIN, scenario.title(), scenario.probe(), options.connections(), pipeline,
						rounds, selected));
			}
		}
		if (options.experiments().contains(Experiment.MIDDLEWARES)) {
			for (int count : sweep(Workload.MIDDLEWARE_COUNTS, options.quick())) {
				Probe probe = new Probe(Request.get(Workload.middlewarePath(count)),
						ExpectedResponse.ok(Workload.TEXT_PLAIN, Workload.MIDDLEWARE_SCALING_BODY));
				cases.add(new Case(Experiment.MIDDLEWARES, Integer.toString(count), probe, options.connections(), 1,
						scalingRounds, intersect(selected, WITH_MIDDLEWARE)));
			}
		}
		if (options.experiments().contains(Experiment.BODY)) {
			for (int size : sweep(BODY_SIZES, options.quick())) {
				String json = JsonBodies.ofSize(size);
				cases.add(new Case(Experiment.BODY, bytes(size),
						new Probe(Scenario.jsonRequest(json), Scenario.jsonAnswer(json)), options.connections(), 1,
						scalingRounds, intersect(selected, WITHOUT_CACHE_VARIANT)));
			}
		}
		if (options.experiments().contains(Experiment.CONNECTIONS)) {
			for (int connections : sweep(CONNECTION_COUNTS, options.quick())) {
				cases.add(new Case(Experiment.CONNECTIONS, count(connections), Scenario.ROOT.probe(), connections, 1,
						scalingRounds, intersect(selected, WITHOUT_CACHE_VARIANT)));
			}
		}
		cases.removeIf(one -> one.servers().isEmpty());
		if (!cases.isEmpty()) {
			List<ServerSpec> servers = selected.stream()
				.filter(kind -> cases.stream().anyMatch(one -> one.servers().contains(kind)))
				.map(kind -> new ServerSpec(kind, 0))
				.toList();
			groups.add(new Group("scenarios", servers, cases));
		}
		if (options.experiments().contains(Experiment.ROUTES)) {
			Set<ServerKind> routed = EnumSet.noneOf(ServerKind.class);
			for (ServerKind kind : selected) {
				routed.add((kind == ServerKind.NATIVE) ? ServerKind.NATIVE_ROUTED : kind);
			}
			routed.retainAll(ROUTED);
			for (int routes : (routed.isEmpty() ? List.<Integer>of() : sweep(ROUTE_COUNTS, options.quick()))) {
				String target = Workload.generatedRoutePrefix(routes / 2) + "123";
				Probe probe = new Probe(Request.get(target), ExpectedResponse.ok(Workload.TEXT_PLAIN, "User 123"));
				groups.add(new Group(count(routes) + " routes",
						routed.stream().map(kind -> new ServerSpec(kind, routes)).toList(),
						List.of(new Case(Experiment.ROUTES, count(routes), probe, options.connections(), 1,
								scalingRounds, routed))));
			}
		}
		if (options.experiments().contains(Experiment.PROTOCOLS)) {
			groups.addAll(protocols(options));
		}
		if (options.experiments().contains(Experiment.COMPRESSION)) {
			Set<ServerKind> servers = intersect(selected, TRANSPORTED);
			if (!servers.isEmpty()) {
				List<Case> codings = new ArrayList<>();
				for (String coding : CODINGS) {
					if (coding.equals(CODINGS.get(0)) || options.codings().contains(coding)) {
						codings.add(new Case(Experiment.COMPRESSION, coding, compressed(coding), options.connections(),
								1, rounds, servers));
					}
				}
				groups.add(new Group("compression",
						servers.stream().map(kind -> new ServerSpec(kind, 0, Protocol.H1, true)).toList(), codings));
			}
		}
		if (options.experiments().contains(Experiment.STATIC)) {
			Set<ServerKind> servers = intersect(selected, SERVING_FILES);
			servers.add(ServerKind.NGINX);
			groups.add(new Group("static files",
					servers.stream().map(kind -> new ServerSpec(kind, 0, Protocol.H1, false, true)).toList(),
					StaticFiles.cases(options.connections(), options.rounds(), servers)));
		}
		return groups;
	}

	/**
	 * The security experiment's group, first in the run so that its token, valid for
	 * {@link PerfJwt#LIFETIME} from the start, lasts: {@code GET /} with the token, to
	 * the servers of {@link #SECURITY_SERVERS} that {@code --servers} names, each plain
	 * one with its secured twin.
	 */
	private static Optional<Group> security(RunnerOptions options, PerfJwt jwt) {
		Set<ServerKind> servers = intersect(options.servers(), SECURITY_SERVERS);
		for (ServerKind kind : SECURITY_SERVERS) {
			if (kind.secured() && servers.contains(kind.unsecured())) {
				servers.add(kind);
			}
		}
		if (servers.isEmpty()) {
			return Optional.empty();
		}
		Probe probe = new Probe(jwt.authorize(Scenario.ROOT.probe().request()), Scenario.ROOT.probe().expected());
		Case root = new Case(Experiment.SECURITY, SECURED_ROOT, probe, options.connections(), 1, options.rounds(),
				servers);
		return Optional
			.of(new Group("security", servers.stream().map(kind -> new ServerSpec(kind, 0)).toList(), List.of(root)));
	}

	/**
	 * One group per protocol asked for, cleartext HTTP/1.1 first and always, so that
	 * every run of the experiment has the HTTP/1.1 figures to compare the others with;
	 * the servers restart for each, since the transport is fixed when a server starts.
	 */
	private static List<Group> protocols(RunnerOptions options) {
		Set<ServerKind> servers = intersect(options.servers(), TRANSPORTED);
		List<Scenario> scenarios = options.scenarios().stream().filter(PROTOCOL_SCENARIOS::contains).toList();
		List<Group> groups = new ArrayList<>();
		if (servers.isEmpty() || scenarios.isEmpty()) {
			return groups;
		}
		for (Protocol protocol : Protocol.values()) {
			if (protocol != Protocol.H1 && !options.protocols().contains(protocol)) {
				continue;
			}
			List<Case> cases = scenarios.stream()
				.map(scenario -> new Case(Experiment.PROTOCOLS, scenario.title(), scenario.probe(),
						options.connections(), 1, options.rounds(), servers, protocol))
				.toList();
			groups.add(new Group("protocols over " + protocol.id(),
					servers.stream().map(kind -> new ServerSpec(kind, 0, protocol, false)).toList(), cases));
		}
		return groups;
	}

	/**
	 * Checks a coding of the compression experiment, as {@code --codings} names it.
	 * @param coding the coding, such as {@code gzip}
	 * @return the coding
	 * @throws IllegalArgumentException if the experiment has no such coding
	 */
	static String coding(String coding) {
		if (!CODINGS.contains(coding)) {
			throw new IllegalArgumentException("unknown coding '" + coding + "', expected one of " + CODINGS);
		}
		return coding;
	}

	/**
	 * The compression experiment's request for a coding, and its answer: the 10 KiB JSON,
	 * in that coding unless it is {@code identity}.
	 */
	static Probe compressed(String coding) {
		ExpectedResponse json = ExpectedResponse.ok(Workload.APPLICATION_JSON, Workload.COMPRESSIBLE_JSON);
		return new Probe(Request.get(Workload.COMPRESS_PATH).withHeader("accept-encoding", coding),
				coding.equals("identity") ? json : json.withHeader(ResponseVerifier.CONTENT_ENCODING, coding));
	}

	/**
	 * The order in which the servers take their turns in one round: reversed every other
	 * round, and rotated by one server every two rounds, the rotation carrying on from
	 * case to case. A fixed order put the same server first in every round, right after
	 * the previous round's last one and whatever that one left running on the shared core
	 * (connections closing, compilation, collection), and let every server follow the
	 * same neighbour every time; this way each server is first as often as the others,
	 * follows different ones, and a cost a server leaves behind falls on all of them.
	 * Rotating every round as well as reversing would undo the rotation with two servers,
	 * and put the same one first in every round.
	 * @param servers the servers, in the order they started
	 * @param turn the number of rounds measured before this one in the group
	 * @return the servers in this round's order
	 */
	static List<ServerKind> order(List<ServerKind> servers, int turn) {
		List<ServerKind> order = new ArrayList<>(servers);
		Collections.rotate(order, -(turn / 2));
		if (turn % 2 == 1) {
			Collections.reverse(order);
		}
		return order;
	}

	private static Set<ServerKind> intersect(Set<ServerKind> a, Set<ServerKind> b) {
		Set<ServerKind> both = EnumSet.noneOf(ServerKind.class);
		both.addAll(a);
		both.retainAll(b);
		return both;
	}

	private static String count(int value) {
		return String.format(Locale.ROOT, "%,d", value);
	}

	private static String bytes(int size) {
		return (size < 1024) ? size + " B" : (size / 1024) + " KiB";
	}

}
