package dev.fastro.perf.harness;

/**
 * A server to start for an experiment.
 *
 * @param kind which server
 * @param generatedRoutes generated routes to add to its table, 0 for none
 */
public record ServerSpec(ServerKind kind, int generatedRoutes) {

	/**
	 * The server's row name in the report.
	 * @return the label
	 */
	public String label() {
		return this.kind.label();
	}
}
