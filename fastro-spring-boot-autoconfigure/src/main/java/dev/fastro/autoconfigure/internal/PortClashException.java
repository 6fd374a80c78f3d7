package dev.fastro.autoconfigure.internal;

/**
 * Thrown at start-up when Fastro's server and Spring Boot's embedded web server (WebFlux
 * or MVC) would listen on the same port, as they do when neither {@code server.port} nor
 * {@code fastro.server.port} is set: both default to 8080.
 */
public final class PortClashException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final int port;

	/**
	 * @param port the port both servers would listen on
	 */
	public PortClashException(int port) {
		super("Fastro and the application's embedded web server would both listen on port " + port
				+ ": set server.port or fastro.server.port to another port");
		this.port = port;
	}

	/** The port both servers would listen on. */
	public int getPort() {
		return this.port;
	}

}
