package dev.fastro.perf.harness;

import java.util.ArrayList;
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

	/**
	 * {@link #SERVER}'s flags with another fixed heap, such as the upload bench's 64 MB.
	 * The JVM's limit on direct memory, which Netty's buffers count against, follows the
	 * heap's maximum unless set on its own.
	 * @param size the heap's size as {@code -Xmx} takes it, such as {@code 64m}
	 * @return the flags
	 */
	public static List<String> withHeap(String size) {
		List<String> flags = new ArrayList<>();
		for (String flag : SERVER) {
			if (flag.startsWith("-Xms")) {
				flags.add("-Xms" + size);
			}
			else if (flag.startsWith("-Xmx")) {
				flags.add("-Xmx" + size);
			}
			else {
				flags.add(flag);
			}
		}
		return List.copyOf(flags);
	}

}
