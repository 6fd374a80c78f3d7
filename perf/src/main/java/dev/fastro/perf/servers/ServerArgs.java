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

	/**
	 * How the server is reached: {@code h1} (cleartext HTTP/1.1, the default),
	 * {@code h2c}, {@code tls} or {@code h2} (the protocols experiment).
	 */
	public static final String TRANSPORT = "transport";

	/** The PEM file of the TLS certificate, for the secure transports. */
	public static final String CERTIFICATE = "certificate";

	/** The PEM file of the TLS private key, for the secure transports. */
	public static final String PRIVATE_KEY = "private-key";

	/** Whether to compress answers (the compression experiment). */
	public static final String COMPRESS = "compress";

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

	/**
	 * Returns a text argument.
	 * @param key the argument's name, without the leading dashes
	 * @param defaultValue the value when the argument is absent
	 * @return the value
	 */
	public String value(String key, String defaultValue) {
		return this.values.getOrDefault(key, defaultValue);
	}

	/**
	 * Returns a text argument that must be there.
	 * @param key the argument's name, without the leading dashes
	 * @return the value
	 * @throws IllegalArgumentException naming the argument when it is absent
	 */
	public String required(String key) {
		String value = this.values.get(key);
		if (value == null) {
			throw new IllegalArgumentException("--" + key + "=... is required here");
		}
		return value;
	}

}
