package dev.fastro.autoconfigure.internal;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import dev.fastro.http.Middleware;
import dev.fastro.http.Route;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.ServedRoute;
import dev.fastro.http.internal.WebSocketEndpoint;
import dev.fastro.router.internal.RouteOverlap;
import dev.fastro.router.internal.RouteOverlaps;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * What a dispatcher serves, for the start-up log of the logger {@value #LOGGER}: one
 * table of every route with where it was declared, its middleware chain and its options,
 * and the routes that overlap, found as it logs. An overlap the router decides between
 * parameters or by a catch-all, and a route that can never be reached, is a warning; a
 * static segment beating a parameter, as {@code /users/me} beside {@code /users/{id}}, is
 * the routine rule users write on purpose, listed at debug level only.
 */
public final class RouteReport {

	/** The logger of the report and of the overlap warnings. */
	public static final String LOGGER = "dev.fastro.routes";

	private static final Log logger = LogFactory.getLog(LOGGER);

	private static final String[] HEADINGS = { "METHOD", "PATTERN", "DECLARED BY", "CHAIN", "OPTIONS" };

	private final Dispatcher dispatcher;

	private final Map<Middleware, String> beanNames = new IdentityHashMap<>();

	private final boolean routesAtInfo;

	/**
	 * @param dispatcher the dispatcher whose routes to report
	 * @param middlewareBeans the global middleware beans by bean name
	 * @param routesAtInfo whether the table is logged at info level rather than debug
	 * level
	 */
	public RouteReport(Dispatcher dispatcher, Map<String, Middleware> middlewareBeans, boolean routesAtInfo) {
		this.dispatcher = dispatcher;
		middlewareBeans.forEach((name, bean) -> this.beanNames.put(bean, name));
		this.routesAtInfo = routesAtInfo;
	}

	/**
	 * Logs the report: the table at info or debug level; a warning for each surprising
	 * overlap, the others at debug level.
	 */
	public void log() {
		List<ServedRoute> served = this.dispatcher.served();
		if (this.routesAtInfo ? logger.isInfoEnabled() : logger.isDebugEnabled()) {
			String table = table(served.stream().map(this::row).toList());
			if (this.routesAtInfo) {
				logger.info(table);
			}
			else {
				logger.debug(table);
			}
		}
		Map<Object, String> origins = origins(served);
		for (RouteOverlap<?> overlap : RouteOverlaps.of(this.dispatcher.router())) {
			if (overlap.isSurprising()) {
				logger.warn(describe(overlap, origins));
			}
			else if (logger.isDebugEnabled()) {
				logger.debug(describe(overlap, origins));
			}
		}
	}

	/**
	 * Where each route the router holds was declared, such as
	 * {@code bean 'users', route #3}, by its target: the router holds the routes in the
	 * order the dispatcher serves them.
	 */
	private Map<Object, String> origins(List<ServedRoute> served) {
		List<? extends dev.fastro.router.internal.Route<?>> routes = this.dispatcher.router().routes();
		Map<Object, String> origins = new IdentityHashMap<>();
		for (int i = 0; i < routes.size(); i++) {
			origins.put(routes.get(i).target(), served.get(i).origin());
		}
		return origins;
	}

	/** The cells of one route in the table. */
	private String[] row(ServedRoute served) {
		Route route = served.route();
		List<String> chain = RouteMappings.chain(served, this.beanNames);
		List<String> options = new ArrayList<>();
		if (route.handler() instanceof WebSocketEndpoint) {
			options.add("WebSocket");
		}
		if (route.blocking()) {
			options.add("blocking");
		}
		if (route.streaming()) {
			options.add("streaming");
		}
		if (route.maxBodySize() >= 0) {
			options.add("max body " + dataSize(route.maxBodySize()));
		}
		if (route.timeout() != null) {
			long millis = route.timeout().toMillis();
			options.add("timeout " + ((millis % 1000 == 0) ? (millis / 1000) + "s" : millis + "ms"));
		}
		if (route.maxInFlight() > 0) {
			options.add("max in flight " + route.maxInFlight());
		}
		if (route.neverShed()) {
			options.add("never shed");
		}
		return new String[] { route.method(), route.pattern(), served.source(),
				chain.isEmpty() ? "-" : String.join(" > ", chain), String.join(", ", options) };
	}

	private static String dataSize(long bytes) {
		if (bytes > 0 && bytes % (1L << 20) == 0) {
			return (bytes >> 20) + "MB";
		}
		if (bytes > 0 && bytes % (1L << 10) == 0) {
			return (bytes >> 10) + "KB";
		}
		return bytes + "B";
	}

	/** The table of every route, one aligned line each. */
	private static String table(List<String[]> rows) {
		List<String[]> lines = new ArrayList<>(rows.size() + 1);
		lines.add(HEADINGS);
		lines.addAll(rows);
		int[] widths = new int[HEADINGS.length];
		for (String[] line : lines) {
			for (int i = 0; i < widths.length; i++) {
				widths[i] = Math.max(widths[i], line[i].length());
			}
		}
		StringBuilder table = new StringBuilder("Fastro routes (").append(rows.size()).append("):");
		for (String[] cells : lines) {
			StringBuilder line = new StringBuilder();
			for (int i = 0; i < widths.length; i++) {
				line.append("  ").append(cells[i]).append(" ".repeat(widths[i] - cells[i].length()));
			}
			table.append(System.lineSeparator()).append(line.toString().stripTrailing());
		}
		return table.toString();
	}

	/** One overlap, naming both routes with where they were declared. */
	private static String describe(RouteOverlap<?> overlap, Map<Object, String> origins) {
		String pair = named(overlap.first(), origins) + " and " + named(overlap.second(), origins);
		String method = overlap.first().method();
		if (overlap.example() == null) {
			return "Routes may overlap for " + method + ": " + pair
					+ " have regexes that cannot be compared; on a path both match, the router takes the one "
					+ "its priority rules put first";
		}
		String description = "Routes overlap for " + method + ": " + pair + " both match " + overlap.example()
				+ ", which " + named(overlap.winner(), origins) + " takes";
		if (overlap.unreachable() != null) {
			description += "; " + named(overlap.unreachable(), origins) + " is never reached, as the other takes "
					+ "every path it matches";
		}
		return description;
	}

	private static String named(dev.fastro.router.internal.Route<?> route, Map<Object, String> origins) {
		return "'" + route.pattern() + "' (" + origins.get(route.target()) + ")";
	}

}
