package dev.fastro.perf.harness;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Prints what the harness is doing and how long the rest should take. The estimate scales
 * the planned time still to go by how long the planned time so far really took, so slow
 * server starts and wrk overheads correct it as the run goes on.
 */
final class Progress {

	private final PrintStream out;

	private final double plannedSeconds;

	private final int plannedRuns;

	private final long start = System.nanoTime();

	private double doneSeconds;

	private int doneRuns;

	Progress(PrintStream out, double plannedSeconds, int plannedRuns) {
		this.out = out;
		this.plannedSeconds = plannedSeconds;
		this.plannedRuns = plannedRuns;
	}

	/** Says what is about to happen and how much is left. */
	void starting(String what) {
		this.out.printf(Locale.ROOT, "[%3d/%d %3.0f%%, ~%s left] %s%n", this.doneRuns + 1, this.plannedRuns,
				100 * this.doneSeconds / this.plannedSeconds, duration(remainingSeconds()), what);
	}

	/** Prints a result or a note under the current step. */
	void note(String text) {
		this.out.println("            " + text);
	}

	/**
	 * Records that a step planned to take {@code seconds} is over, and the measured runs
	 * it made.
	 */
	void finished(double seconds, int runs) {
		this.doneSeconds += seconds;
		this.doneRuns += runs;
	}

	/** Time since the start. */
	double elapsedSeconds() {
		return (System.nanoTime() - this.start) / 1e9;
	}

	private double remainingSeconds() {
		double left = Math.max(0, this.plannedSeconds - this.doneSeconds);
		return (this.doneSeconds > 0) ? left * elapsedSeconds() / this.doneSeconds : left;
	}

	static String duration(double seconds) {
		long total = Math.round(seconds);
		return (total >= 60) ? String.format(Locale.ROOT, "%dm%02ds", total / 60, total % 60) : total + "s";
	}

}
