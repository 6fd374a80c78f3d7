package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a process's resident memory from {@code /proc/PID/status}: {@code VmRSS}, the
 * pages of the whole process (heap, metaspace, code cache, thread stacks, mapped
 * libraries) that are in RAM right now, and {@code VmHWM}, the most there have been at
 * once, since the process started or since {@link #resetPeak(long)}.
 */
public final class ProcessMemory {

	private static final String VM_RSS = "VmRSS:";

	private static final String VM_HWM = "VmHWM:";

	private ProcessMemory() {
	}

	/**
	 * The resident memory of a process.
	 * @param pid the process
	 * @return its resident set size in KiB
	 * @throws IOException if the process is gone or {@code /proc} cannot be read
	 */
	public static long rssKilobytes(long pid) throws IOException {
		return rssKilobytes(status(pid));
	}

	/**
	 * Parses the {@code VmRSS:} line of a {@code /proc/PID/status} file, such as
	 * {@code VmRSS:\t  123456 kB}. The kernel always states it in kB (KiB).
	 * @param status the file's content
	 * @return the resident set size in KiB
	 * @throws IllegalArgumentException if there is no such line (a zombie or a kernel
	 * thread has none) or it is not a number of kB
	 */
	static long rssKilobytes(String status) {
		return kilobytes(status, VM_RSS);
	}

	/**
	 * The peak resident memory of a process: its high-water mark.
	 * @param pid the process
	 * @return {@code VmHWM} in KiB
	 * @throws IOException if the process is gone or {@code /proc} cannot be read
	 */
	public static long peakKilobytes(long pid) throws IOException {
		return peakKilobytes(status(pid));
	}

	/**
	 * Parses the {@code VmHWM:} line of a {@code /proc/PID/status} file.
	 * @param status the file's content
	 * @return the peak resident set size in KiB
	 * @throws IllegalArgumentException if there is no such line or it is not a number of
	 * kB
	 */
	static long peakKilobytes(String status) {
		return kilobytes(status, VM_HWM);
	}

	/**
	 * Sets a process's high-water mark back to its resident memory now, so that the next
	 * {@link #peakKilobytes(long)} is the peak since this call: the kernel does so when
	 * {@code 5} is written to {@code /proc/PID/clear_refs} (Linux 4.0 and later; the
	 * process must be this user's).
	 * @param pid the process
	 * @throws IOException if the kernel refuses
	 */
	public static void resetPeak(long pid) throws IOException {
		Files.writeString(Path.of("/proc", Long.toString(pid), "clear_refs"), "5", StandardCharsets.US_ASCII);
	}

	private static String status(long pid) throws IOException {
		return Files.readString(Path.of("/proc", Long.toString(pid), "status"), StandardCharsets.UTF_8);
	}

	private static long kilobytes(String status, String key) {
		String name = key.substring(0, key.length() - 1);
		for (String line : status.split("\n")) {
			if (!line.startsWith(key)) {
				continue;
			}
			String[] fields = line.substring(key.length()).trim().split("\\s+");
			if (fields.length != 2 || !fields[1].equals("kB")) {
				throw new IllegalArgumentException(name + " is not a number of kB: " + line);
			}
			try {
				return Long.parseLong(fields[0]);
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException(name + " is not a number of kB: " + line, ex);
			}
		}
		throw new IllegalArgumentException("no " + name + " line in /proc status");
	}

}
