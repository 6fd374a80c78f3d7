package dev.fastro.perf.harness;

/**
 * What wrk sends on each connection: a probe's request, one at a time or pipelined.
 *
 * @param probe the request and the answer it must get
 * @param pipeline requests per write: 1, or {@link WrkScript#PIPELINE_DEPTH} when
 * pipelined
 */
public record Load(Probe probe, int pipeline) {

	/**
	 * Checks the depth.
	 */
	public Load {
		if (pipeline < 1) {
			throw new IllegalArgumentException("pipeline depth must be at least 1, not " + pipeline);
		}
	}

	/**
	 * The request.
	 * @return the probe's request
	 */
	public Request request() {
		return this.probe.request();
	}

	/**
	 * Whether more than one request goes out per write.
	 * @return {@code true} if pipelined
	 */
	public boolean pipelined() {
		return this.pipeline > 1;
	}
}
