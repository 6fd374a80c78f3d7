package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a process's resident memory from {@code /proc/PID/status}: {@code VmRSS}, the
 * pages of the whole process (heap, metaspace, code cache, thread stacks, mapped
 * libraries) that are in RAM right now.
 */
public final class ProcessMemory {

	private static final String VM_RSS = "VmRSS:";

	private ProcessMemory() {
	}

	/**
	 * The resident memory of a process.
	 * @param pid the process
	 * @return its resident set size in KiB
	 * @throws IOException if the process is gone or {@code /proc} cannot be read
	 */
	public static long rssKilobytes(long pid) throws IOException {
		return rssKilobytes(Files.readString(Path.of("/proc", Long.toString(pid), "status"), StandardCharsets.UTF_8));
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
		for (String line : status.split("\n")) {
			if (!line.startsWith(VM_RSS)) {
				continue;
			}
			String[] fields = line.substring(VM_RSS.length()).trim().split("\\s+");
			if (fields.length != 2 || !fields[1].equals("kB")) {
				throw new IllegalArgumentException("VmRSS is not a number of kB: " + line);
			}
			try {
				return Long.parseLong(fields[0]);
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException("VmRSS is not a number of kB: " + line, ex);
			}
		}
		throw new IllegalArgumentException("no VmRSS line in /proc status");
	}

}
