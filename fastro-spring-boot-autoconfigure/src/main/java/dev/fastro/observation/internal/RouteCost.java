package dev.fastro.observation.internal;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

import com.sun.management.ThreadMXBean;
import dev.fastro.observation.FastroServerObservationContext;

/**
 * The CPU time and the bytes allocated that one request has cost so far, summed over the
 * parts of its work, each measured on the thread it ran on. The request itself is one
 * part, ended when its answer is; each piece of work measured for it is another. The cost
 * is recorded once the last part has ended, whichever thread ends it, so that the work of
 * a blocking handler that outlives the answer's completion signal is not lost.
 */
final class RouteCost {

	private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

	// The request being dispatched or worked for on this thread: what the blocking
	// scheduler charges the work scheduled meanwhile to.
	private static final ThreadLocal<RouteCost> CURRENT = new ThreadLocal<>();

	private static final AtomicIntegerFieldUpdater<RouteCost> PENDING = AtomicIntegerFieldUpdater
		.newUpdater(RouteCost.class, "pending");

	private static final AtomicLongFieldUpdater<RouteCost> CPU = AtomicLongFieldUpdater.newUpdater(RouteCost.class,
			"cpuNanos");

	private static final AtomicLongFieldUpdater<RouteCost> ALLOCATED = AtomicLongFieldUpdater
		.newUpdater(RouteCost.class, "allocatedBytes");

	private final FastroServerObservationContext context;

	private final RouteCostDispatcher recorder;

	private volatile int pending = 1;

	private volatile long cpuNanos;

	private volatile long allocatedBytes;

	RouteCost(FastroServerObservationContext context, RouteCostDispatcher recorder) {
		this.context = context;
		this.recorder = recorder;
	}

	/**
	 * Fails unless this JVM measures the CPU time and the allocations of a thread, and
	 * turns the measurements on where they are off.
	 * @throws IllegalStateException if the JVM cannot measure them
	 */
	static void checkSupported() {
		if (!THREADS.isCurrentThreadCpuTimeSupported() || !THREADS.isThreadAllocatedMemorySupported()) {
			throw new IllegalStateException("fastro.metrics.route-cost.enabled=true needs a JVM that measures the "
					+ "CPU time and the allocated bytes of a thread; this one (" + System.getProperty("java.vm.name")
					+ ") does not");
		}
		if (!THREADS.isThreadCpuTimeEnabled()) {
			THREADS.setThreadCpuTimeEnabled(true);
		}
		if (!THREADS.isThreadAllocatedMemoryEnabled()) {
			THREADS.setThreadAllocatedMemoryEnabled(true);
		}
	}

	/**
	 * The cost of the request whose work runs on this thread now.
	 * @return the cost, or {@code null} outside of a measured part
	 */
	static RouteCost current() {
		return CURRENT.get();
	}

	FastroServerObservationContext context() {
		return this.context;
	}

	long cpuNanos() {
		return this.cpuNanos;
	}

	long allocatedBytes() {
		return this.allocatedBytes;
	}

	/** Counts a part that will end with {@link #measure} or {@link #partEnded}. */
	void partStarted() {
		PENDING.incrementAndGet(this);
	}

	/** Ends a part, and records the cost if it was the last. */
	void partEnded() {
		if (PENDING.decrementAndGet(this) == 0) {
			this.recorder.record(this);
		}
	}

	/**
	 * Runs a part of the request's work on this thread, adds what it cost, and ends the
	 * part. Work scheduled on the blocking scheduler meanwhile is charged to the request
	 * too.
	 * @param work the work
	 */
	void measure(Runnable work) {
		RouteCost outer = CURRENT.get();
		CURRENT.set(this);
		long cpu = THREADS.getCurrentThreadCpuTime();
		long allocated = THREADS.getCurrentThreadAllocatedBytes();
		try {
			work.run();
		}
		finally {
			CPU.addAndGet(this, THREADS.getCurrentThreadCpuTime() - cpu);
			ALLOCATED.addAndGet(this, THREADS.getCurrentThreadAllocatedBytes() - allocated);
			CURRENT.set(outer);
			partEnded();
		}
	}

}
