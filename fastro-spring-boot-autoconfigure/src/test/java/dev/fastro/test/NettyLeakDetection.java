package dev.fastro.test;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class whose code leaked a Netty buffer or released one too often.
 * Registered for every test through JUnit's extension auto-detection; it puts Netty's
 * leak detector at PARANOID, so every buffer is tracked, records each leak report instead
 * of only logging it, and records what the logs say of a buffer released twice
 * ({@link BufferErrorLog}).
 * <p>
 * Netty reports a leak when a leaked buffer has been garbage collected and a later
 * allocation polls the detector, so after each class this collects garbage, waits for the
 * cleared references to be enqueued, and allocates.
 */
public final class NettyLeakDetection implements AfterAllCallback {

	private static final List<String> leaks = new CopyOnWriteArrayList<>();

	static {
		ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
		ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new RecordingFactory());
		BufferErrorLog.install();
	}

	@Override
	public void afterAll(ExtensionContext context) {
		assertNoLeaks(context.getDisplayName());
	}

	/**
	 * Fails when buffers leaked, or were released once too often, since the leaks were
	 * last collected: for the test engines that run no JUnit extension, such as jqwik's,
	 * which call it themselves.
	 * @param where the tests that ran meanwhile, for the message
	 */
	public static void assertNoLeaks(String where) {
		List<String> leaks = collectLeaks();
		List<String> logged = collectLoggedErrors();
		if (!leaks.isEmpty()) {
			throw new AssertionError(
					leaks.size() + " Netty buffer leak(s) in " + where + ":\n" + String.join("\n\n", leaks));
		}
		if (!logged.isEmpty()) {
			throw new AssertionError(
					logged.size() + " buffer error(s) logged in " + where + ":\n" + String.join("\n\n", logged));
		}
	}

	/**
	 * Returns (and forgets) what was logged since the last call of a buffer released too
	 * often, or never: each leak report is also logged.
	 */
	public static List<String> collectLoggedErrors() {
		return BufferErrorLog.collect();
	}

	/**
	 * Collects garbage, lets the detectors poll, and returns (and forgets) the leaks
	 * reported so far.
	 */
	public static List<String> collectLeaks() {
		// Twice: the sentinel proves its own reference enqueued, not yet every other one
		// cleared with it; the references a second collection clears are enqueued after
		// all of the first's.
		for (int round = 0; round < 2; round++) {
			collectGarbage();
			for (int i = 0; i < 10; i++) {
				ByteBufAllocator.DEFAULT.buffer(1).release();
				Unpooled.buffer(1).release();
			}
		}
		List<String> found = new ArrayList<>(leaks);
		leaks.removeAll(found);
		return found;
	}

	/**
	 * Collects garbage and waits until the weak references it cleared are enqueued, which
	 * is when a leak detector can poll them: a sentinel, cleared by the same collection,
	 * is enqueued with them.
	 */
	private static void collectGarbage() {
		ReferenceQueue<Object> queue = new ReferenceQueue<>();
		WeakReference<Object> sentinel = new WeakReference<>(new Object(), queue);
		try {
			// A collection asked for may be skipped; ask again until one has run.
			for (int attempt = 0; attempt < 50; attempt++) {
				System.gc();
				if (queue.remove(100) != null) {
					return;
				}
			}
			throw new IllegalStateException("No garbage collection cleared a weak reference in 50 attempts");
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			Reference.reachabilityFence(sentinel);
		}
	}

	private static final class RecordingFactory extends ResourceLeakDetectorFactory {

		@Override
		public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval,
				long maxActive) {
			return new ResourceLeakDetector<>(resource, samplingInterval) {

				@Override
				protected boolean needReport() {
					return true;
				}

				@Override
				protected void reportTracedLeak(String resourceType, String records) {
					leaks.add("LEAK: " + resourceType + records);
					super.reportTracedLeak(resourceType, records);
				}

				@Override
				protected void reportUntracedLeak(String resourceType) {
					leaks.add("LEAK: " + resourceType + " (untraced)");
					super.reportUntracedLeak(resourceType);
				}

			};
		}

	}

}
