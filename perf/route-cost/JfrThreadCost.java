import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * What a JFR recording says one thread cost, to set beside route cost's summaries:
 * {@code java JfrThreadCost.java recording.jfr processors [thread]}, where processors is
 * the count the recorded JVM saw. The thread is the one named, or the one that spent the
 * most CPU time.
 * <ul>
 * <li>CPU time: the sum, over the thread's {@code jdk.ThreadCPULoad} events, of
 * {@code (user + system) × processors × the time since the thread's previous event}. The
 * load is a share of all the processors the JVM sees over that time; the first event of
 * the thread, which has no previous one, is left out.</li>
 * <li>Allocation: the thread's last {@code jdk.ThreadAllocationStatistics} total minus its
 * first: the same counter as {@code ThreadMXBean.getThreadAllocatedBytes}.</li>
 * <li>Where it goes: the thread's {@code jdk.ExecutionSample} and
 * {@code jdk.ObjectAllocationSample} events (weighed by their bytes), split by whether
 * one of route cost's measured spans is on their stack, and those
 * outside of it grouped by their topmost frame of a Fastro, Reactor, Netty or Micrometer
 * class that is not in the JDK.</li>
 * </ul>
 * Both totals span the whole recording: the script starts and stops it around the load
 * with nothing else served meanwhile.
 */
public class JfrThreadCost {

	/**
	 * The frames of route cost's measured spans: a read of a connection (from the buffer
	 * the socket is read into), a task or a dispatch. The system call that reads the
	 * socket, between the first two, is native: the execution sampler does not see it.
	 */
	private static final Set<String> MEASURED = Set.of(
			"dev.fastro.observation.internal.RouteCostReads$SocketReads.allocate",
			"dev.fastro.observation.internal.RouteCostReads.channelRead",
			"dev.fastro.observation.internal.RouteCost.measure");

	public static void main(String[] args) throws Exception {
		List<RecordedEvent> events = RecordingFile.readAllEvents(Path.of(args[0]));
		int processors = Integer.parseInt(args[1]);
		String thread = (args.length > 2) ? args[2] : busiest(events);
		double cpuSeconds = 0;
		double systemSeconds = 0;
		Instant previous = null;
		Long firstAllocated = null;
		long lastAllocated = 0;
		long samples = 0;
		long measuredSamples = 0;
		double allocationWeight = 0;
		double measuredAllocationWeight = 0;
		Map<String, Long> unmeasuredCpu = new HashMap<>();
		Map<String, Double> unmeasuredAllocation = new HashMap<>();
		events.sort(Comparator.comparing(RecordedEvent::getStartTime));
		for (RecordedEvent event : events) {
			String type = event.getEventType().getName();
			switch (type) {
				case "jdk.ThreadCPULoad" -> {
					if (thread.equals(name(event.getThread("eventThread")))) {
						if (previous != null) {
							double seconds = Duration.between(previous, event.getStartTime()).toNanos() / 1e9;
							cpuSeconds += (event.getFloat("user") + event.getFloat("system")) * processors * seconds;
							systemSeconds += event.getFloat("system") * processors * seconds;
						}
						previous = event.getStartTime();
					}
				}
				case "jdk.ThreadAllocationStatistics" -> {
					if (thread.equals(name(event.getThread("thread")))) {
						long allocated = event.getLong("allocated");
						if (firstAllocated == null) {
							firstAllocated = allocated;
						}
						lastAllocated = allocated;
					}
				}
				case "jdk.ExecutionSample" -> {
					if (thread.equals(name(event.getThread("sampledThread")))) {
						samples++;
						if (measured(event.getStackTrace())) {
							measuredSamples++;
						}
						else {
							unmeasuredCpu.merge(where(event.getStackTrace()), 1L, Long::sum);
						}
					}
				}
				case "jdk.ObjectAllocationSample" -> {
					if (thread.equals(name(event.getThread("eventThread")))) {
						double weight = event.getLong("weight");
						allocationWeight += weight;
						if (measured(event.getStackTrace())) {
							measuredAllocationWeight += weight;
						}
						else {
							String what = event.getClass("objectClass").getName() + " in "
									+ where(event.getStackTrace());
							unmeasuredAllocation.merge(what, weight, Double::sum);
						}
					}
				}
				default -> {
				}
			}
		}
		System.out.printf("thread=%s%n", thread);
		System.out.printf("jfr.cpu.seconds=%.4f%n", cpuSeconds);
		System.out.printf("jfr.system.share=%.1f%%%n", 100 * systemSeconds / cpuSeconds);
		System.out.printf("jfr.allocated.bytes=%d%n", lastAllocated - ((firstAllocated != null) ? firstAllocated : 0));
		System.out.printf("samples=%d measured=%.1f%%%n", samples, 100.0 * measuredSamples / Math.max(samples, 1));
		System.out.printf("allocation.samples.weight=%.0f measured=%.1f%%%n", allocationWeight,
				100 * measuredAllocationWeight / Math.max(allocationWeight, 1));
		System.out.println("-- CPU outside of the measured span, by frame (share of all samples)");
		long all = samples;
		unmeasuredCpu.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Long>comparingByValue().reversed())
			.limit(25)
			.forEach((e) -> System.out.printf("%5.1f%% %s%n", 100.0 * e.getValue() / all, e.getKey()));
		System.out.println("-- allocation outside of the measured span, by class and frame (share of all)");
		double total = allocationWeight;
		unmeasuredAllocation.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Double>comparingByValue().reversed())
			.limit(25)
			.forEach((e) -> System.out.printf("%5.1f%% %s%n", 100.0 * e.getValue() / total, e.getKey()));
	}

	private static String busiest(List<RecordedEvent> events) {
		Map<String, Double> load = new HashMap<>();
		for (RecordedEvent event : events) {
			if (event.getEventType().getName().equals("jdk.ThreadCPULoad")) {
				load.merge(name(event.getThread("eventThread")), (double) event.getFloat("user"), Double::sum);
			}
		}
		return load.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
	}

	private static String name(RecordedThread thread) {
		return (thread != null) ? thread.getJavaName() : "";
	}

	private static boolean measured(RecordedStackTrace stack) {
		if (stack == null) {
			return false;
		}
		for (RecordedFrame frame : stack.getFrames()) {
			if (frame.getMethod() != null
					&& MEASURED.contains(frame.getMethod().getType().getName() + "." + frame.getMethod().getName())) {
				return true;
			}
		}
		return false;
	}

	/** The top frame, and the topmost frame of a library class below it. */
	private static String where(RecordedStackTrace stack) {
		if (stack == null || stack.getFrames().isEmpty()) {
			return "(no stack)";
		}
		List<String> names = new ArrayList<>();
		for (RecordedFrame frame : stack.getFrames()) {
			names.add(frame.getMethod().getType().getName() + "." + frame.getMethod().getName());
		}
		String top = names.get(0);
		for (String name : names) {
			if (name.startsWith("dev.fastro") || name.startsWith("reactor.") || name.startsWith("io.netty")
					|| name.startsWith("io.micrometer")) {
				return name.equals(top) ? top : top + " < " + name;
			}
		}
		return top;
	}

}
