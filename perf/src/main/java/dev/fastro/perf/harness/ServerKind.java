package dev.fastro.perf.harness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The servers of the comparison: which {@code main} each one runs and how it is told its
 * port and its route-table size.
 */
public enum ServerKind {

	/** Idiomatic Reactor Netty with {@code if} dispatch: the 100% line. */
	NATIVE("native", "Native", "dev.fastro.perf.servers.NativeServer"),

	/**
	 * Reactor Netty's {@code HttpServer.route(...)}: the native row of the route-count
	 * experiment.
	 */
	NATIVE_ROUTED("native-routed", "Native (HttpServer.route)", "dev.fastro.perf.servers.NativeRoutedServer"),

	/** The Fastro perf app, wired through the starter. */
	FASTRO("fastro", "Fastro", "dev.fastro.perf.fastro.FastroPerfApp"),

	/** The same app with its route cache off. */
	FASTRO_NO_CACHE("fastro-nocache", "Fastro (cache off)", "dev.fastro.perf.fastro.FastroPerfApp"),

	/** Spring WebFlux functional endpoints. */
	WEBFLUX("webflux", "WebFlux fn", "dev.fastro.perf.webflux.WebFluxServer"),

	/** A bare Netty pipeline: the ceiling. */
	RAW("raw", "Raw Netty", "dev.fastro.perf.servers.RawNettyServer");

	private final String id;

	private final String label;

	private final String mainClass;

	ServerKind(String id, String label, String mainClass) {
		this.id = id;
		this.label = label;
		this.mainClass = mainClass;
	}

	/**
	 * The server's name on the command line.
	 * @return the id
	 */
	public String id() {
		return this.id;
	}

	/**
	 * The server's row name in the report.
	 * @return the label
	 */
	public String label() {
		return this.label;
	}

	/**
	 * The class whose {@code main} runs the server.
	 * @return the class name
	 */
	public String mainClass() {
		return this.mainClass;
	}

	/**
	 * Whether the server is a Spring Boot application, which takes longer to start.
	 * @return {@code true} for the Fastro and WebFlux apps
	 */
	public boolean spring() {
		return this == FASTRO || this == FASTRO_NO_CACHE || this == WEBFLUX;
	}

	/**
	 * The server's program arguments.
	 * @param port the port to listen on
	 * @param generatedRoutes how many generated routes to add (route-count experiment), 0
	 * for none
	 * @return the arguments
	 */
	public List<String> arguments(int port, int generatedRoutes) {
		List<String> args = new ArrayList<>();
		switch (this) {
			case NATIVE, RAW -> args.add("--port=" + port);
			case NATIVE_ROUTED -> {
				args.add("--port=" + port);
				args.add("--perf.routes=" + generatedRoutes);
			}
			case FASTRO, FASTRO_NO_CACHE -> {
				args.add("--fastro.server.port=" + port);
				args.add("--fastro.server.event-loop-threads=1");
				args.add("--perf.routes=" + generatedRoutes);
				if (this == FASTRO_NO_CACHE) {
					args.add("--fastro.router.cache.enabled=false");
				}
			}
			case WEBFLUX -> {
				args.add("--server.port=" + port);
				// The Fastro starter is on the class path too; this application must not
				// start it.
				args.add("--fastro.enabled=false");
			}
		}
		return args;
	}

	/**
	 * Finds a server by its command-line id.
	 * @param id the id, such as {@code webflux}
	 * @return the server
	 * @throws IllegalArgumentException if there is none
	 */
	public static ServerKind fromId(String id) {
		String wanted = id.toLowerCase(Locale.ROOT);
		return Arrays.stream(values())
			.filter(kind -> kind.id.equals(wanted))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("unknown server '" + id + "', expected one of "
					+ Arrays.stream(values()).map(ServerKind::id).toList()));
	}

}
