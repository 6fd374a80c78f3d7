package dev.fastro.perf.harness;

/**
 * The CPU time a server used during one measured run: the difference of its user plus
 * system time read from {@code /proc/PID/stat} just before wrk started and just after it
 * ended.
 *
 * @param ticks clock ticks used during the run
 * @param ticksPerSecond the kernel's clock-tick rate ({@code getconf CLK_TCK}); 0 when
 * the time could not be read
 */
public record CpuTime(long ticks, long ticksPerSecond) {

	/** For a run whose server CPU time could not be read. */
	public static final CpuTime UNKNOWN = new CpuTime(0, 0);

	/**
	 * Whether the time was read.
	 * @return {@code true} if known
	 */
	public boolean known() {
		return this.ticksPerSecond > 0;
	}

	/**
	 * The CPU time in microseconds.
	 * @return the time, or NaN when unknown
	 */
	public double micros() {
		return known() ? this.ticks * 1_000_000.0 / this.ticksPerSecond : Double.NaN;
	}

	/**
	 * The CPU time per request served.
	 * @param requests requests the server answered during the run
	 * @return microseconds per request, or NaN when the time is unknown or there were no
	 * requests
	 */
	public double microsPerRequest(long requests) {
		return (known() && requests > 0) ? micros() / requests : Double.NaN;
	}
}
