package dev.fastro.perf.harness;

import java.util.List;

/**
 * The JVM flags every server runs with, the same for all so only the code differs.
 */
public final class JvmFlags {

	/**
	 * A fixed heap, the serial collector (what the JVM picks on one core anyway, stated
	 * so it cannot change), one visible core to match the {@code taskset} pinning, and
	 * one Reactor Netty event-loop thread (Reactor Netty's documented knob; it would
	 * otherwise use at least 4).
	 */
	public static final List<String> SERVER = List.of("-Xms512m", "-Xmx512m", "-XX:+UseSerialGC",
			"-XX:ActiveProcessorCount=1", "-Dreactor.netty.ioWorkerCount=1");

	private JvmFlags() {
	}

}
