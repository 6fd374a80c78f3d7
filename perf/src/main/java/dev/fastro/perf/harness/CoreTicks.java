package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How much of one core's time had been spent, read from its {@code cpuN} line of
 * {@code /proc/stat}, in clock ticks: busy (user, nice, system, irq, softirq and steal)
 * and in all (idle and iowait besides). Two readings around a run tell how busy wrk's
 * core was: near 100%, wrk could go no faster, and the throughput it measured is its own
 * limit rather than the server's.
 *
 * @param busy the ticks the core was busy
 * @param total all the ticks counted
 */
public record CoreTicks(long busy, long total) {

	/**
	 * Reads a core's ticks so far.
	 * @param cpu the core
	 * @return its ticks
	 * @throws IOException if {@code /proc/stat} cannot be read or has no line for the
	 * core
	 */
	public static CoreTicks read(int cpu) throws IOException {
		try {
			return parse(Files.readString(Path.of("/proc/stat"), StandardCharsets.US_ASCII), cpu);
		}
		catch (IllegalArgumentException ex) {
			throw new IOException(ex.getMessage(), ex);
		}
	}

	/**
	 * Parses a core's line of {@code /proc/stat}:
	 * {@code cpuN user nice system idle iowait irq softirq steal ...}.
	 * @param procStat the file's text
	 * @param cpu the core
	 * @return its ticks
	 * @throws IllegalArgumentException if the text has no such line, or a malformed one
	 */
	static CoreTicks parse(String procStat, int cpu) {
		String prefix = "cpu" + cpu + " ";
		for (String line : procStat.split("\n")) {
			if (line.startsWith(prefix)) {
				String[] fields = line.substring(prefix.length()).trim().split("\\s+");
				if (fields.length < 8) {
					throw new IllegalArgumentException("too few fields in /proc/stat line: " + line);
				}
				long[] ticks = new long[8];
				for (int i = 0; i < ticks.length; i++) {
					ticks[i] = Long.parseLong(fields[i]);
				}
				long idle = ticks[3] + ticks[4];
				long busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7];
				return new CoreTicks(busy, busy + idle);
			}
		}
		throw new IllegalArgumentException("no line for cpu" + cpu + " in /proc/stat");
	}

	/**
	 * The share of the time since an earlier reading that the core was busy.
	 * @param before the earlier reading
	 * @return from 0 to 1, NaN when no tick has passed
	 */
	public double busySince(CoreTicks before) {
		long total = this.total - before.total;
		return (total > 0) ? (double) (this.busy - before.busy) / total : Double.NaN;
	}

}
