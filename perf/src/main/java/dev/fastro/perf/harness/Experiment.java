package dev.fastro.perf.harness;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The experiments: the five scenarios, the four scaling experiments, and the scenarios
 * over other protocols, compression and static files, and the live experiments
 * (WebSocket, server-sent events, idle connections), which a run has only when asked.
 */
public enum Experiment {

	/** The five scenarios, every server. */
	MAIN("main", "Scenarios", "Scenario"),

	/**
	 * Throughput against the number of routes in the table; the URL-params request hits
	 * one of them.
	 */
	ROUTES("routes", "Route-table size", "Routes in the table"),

	/** Throughput against the number of middlewares on the route. */
	MIDDLEWARES("middlewares", "Middleware count", "Middlewares on the route"),

	/** Throughput of the JSON POST scenario against the body size. */
	BODY("body", "JSON body size", "Request and response body"),

	/** Throughput of the Root scenario against the number of open connections. */
	CONNECTIONS("connections", "Connections", "Open connections (wrk -c)"),

	/**
	 * The five scenarios over each protocol: HTTP/1.1, h2c, HTTP/1.1 over TLS and h2. Not
	 * in the default run.
	 */
	PROTOCOLS("protocols", "Protocols", "Protocol"),

	/**
	 * A 10 KiB JSON answer for each {@code Accept-Encoding}: identity, gzip and Brotli.
	 * Not in the default run.
	 */
	COMPRESSION("compression", "Compression", "Accept-Encoding"),

	/**
	 * Static files of 1 KiB, 64 KiB and 10 MiB, fetched and revalidated, from nginx,
	 * Vert.x Web's {@code StaticHandler} and Fastro. Not in the default run.
	 */
	STATIC("static", "Static files", "File"),

	/**
	 * WebSocket echo over 100 connections, each waiting for its message to come back
	 * before it sends the next, of 64 B and 16 KiB. Not in the default run.
	 */
	WEBSOCKET("websocket", "WebSocket echo", "Message size"),

	/**
	 * Server-sent events, one a second from a shared ticker, to 1,000 and 5,000 clients.
	 * Not in the default run.
	 */
	SSE("sse", "Server-sent events fan-out", "Clients"),

	/**
	 * Memory per held connection: 10,000 idle keep-alive HTTP connections, WebSockets and
	 * event streams, one kind at a time, each on a fresh server. Not in the default run.
	 */
	IDLE("idle", "Idle connections", "Connection"),

	/**
	 * {@code GET /} with an RS256 bearer token, to Fastro and WebFlux with Spring
	 * Security's JWT resource server and without it. Not in the default run.
	 */
	SECURITY("security", "JWT security", "Server"),

	/**
	 * A blocking route offered twice its capacity at a constant rate, with and without
	 * Fastro's load shedding and on Vert.x Web. Not in the default run.
	 */
	OVERLOAD("overload", "Overload", "Server");

	/**
	 * The experiments a run has unless {@code --experiments} says otherwise: all but the
	 * protocols, compression and static files, which would take the full run past its 45
	 * minutes.
	 */
	static final Set<Experiment> DEFAULTS = EnumSet.of(MAIN, ROUTES, MIDDLEWARES, BODY, CONNECTIONS);

	private final String id;

	private final String title;

	private final String axisLabel;

	Experiment(String id, String title, String axisLabel) {
		this.id = id;
		this.title = title;
		this.axisLabel = axisLabel;
	}

	/**
	 * The experiment's name on the command line and in the CSV.
	 * @return the id
	 */
	public String id() {
		return this.id;
	}

	/**
	 * The experiment's heading in the report.
	 * @return the title
	 */
	public String title() {
		return this.title;
	}

	/**
	 * What varies, as the label of the chart's horizontal axis.
	 * @return the label
	 */
	public String axisLabel() {
		return this.axisLabel;
	}

	/**
	 * Whether the experiment varies a quantity over the scenarios' servers, reported in
	 * the report's scaling section.
	 * @return {@code true} for the routes, middlewares, body and connections experiments
	 */
	public boolean scaling() {
		return this == ROUTES || this == MIDDLEWARES || this == BODY || this == CONNECTIONS;
	}

	/**
	 * Whether the experiment holds connections open rather than sending requests with
	 * wrk: measured by {@link LiveBench} with its own client, and reported apart.
	 * @return {@code true} for the WebSocket, server-sent events and idle experiments
	 */
	public boolean live() {
		return this == WEBSOCKET || this == SSE || this == IDLE;
	}

	/**
	 * Finds an experiment by its id.
	 * @param id the id, such as {@code routes}
	 * @return the experiment
	 * @throws IllegalArgumentException if there is none
	 */
	public static Experiment fromId(String id) {
		String wanted = id.toLowerCase(Locale.ROOT);
		return Arrays.stream(values())
			.filter(experiment -> experiment.id.equals(wanted))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("unknown experiment '" + id + "', expected one of "
					+ Arrays.stream(values()).map(Experiment::id).toList()));
	}

}
