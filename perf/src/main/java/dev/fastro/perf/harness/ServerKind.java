package dev.fastro.perf.harness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.fastro.perf.Workload;

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

	/** The same app with its route cache on. */
	FASTRO_CACHE("fastro-cache", "Fastro (cache on)", "dev.fastro.perf.fastro.FastroPerfApp"),

	/**
	 * The same app with {@code fastro.server.http1-exchange=reactor-netty}, so that
	 * Reactor Netty's exchange serves its requests, as with HTTP/2 on: the path Fastro's
	 * own HTTP/1.1 exchange replaces.
	 */
	FASTRO_REACTOR_NETTY("fastro-reactor-netty", "Fastro (Reactor Netty's exchange)",
			"dev.fastro.perf.fastro.FastroPerfApp"),

	/**
	 * The demo app's executable jar as it ships ({@code java -jar}, its own
	 * {@code application.yml}, all its example routes): what independent runs measure as
	 * Fastro.
	 */
	FASTRO_DEMO("fastro-demo", "Fastro (demo app jar)", "dev.fastro.demo.DemoApplication"),

	/**
	 * The same app observing every request into a Prometheus registry: the cost of
	 * {@code http.server.requests}.
	 */
	FASTRO_METRICS("fastro-metrics", "Fastro + metrics", "dev.fastro.perf.fastro.FastroPerfApp"),

	/**
	 * The observed app with {@code fastro.metrics.route-cost.enabled}, which also records
	 * each request's CPU time and allocated bytes: what route cost adds to
	 * {@code fastro-metrics}, named beside it.
	 */
	FASTRO_ROUTE_COST("fastro-route-cost", "Fastro + metrics + route cost", "dev.fastro.perf.fastro.FastroPerfApp"),

	/**
	 * The same app with Netty's leak detection off through Spring Boot's own key, as
	 * Vert.x turns it off at start: what the detector, which samples one buffer in 128 at
	 * Boot's default, costs Fastro. A diagnosis, not a configuration Fastro ships.
	 */
	FASTRO_NO_LEAK_DETECTION("fastro-no-leak-detection", "Fastro (leak detection off)",
			"dev.fastro.perf.fastro.FastroPerfApp"),

	/**
	 * The Fastro perf app, unchanged, with Spring Security's JWT resource server on its
	 * class path and the run's public key: Fastro's own security, configured only through
	 * Spring Boot's keys. The security experiment only.
	 */
	FASTRO_SECURED("fastro-secured", "Fastro + Spring Security", "dev.fastro.perf.fastro.FastroPerfApp"),

	/**
	 * The Fastro perf app with load shedding, a fixed limit of
	 * {@link OverloadBench#MAX_IN_FLIGHT} requests in flight: the overload experiment
	 * only.
	 */
	FASTRO_SHEDDING("fastro-shedding", "Fastro + shedding", "dev.fastro.perf.fastro.FastroPerfApp"),

	/**
	 * The Fastro perf app with adaptive load shedding, a gradient limiter of at most
	 * {@link OverloadBench#ADAPTIVE_MAX_IN_FLIGHT} requests in flight: the overload
	 * experiment only.
	 */
	FASTRO_ADAPTIVE("fastro-adaptive", "Fastro + adaptive shedding", "dev.fastro.perf.fastro.FastroPerfApp"),

	/** Spring WebFlux functional endpoints. */
	WEBFLUX("webflux", "WebFlux fn", "dev.fastro.perf.webflux.WebFluxServer"),

	/**
	 * The WebFlux server, unchanged, with Spring Security's JWT resource server on its
	 * class path and the run's public key: Spring Boot's default security for a reactive
	 * resource server, every exchange authenticated. The security experiment only.
	 */
	WEBFLUX_SECURED("webflux-secured", "WebFlux fn + Spring Security", "dev.fastro.perf.webflux.WebFluxServer"),

	/** A bare Netty pipeline: the ceiling. */
	RAW("raw", "Raw Netty", "dev.fastro.perf.servers.RawNettyServer"),

	/**
	 * A bare Netty WebSocket echo, as Netty's example builds it: the ceiling of the
	 * WebSocket experiment, which it serves alone.
	 */
	RAW_WEBSOCKET("raw-websocket", "Raw Netty WebSocket", "dev.fastro.perf.servers.RawNettyWebSocketServer"),

	/**
	 * Peer: Vert.x Web 5, a {@code Router} on one event loop and the epoll transport, in
	 * its own module with its own Netty.
	 */
	VERTX("vertx", "Vert.x Web", "dev.fastro.perf.peers.VertxServer"),

	/** Peer: Javalin 7 on Jetty 12 with its defaults, in its own module. */
	JAVALIN("javalin", "Javalin", "dev.fastro.perf.peers.JavalinServer"),

	/**
	 * Peer: Spring MVC functional endpoints on Tomcat, Boot's default stack, on platform
	 * threads; in its own module, since Boot picks one web stack per class path.
	 */
	MVC("mvc", "Spring MVC fn", "dev.fastro.perf.peers.MvcServer"),

	/**
	 * Peer: the same Spring MVC application with
	 * {@code spring.threads.virtual.enabled=true}, on a JDK 21 or later.
	 */
	MVC_VIRTUAL("mvc-virtual", "Spring MVC fn (virtual threads)", "dev.fastro.perf.peers.MvcServer"),

	/**
	 * Peer: Helidon SE 4's WebServer on virtual threads, in its own module built with a
	 * JDK 21 or later.
	 */
	HELIDON("helidon", "Helidon SE", "dev.fastro.perf.peers.HelidonServer"),

	/**
	 * Debian's nginx serving a directory with {@code sendfile}: the 100% line of the
	 * static-files experiment, and no JVM ({@link NginxConfig}).
	 */
	NGINX("nginx", "nginx", null);

	/**
	 * Where the peers' modules are, relative to the repository root: each is built into
	 * {@code target/classes} and writes its run-time class path to
	 * {@code target/classpath.txt}.
	 */
	static final String PEERS_DIRECTORY = "perf/peers";

	/**
	 * The spelling of the text answers' content type that Jetty and Tomcat write whatever
	 * the application sets: they parse the media type and write it back without the
	 * space.
	 */
	static final String JETTY_TEXT_PLAIN = "text/plain;charset=utf-8";

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
	 * @return the class name, {@code null} for nginx
	 */
	public String mainClass() {
		return this.mainClass;
	}

	/**
	 * Whether the server is a program of its own rather than a JVM this harness starts
	 * with a {@code main} class.
	 * @return {@code true} for nginx
	 */
	public boolean external() {
		return this == NGINX;
	}

	/**
	 * Whether the server is another framework's, built in its own module under
	 * {@link #PEERS_DIRECTORY} with its own dependency versions.
	 * @return {@code true} for the peers
	 */
	public boolean peer() {
		return this == VERTX || this == JAVALIN || this == MVC || this == MVC_VIRTUAL || this == HELIDON;
	}

	/**
	 * The oldest Java feature release the server runs on: 21 for virtual threads and
	 * Helidon 4, 17 for the others. {@link JavaRuntime} picks a newer JDK for it when the
	 * harness's own is older.
	 * @return the Java version
	 */
	public int minimumJava() {
		return (this == MVC_VIRTUAL || this == HELIDON) ? 21 : 17;
	}

	/**
	 * Whether the server runs with Spring Security's JWT resource server, from the
	 * secured servers' module under {@link #PEERS_DIRECTORY}, which has no code of its
	 * own: its class path is the perf module's plus Spring Security.
	 * @return {@code true} for the secured Fastro and WebFlux servers
	 */
	public boolean secured() {
		return this == FASTRO_SECURED || this == WEBFLUX_SECURED;
	}

	/**
	 * The same server without security, the secured one's baseline.
	 * @return the plain server, or {@code null} for a server that is not secured
	 */
	public ServerKind unsecured() {
		return switch (this) {
			case FASTRO_SECURED -> FASTRO;
			case WEBFLUX_SECURED -> WEBFLUX;
			default -> null;
		};
	}

	/**
	 * The module directory under {@link #PEERS_DIRECTORY} of a peer or a secured server.
	 * @return the module's directory name, such as {@code vertx}
	 * @throws IllegalStateException if the server runs on the perf module's class path
	 */
	String peerModule() {
		if (secured()) {
			return "secured";
		}
		if (!peer()) {
			throw new IllegalStateException(this.id + " has no module of its own");
		}
		return (this == MVC_VIRTUAL) ? MVC.id : this.id;
	}

	/**
	 * How this server spells the content type of the text answers. Every server but
	 * Javalin and Spring MVC writes {@code Workload.TEXT_PLAIN} exactly; Jetty and Tomcat
	 * rewrite any content type with a charset into their canonical form, one byte
	 * shorter. The verification stays byte for byte, against this spelling.
	 * @return the content type of the text answers
	 */
	public String textContentType() {
		return (this == JAVALIN || this == MVC || this == MVC_VIRTUAL) ? JETTY_TEXT_PLAIN : Workload.TEXT_PLAIN;
	}

	/**
	 * Whether the server is a Spring Boot application, which takes longer to start.
	 * @return {@code true} for the Fastro, WebFlux and Spring MVC apps
	 */
	public boolean spring() {
		return this == FASTRO || this == FASTRO_CACHE || this == FASTRO_REACTOR_NETTY || this == FASTRO_METRICS
				|| this == FASTRO_ROUTE_COST || this == FASTRO_NO_LEAK_DETECTION || this == FASTRO_DEMO
				|| this == FASTRO_SECURED || this == FASTRO_SHEDDING || this == FASTRO_ADAPTIVE || this == WEBFLUX
				|| this == WEBFLUX_SECURED || this == MVC || this == MVC_VIRTUAL;
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
			case NATIVE, RAW, RAW_WEBSOCKET, VERTX, JAVALIN, HELIDON -> args.add("--port=" + port);
			// Its port is in its configuration file.
			case NGINX -> {
			}
			case NATIVE_ROUTED -> {
				args.add("--port=" + port);
				args.add("--perf.routes=" + generatedRoutes);
			}
			case FASTRO, FASTRO_CACHE, FASTRO_REACTOR_NETTY, FASTRO_METRICS, FASTRO_ROUTE_COST,
					FASTRO_NO_LEAK_DETECTION, FASTRO_SECURED, FASTRO_SHEDDING, FASTRO_ADAPTIVE -> {
				args.add("--fastro.server.port=" + port);
				args.add("--fastro.server.event-loop-threads=1");
				args.add("--perf.routes=" + generatedRoutes);
				if (this == FASTRO_CACHE) {
					args.add("--fastro.router.cache.enabled=true");
				}
				if (this == FASTRO_REACTOR_NETTY) {
					args.add("--fastro.server.http1-exchange=reactor-netty");
				}
				if (this == FASTRO_METRICS || this == FASTRO_ROUTE_COST) {
					args.add("--perf.metrics=true");
				}
				if (this == FASTRO_ROUTE_COST) {
					args.add("--fastro.metrics.route-cost.enabled=true");
				}
				if (this == FASTRO_NO_LEAK_DETECTION) {
					args.add("--spring.netty.leak-detection=disabled");
				}
				if (this == FASTRO_SHEDDING) {
					args.add("--" + OverloadBench.MAX_IN_FLIGHT_KEY + "=" + OverloadBench.MAX_IN_FLIGHT);
				}
				if (this == FASTRO_ADAPTIVE) {
					args.add("--" + OverloadBench.MAX_IN_FLIGHT_KEY + "=" + OverloadBench.ADAPTIVE_MAX_IN_FLIGHT);
					args.add("--" + OverloadBench.ADAPTIVE_KEY + "=true");
				}
			}
			// As it ships: its application.yml leaves the event loops to Reactor Netty,
			// which JvmFlags.SERVER sets to one.
			case FASTRO_DEMO -> args.add("--fastro.server.port=" + port);
			case MVC -> args.add("--server.port=" + port);
			case MVC_VIRTUAL -> {
				args.add("--server.port=" + port);
				args.add("--spring.threads.virtual.enabled=true");
			}
			case WEBFLUX, WEBFLUX_SECURED -> {
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
