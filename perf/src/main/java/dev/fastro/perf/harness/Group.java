package dev.fastro.perf.harness;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Servers started together and the cases measured on them before they are stopped.
 *
 * @param name what the group is for, for the progress output
 * @param servers the servers
 * @param cases the cases, in the order they are measured
 */
public record Group(String name, List<ServerSpec> servers, List<Case> cases) {

	/**
	 * Takes private copies, and checks that the servers and cases share one protocol.
	 */
	public Group {
		servers = List.copyOf(servers);
		cases = List.copyOf(cases);
		Set<Protocol> protocols = EnumSet.noneOf(Protocol.class);
		cases.forEach(one -> protocols.add(one.protocol()));
		servers.forEach(spec -> protocols.add(spec.protocol()));
		if (protocols.size() != 1) {
			throw new IllegalArgumentException("a group's servers and cases share one protocol: " + name);
		}
	}

	/**
	 * How the load reaches the group's servers: the protocol of its cases, which the
	 * servers are started with.
	 * @return the protocol
	 */
	public Protocol protocol() {
		return this.cases.get(0).protocol();
	}

	/**
	 * How many rounds the group's servers are measured in: the most of any of its cases.
	 * @return the rounds
	 */
	public int rounds() {
		return this.cases.stream().mapToInt(Case::rounds).max().orElse(0);
	}

	/**
	 * The distinct probes of the cases a server takes part in: what it is verified and
	 * warmed up with.
	 * @param server the server
	 * @return the probes, in case order
	 */
	public List<Probe> probesOf(ServerKind server) {
		Set<Request> seen = new HashSet<>();
		List<Probe> probes = new ArrayList<>();
		for (Case one : this.cases) {
			if (one.servers().contains(server) && seen.add(one.probe().request())) {
				probes.add(one.probe());
			}
		}
		return probes;
	}

	/**
	 * The distinct loads of the cases a server takes part in: each probe, pipelined or
	 * not as it is measured, which is how the server is warmed up.
	 * @param server the server
	 * @return the loads, in case order
	 */
	public List<Load> loadsOf(ServerKind server) {
		Set<List<Object>> seen = new HashSet<>();
		List<Load> loads = new ArrayList<>();
		for (Case one : this.cases) {
			if (one.servers().contains(server) && seen.add(List.of(one.probe().request(), one.pipeline()))) {
				loads.add(one.load());
			}
		}
		return loads;
	}
}
