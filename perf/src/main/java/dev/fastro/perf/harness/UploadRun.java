package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One measured upload of the bench, with what the server's process did meanwhile.
 *
 * @param round the round, from 1
 * @param server the server
 * @param result the upload as the client saw it
 * @param problem what was wrong with it, {@code null} if the server took the whole body
 * and answered its length and digest
 * @param cpu the server JVM's CPU time during the upload (all threads)
 * @param peakRssKilobytes the server's peak resident memory during the upload
 * ({@code VmHWM}, reset just before it), -1 if it could not be read
 * @param peakSinceStart whether the peak could not be reset, so that it is the peak of
 * the server's whole life, warm-up included
 * @param rssBeforeKilobytes the server's resident memory just before the upload, after
 * its warm-up, -1 if it could not be read
 * @param loadAverage the machine's 1-minute load average ({@code /proc/loadavg}) right
 * after the upload: what else ran on the shared cores, NaN if unknown
 * @param clientCpu the client's CPU time during the upload: this JVM's, all threads, and
 * with it the kernel's work of sending over loopback
 */
record UploadRun(int round, ServerKind server, UploadResult result, String problem, CpuTime cpu, long peakRssKilobytes,
		boolean peakSinceStart, long rssBeforeKilobytes, double loadAverage, CpuTime clientCpu) {

	/**
	 * Whether the server took the whole body and answered it right.
	 * @return {@code true} if so
	 */
	boolean valid() {
		return this.problem == null;
	}

	/**
	 * The framing of the upload.
	 * @return the framing
	 */
	UploadFraming framing() {
		return this.result.framing();
	}

	/**
	 * The server's CPU time during the upload, per GiB of body.
	 * @return seconds per GiB, NaN when unknown
	 */
	double cpuSecondsPerGib() {
		return this.cpu.micros() / 1e6 / (this.result.bytes() / (double) UploadOptions.GIB);
	}

	/**
	 * The share of the upload's wall time the server's JVM spent on a CPU: about 100%
	 * when the server's core was the bottleneck.
	 * @return the share, NaN when unknown
	 */
	double cpuBusy() {
		return this.cpu.micros() / 1e6 / this.result.seconds();
	}

	/**
	 * The share of the upload's wall time the client spent on a CPU: about 100% when the
	 * client's core was the bottleneck.
	 * @return the share, NaN when unknown
	 */
	double clientBusy() {
		return this.clientCpu.micros() / 1e6 / this.result.seconds();
	}

	/**
	 * The machine's 1-minute load average now.
	 * @return it, NaN if {@code /proc/loadavg} cannot be read
	 */
	static double loadAverageNow() {
		try {
			String line = Files.readString(Path.of("/proc/loadavg"));
			return Double.parseDouble(line.substring(0, line.indexOf(' ')));
		}
		catch (IOException | RuntimeException ex) {
			return Double.NaN;
		}
	}

}
