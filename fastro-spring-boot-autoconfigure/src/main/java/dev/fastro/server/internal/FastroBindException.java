package dev.fastro.server.internal;

/**
 * Thrown by {@link FastroServer#start()} when the server cannot bind its address and
 * port, typically because another process is listening on the port.
 */
public final class FastroBindException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final String host;

	private final int port;

	/**
	 * @param host the address the server tried to bind
	 * @param port the port it tried to bind
	 * @param cause why binding failed
	 */
	public FastroBindException(String host, int port, Throwable cause) {
		super("Fastro could not bind " + host + ":" + port + ": " + cause.getMessage(), cause);
		this.host = host;
		this.port = port;
	}

	/** The address the server tried to bind. */
	public String host() {
		return this.host;
	}

	/** The port the server tried to bind. */
	public int port() {
		return this.port;
	}

}
