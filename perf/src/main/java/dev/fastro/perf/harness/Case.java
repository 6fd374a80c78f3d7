package dev.fastro.perf.harness;

import java.util.Set;

/**
 * One thing to measure: a request, sent with some number of connections, to some of a
 * group's servers, for some number of rounds.
 *
 * @param experiment the experiment it belongs to
 * @param label the scenario or the value of the varied quantity
 * @param probe the request and its expected answer
 * @param connections the load generator's connections
 * @param pipeline requests per write on each connection: 1, or
 * {@link WrkScript#PIPELINE_DEPTH}
 * @param rounds how many rounds
 * @param servers which of the group's servers it applies to
 * @param protocol how the load reaches the servers
 */
public record Case(Experiment experiment, String label, Probe probe, int connections, int pipeline, int rounds,
		Set<ServerKind> servers, Protocol protocol) {

	/**
	 * Takes a private copy of the servers.
	 */
	public Case {
		servers = Set.copyOf(servers);
	}

	/**
	 * A case measured over cleartext HTTP/1.1.
	 * @param experiment the experiment it belongs to
	 * @param label the scenario or the value of the varied quantity
	 * @param probe the request and its expected answer
	 * @param connections wrk's connections
	 * @param pipeline requests per write on each connection
	 * @param rounds how many rounds
	 * @param servers which of the group's servers it applies to
	 */
	public Case(Experiment experiment, String label, Probe probe, int connections, int pipeline, int rounds,
			Set<ServerKind> servers) {
		this(experiment, label, probe, connections, pipeline, rounds, servers, Protocol.H1);
	}

	/**
	 * What wrk sends.
	 * @return the probe and its pipeline depth
	 */
	public Load load() {
		return new Load(this.probe, this.pipeline);
	}
}
