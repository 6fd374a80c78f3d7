package dev.fastro.perf.harness;

/**
 * A server to start for an experiment.
 *
 * @param kind which server
 * @param generatedRoutes generated routes to add to its table, 0 for none
 * @param protocol how it is reached: cleartext HTTP/1.1 except in the protocols
 * experiment
 * @param compression whether it compresses its answers (the compression experiment)
 * @param staticFiles whether it serves the run's {@link StaticFiles} (the static-files
 * experiment)
 */
public record ServerSpec(ServerKind kind, int generatedRoutes, Protocol protocol, boolean compression,
		boolean staticFiles) {

	/**
	 * A server that serves no static files.
	 * @param kind which server
	 * @param generatedRoutes generated routes to add to its table, 0 for none
	 * @param protocol how it is reached
	 * @param compression whether it compresses its answers
	 */
	public ServerSpec(ServerKind kind, int generatedRoutes, Protocol protocol, boolean compression) {
		this(kind, generatedRoutes, protocol, compression, false);
	}

	/**
	 * A server reached over cleartext HTTP/1.1, without compression.
	 * @param kind which server
	 * @param generatedRoutes generated routes to add to its table, 0 for none
	 */
	public ServerSpec(ServerKind kind, int generatedRoutes) {
		this(kind, generatedRoutes, Protocol.H1, false);
	}

	/**
	 * The server's row name in the report.
	 * @return the label
	 */
	public String label() {
		return this.kind.label();
	}
}
