package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The heap a server's JVM uses after a full collection, through the JDK's {@code jcmd}:
 * {@code GC.run}, then {@code GC.heap_info}, whose lines of the heap's spaces (for the
 * serial collector the young and the tenured generation) each say
 * {@code total NK, used NK}.
 */
final class HeapInfo {

	private static final Pattern USED = Pattern.compile("total \\d+K, used (\\d+)K");

	private HeapInfo() {
	}

	/**
	 * Collects the garbage of a JVM fully and reads the heap it still uses.
	 * @param pid the JVM
	 * @return the heap in use, in KiB
	 * @throws IOException if {@code jcmd} fails or prints no heap
	 * @throws InterruptedException if interrupted while waiting for it
	 */
	static long usedAfterFullGc(long pid) throws IOException, InterruptedException {
		jcmd(pid, "GC.run");
		return usedKilobytes(jcmd(pid, "GC.heap_info"));
	}

	/**
	 * Parses {@code GC.heap_info}'s output: the sum of the spaces' {@code used}, leaving
	 * out the metaspace, which is no heap (its line has no {@code total}).
	 * @param heapInfo the output
	 * @return the heap in use, in KiB
	 * @throws IllegalArgumentException if the output names no space
	 */
	static long usedKilobytes(String heapInfo) {
		Matcher used = USED.matcher(heapInfo);
		long sum = 0;
		boolean any = false;
		while (used.find()) {
			sum += Long.parseLong(used.group(1));
			any = true;
		}
		if (!any) {
			throw new IllegalArgumentException("no 'total NK, used NK' in GC.heap_info's output: " + heapInfo);
		}
		return sum;
	}

	private static String jcmd(long pid, String command) throws IOException, InterruptedException {
		Path jdk = Path.of(System.getProperty("java.home"), "bin", "jcmd");
		String program = Files.isExecutable(jdk) ? jdk.toString() : "jcmd";
		Process jcmd = new ProcessBuilder(program, Long.toString(pid), command).redirectErrorStream(true).start();
		String output = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (!jcmd.waitFor(60, TimeUnit.SECONDS) || jcmd.exitValue() != 0) {
			throw new IOException("jcmd " + pid + " " + command + " failed: " + output);
		}
		return output;
	}

}
