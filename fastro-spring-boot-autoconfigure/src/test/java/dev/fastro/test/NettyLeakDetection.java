package dev.fastro.test;

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
 * Fails a test class whose code leaked a Netty buffer. Registered for every test through JUnit's
 * extension auto-detection; it puts Netty's leak detector at PARANOID, so every buffer is tracked,
 * and records each leak report instead of only logging it.
 * <p>
 * Netty reports a leak when a leaked buffer has been garbage collected and a later allocation polls
 * the detector, so after each class this collects garbage and allocates until the reports are in.
 */
public final class NettyLeakDetection implements AfterAllCallback {

	private static final List<String> leaks = new CopyOnWriteArrayList<>();

	static {
		ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
		ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new RecordingFactory());
	}

	@Override
	public void afterAll(ExtensionContext context) {
		List<String> found = collectLeaks();
		if (!found.isEmpty()) {
			throw new AssertionError(found.size() + " Netty buffer leak(s) in " + context.getDisplayName() + ":\n"
					+ String.join("\n\n", found));
		}
	}

	/** Collects garbage, lets the detectors poll, and returns (and forgets) the leaks reported so far. */
	public static List<String> collectLeaks() {
		for (int round = 0; round < 3; round++) {
			System.gc();
			try {
				Thread.sleep(20);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			for (int i = 0; i < 10; i++) {
				ByteBufAllocator.DEFAULT.buffer(1).release();
				Unpooled.buffer(1).release();
			}
		}
		List<String> found = new ArrayList<>(leaks);
		leaks.removeAll(found);
		return found;
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
