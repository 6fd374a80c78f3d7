package dev.fastro.observation.internal;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

import com.sun.management.ThreadMXBean;
import dev.fastro.observation.FastroServerObservationContext;

/**
 * The CPU time and the bytes allocated that one request has cost so far, summed over the
 * parts of its work, each measured on the thread it ran on. The request itself is one
 * part, ended when its answer is; each read of its connection charged to it, and each
 * piece of work measured for it, is another. The cost is recorded once the last part has
 * ended, whichever thread ends it, so that the work of a blocking handler that outlives
 * the answer's completion signal, or the rest of the read that carried the request, is
 * not lost.
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

	// Let go of once recorded: a connection may hold on to its last request's cost.
	private FastroServerObservationContext context;

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
	 * The CPU time this thread has spent so far.
	 * @return the time in nanoseconds, from an arbitrary origin
	 */
	static long threadCpuNanos() {
		return THREADS.getCurrentThreadCpuTime();
	}

	/**
	 * The bytes this thread has allocated on the heap so far.
	 * @return the bytes
	 */
	static long threadAllocatedBytes() {
		return THREADS.getCurrentThreadAllocatedBytes();
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

	/**
	 * Counts a part unless the cost has been recorded already.
	 * @return whether the part was counted, and is to end with {@link #partEnded}
	 */
	boolean partStartedIfPending() {
		for (int pending = this.pending; pending > 0; pending = this.pending) {
			if (PENDING.compareAndSet(this, pending, pending + 1)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether the last part has ended, and the cost has been recorded.
	 * @return {@code true} once recorded
	 */
	boolean isRecorded() {
		return this.pending == 0;
	}

	/** Ends a part, and records the cost if it was the last. */
	void partEnded() {
		if (PENDING.decrementAndGet(this) == 0) {
			this.recorder.record(this);
			this.context = null;
		}
	}

	/**
	 * Adds what a part measured elsewhere cost.
	 * @param cpuNanos its CPU time
	 * @param allocatedBytes the bytes it allocated
	 */
	void add(long cpuNanos, long allocatedBytes) {
		CPU.addAndGet(this, cpuNanos);
		ALLOCATED.addAndGet(this, allocatedBytes);
	}

	/**
	 * Runs work of the request on this thread, where what runs is measured already, as a
	 * read of its connection is: work scheduled on the blocking scheduler meanwhile is
	 * charged to the request.
	 * @param work the work
	 */
	void run(Runnable work) {
		RouteCost outer = CURRENT.get();
		CURRENT.set(this);
		try {
			work.run();
		}
		finally {
			CURRENT.set(outer);
		}
	}

	/**
	 * Runs a part of the request's work on this thread, adds what it cost, and ends the
	 * part. Work scheduled on the blocking scheduler meanwhile is charged to the request
	 * too.
	 * @param work the work
	 */
	void measure(Runnable work) {
		long cpu = threadCpuNanos();
		long allocated = threadAllocatedBytes();
		try {
			run(work);
		}
		finally {
			add(threadCpuNanos() - cpu, threadAllocatedBytes() - allocated);
			partEnded();
		}
	}

}
