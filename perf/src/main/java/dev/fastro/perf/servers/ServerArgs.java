package dev.fastro.perf.servers;

import java.util.HashMap;
import java.util.Map;

/**
 * The {@code --key=value} arguments the harness passes to the plain (non-Spring) servers.
 * The Spring Boot servers take the same arguments as ordinary Spring properties, so every
 * server is started the same way.
 */
public final class ServerArgs {

	/** The port to listen on. */
	public static final String PORT = "port";

	/**
	 * How many generated {@code /r<i>/user/:id} routes to add to the table (route-count
	 * scaling).
	 */
	public static final String ROUTES = "perf.routes";

	private final Map<String, String> values = new HashMap<>();

	private ServerArgs(String[] args) {
		for (String arg : args) {
			if (!arg.startsWith("--") || arg.indexOf('=') < 0) {
				throw new IllegalArgumentException("expected --key=value, got " + arg);
			}
			int eq = arg.indexOf('=');
			this.values.put(arg.substring(2, eq), arg.substring(eq + 1));
		}
	}

	/**
	 * Parses the arguments of a server's {@code main}.
	 * @param args the command-line arguments
	 * @return the parsed arguments
	 */
	public static ServerArgs parse(String[] args) {
		return new ServerArgs(args);
	}

	/**
	 * Returns an integer argument.
	 * @param key the argument's name, without the leading dashes
	 * @param defaultValue the value when the argument is absent
	 * @return the value
	 */
	public int intValue(String key, int defaultValue) {
		String value = this.values.get(key);
		return (value != null) ? Integer.parseInt(value) : defaultValue;
	}

}
