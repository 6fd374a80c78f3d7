package dev.fastro.perf.harness;

import java.util.List;

import dev.fastro.perf.Workload;

/**
 * A request and the answer it must get: what the harness verifies before it measures. For
 * a path with random ids the answer is that to the target's id, and {@link #samples()}
 * gives the others.
 *
 * @param request the request
 * @param expected the answer, byte for byte
 */
public record Probe(Request request, ExpectedResponse expected) {

	/**
	 * The concrete requests to verify: this probe, or for a path with random ids a sample
	 * of ids, each with its own expected answer ({@link RandomIds#answer(long)} as the
	 * body).
	 * @return the probes, each with a fixed target
	 */
	public List<Probe> samples() {
		RandomIds ids = this.request.ids();
		if (ids == null) {
			return List.of(this);
		}
		return ids.sample()
			.stream()
			.map(id -> new Probe(ids.request(id), this.expected.withBody(ids.answer(id))))
			.toList();
	}

	/**
	 * This probe as a server must answer it: the same, except that a text answer carries
	 * the server's own spelling of the text content type (see
	 * {@link ServerKind#textContentType()}).
	 * @param kind the server
	 * @return the probe the server's answers are checked against
	 */
	public Probe forServer(ServerKind kind) {
		if (Workload.TEXT_PLAIN.equals(this.expected.contentType())
				&& !kind.textContentType().equals(Workload.TEXT_PLAIN)) {
			return new Probe(this.request, this.expected.withContentType(kind.textContentType()));
		}
		return this;
	}

}
