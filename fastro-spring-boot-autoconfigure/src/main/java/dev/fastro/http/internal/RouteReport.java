package dev.fastro.http.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.fastro.http.Route;
import dev.fastro.router.internal.RouteOverlap;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * What a dispatcher serves, for the start-up log of the logger {@value #LOGGER}: one
 * table of every route with where it was declared, its middleware chain and its options,
 * and the routes that overlap. An overlap the router decides between parameters or by a
 * catch-all, and a route that can never be reached, is a warning; a static segment
 * beating a parameter, as {@code /users/me} beside {@code /users/{id}}, is the routine
 * rule users write on purpose, listed at debug level only.
 */
public final class RouteReport {

	/** The logger of the report and of the overlap warnings. */
	public static final String LOGGER = "dev.fastro.routes";

	private static final Log logger = LogFactory.getLog(LOGGER);

	private static final String[] HEADINGS = { "METHOD", "PATTERN", "DECLARED BY", "CHAIN", "OPTIONS" };

	private final List<String[]> rows;

	private final List<RouteOverlap<?>> overlaps;

	private final Map<?, String> origins;

	/**
	 * @param rows the cells of each route, as {@link #row} makes them
	 * @param overlaps the overlapping routes
	 * @param origins where each route's target was declared, such as
	 * {@code bean 'users', route #3}
	 */
	RouteReport(List<String[]> rows, List<? extends RouteOverlap<?>> overlaps, Map<?, String> origins) {
		this.rows = rows;
		this.overlaps = List.copyOf(overlaps);
		this.origins = origins;
	}

	/**
	 * The cells of one route in the table.
	 * @param route the route as declared
	 * @param declaredBy the name of the Routes bean that declared it
	 * @param global the names of the global middleware around it, outermost first
	 */
	static String[] row(Route route, String declaredBy, List<String> global) {
		List<String> chain = new ArrayList<>(global);
		route.middleware().forEach((middleware) -> chain.add(readableName(middleware)));
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
		return new String[] { route.method(), route.pattern(), declaredBy,
				chain.isEmpty() ? "-" : String.join(" > ", chain), String.join(", ", options) };
	}

	/**
	 * A name a reader recognises for middleware that is no bean: its class's simple name,
	 * or where a lambda or an anonymous class was written.
	 */
	static String readableName(Object middleware) {
		Class<?> type = middleware.getClass();
		int lambda = type.getName().indexOf("$$Lambda");
		if (lambda >= 0) {
			return "lambda in " + simpleName(type.getName().substring(0, lambda));
		}
		if (type.isAnonymousClass()) {
			return "anonymous class in " + simpleName(type.getName().substring(0, type.getName().lastIndexOf('$')));
		}
		return simpleName(type.getName());
	}

	/** The name of a class without its package or enclosing classes. */
	private static String simpleName(String binaryName) {
		return binaryName.substring(Math.max(binaryName.lastIndexOf('.'), binaryName.lastIndexOf('$')) + 1);
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

	/**
	 * Logs the report: the table at info level when {@code routesAtInfo}, else at debug
	 * level; a warning for each surprising overlap, the others at debug level.
	 */
	public void log(boolean routesAtInfo) {
		if (routesAtInfo ? logger.isInfoEnabled() : logger.isDebugEnabled()) {
			String table = table();
			if (routesAtInfo) {
				logger.info(table);
			}
			else {
				logger.debug(table);
			}
		}
		for (RouteOverlap<?> overlap : this.overlaps) {
			if (overlap.isSurprising()) {
				logger.warn(describe(overlap));
			}
			else if (logger.isDebugEnabled()) {
				logger.debug(describe(overlap));
			}
		}
	}

	/** The table of every route, one aligned line each. */
	String table() {
		List<String[]> lines = new ArrayList<>(this.rows.size() + 1);
		lines.add(HEADINGS);
		lines.addAll(this.rows);
		int[] widths = new int[HEADINGS.length];
		for (String[] line : lines) {
			for (int i = 0; i < widths.length; i++) {
				widths[i] = Math.max(widths[i], line[i].length());
			}
		}
		StringBuilder table = new StringBuilder("Fastro routes (").append(this.rows.size()).append("):");
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
	String describe(RouteOverlap<?> overlap) {
		String pair = named(overlap.first()) + " and " + named(overlap.second());
		String method = overlap.first().method();
		if (overlap.example() == null) {
			return "Routes may overlap for " + method + ": " + pair
					+ " have regexes that cannot be compared; on a path both match, the router takes the one "
					+ "its priority rules put first";
		}
		String description = "Routes overlap for " + method + ": " + pair + " both match " + overlap.example()
				+ ", which " + named(overlap.winner()) + " takes";
		if (overlap.unreachable() != null) {
			description += "; " + named(overlap.unreachable()) + " is never reached, as the other takes "
					+ "every path it matches";
		}
		return description;
	}

	private String named(dev.fastro.router.internal.Route<?> route) {
		return "'" + route.pattern() + "' (" + this.origins.get(route.target()) + ")";
	}

}
