package dev.fastro.perf.harness;

/**
 * A server's start-up time and resident memory, measured on the JVM its runs were made
 * on.
 *
 * @param startupMillis from just before the harness spawned the JVM to the first answer
 * to {@code GET /}, in milliseconds
 * @param rssKilobytes the JVM's resident memory ({@code VmRSS}) after warm-up, in KiB, or
 * -1 when it was not read (a server refused before warm-up)
 */
public record Footprint(double startupMillis, long rssKilobytes) {

	/** Nothing known: a run without a footprint, as in some tests. */
	public static final Footprint UNKNOWN = new Footprint(Double.NaN, -1);

	/**
	 * The same start-up with the resident memory after warm-up.
	 * @param kilobytes the resident memory in KiB
	 * @return the footprint
	 */
	Footprint withRss(long kilobytes) {
		return new Footprint(this.startupMillis, kilobytes);
	}

}
