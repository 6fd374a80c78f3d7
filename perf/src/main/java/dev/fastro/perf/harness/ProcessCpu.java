package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Reads the CPU time a process has used from {@code /proc/PID/stat}: user plus system
 * time of all its threads, in clock ticks ({@code getconf CLK_TCK}, almost always 100, so
 * 10 ms granularity; a measured window of seconds keeps that error well under 1%).
 */
public final class ProcessCpu {

	/** The kernel's clock-tick rate, read once. */
	private static volatile long ticksPerSecond;

	private ProcessCpu() {
	}

	/**
	 * The CPU time a process has used so far.
	 * @param pid the process
	 * @return user plus system time of its threads, in clock ticks
	 * @throws IOException if the process is gone or {@code /proc} cannot be read
	 */
	public static long ticks(long pid) throws IOException {
		return ticks(Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8));
	}

	/**
	 * Parses a {@code /proc/PID/stat} line. The second field, the command name in
	 * parentheses, may itself contain spaces and parentheses, so the fields are counted
	 * from the last {@code ')'}: after it come the state (field 3), ..., utime (field 14)
	 * and stime (field 15).
	 * @param stat the line
	 * @return utime plus stime, in clock ticks
	 * @throws IllegalArgumentException if the line is not a stat line
	 */
	static long ticks(String stat) {
		int close = stat.lastIndexOf(')');
		if (close < 0) {
			throw new IllegalArgumentException("no command name in /proc stat line: " + stat);
		}
		String[] fields = stat.substring(close + 1).trim().split("\\s+");
		// fields[0] is field 3 (state), so field n is fields[n - 3].
		if (fields.length < 13) {
			throw new IllegalArgumentException("too few fields in /proc stat line: " + stat);
		}
		try {
			return Long.parseLong(fields[14 - 3]) + Long.parseLong(fields[15 - 3]);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("utime or stime is not a number in /proc stat line: " + stat, ex);
		}
	}

	/**
	 * The kernel's clock ticks per second, from {@code getconf CLK_TCK}, read on first
	 * use.
	 * @return the rate
	 * @throws IOException if getconf cannot be run or prints no positive number
	 * @throws InterruptedException if interrupted while waiting for it
	 */
	public static long ticksPerSecond() throws IOException, InterruptedException {
		long rate = ticksPerSecond;
		if (rate == 0) {
			Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
			String output = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
			if (!getconf.waitFor(10, TimeUnit.SECONDS) || getconf.exitValue() != 0) {
				throw new IOException("getconf CLK_TCK failed: " + output);
			}
			try {
				rate = Long.parseLong(output);
			}
			catch (NumberFormatException ex) {
				throw new IOException("getconf CLK_TCK printed '" + output + "'", ex);
			}
			if (rate <= 0) {
				throw new IOException("getconf CLK_TCK printed " + rate);
			}
			ticksPerSecond = rate;
		}
		return rate;
	}

}
