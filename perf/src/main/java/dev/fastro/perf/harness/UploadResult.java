package dev.fastro.perf.harness;

/**
 * One upload as the client saw it.
 *
 * @param framing how the body was framed
 * @param bytes the body's length
 * @param nanos from just before the request's head was written to the last byte of the
 * answer; 0 if it never started
 * @param writeNanos from the same start to the last byte of the body written (the server
 * reads what is left in the socket buffers after it)
 * @param status the answer's status, 0 without one
 * @param answer the answer's body, empty without one
 * @param error what went wrong on the way, {@code null} if nothing did
 */
record UploadResult(UploadFraming framing, long bytes, long nanos, long writeNanos, int status, String answer,
		String error) {

	private static final double MIB = 1024 * 1024;

	/**
	 * What is wrong with this upload, if anything: an error, another status than 200, or
	 * another answer than expected.
	 * @param expectedAnswer the length and digest the server must answer
	 * @return the problem, {@code null} when the server took the whole body and answered
	 * it right
	 */
	String problem(String expectedAnswer) {
		if (this.error != null) {
			return this.error + ((this.status != 0) ? "; answer " + this.status + " " + abbreviated() : "");
		}
		if (this.status != 200) {
			return "answer " + this.status + " " + abbreviated();
		}
		if (!this.answer.equals(expectedAnswer)) {
			return "answer '" + abbreviated() + "', expected '" + expectedAnswer + "'";
		}
		return null;
	}

	/**
	 * The throughput, in MiB (2^20 bytes) per second of the whole exchange.
	 * @return MiB/s, NaN if it never started
	 */
	double mibPerSecond() {
		return (this.nanos > 0) ? this.bytes / MIB / (this.nanos / 1e9) : Double.NaN;
	}

	/**
	 * The exchange's wall time.
	 * @return seconds
	 */
	double seconds() {
		return this.nanos / 1e9;
	}

	private String abbreviated() {
		return (this.answer.length() > 200) ? this.answer.substring(0, 200) + "..." : this.answer;
	}

}
