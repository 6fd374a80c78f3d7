package dev.fastro.demo.proxy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.springframework.context.SmartLifecycle;

/**
 * Once {@link #hold() held}, holds a closing context between readiness turning to refuse
 * traffic and Fastro's server draining, until the test {@link #open() opens} it: the
 * pause a deployment leaves a balancer to take the instance out of rotation (a Kubernetes
 * {@code preStop}, a lame-duck delay), ended by the balancer's own word rather than a
 * guess at how long it takes. An application source of its own, so a bean of the instance
 * that has it; a gate not held lets a close through at once.
 */
class DrainGate implements SmartLifecycle {

	private final CountDownLatch open = new CountDownLatch(1);

	private volatile boolean held;

	private volatile boolean running;

	/** Makes the context's next close wait for {@link #open()}. */
	void hold() {
		this.held = true;
	}

	/** Lets the context's close go on to Fastro's drain. */
	void open() {
		this.open.countDown();
	}

	@Override
	public void start() {
		this.running = true;
	}

	@Override
	public void stop() {
		try {
			if (this.held) {
				// Bounded, so that a test that fails before opening it still closes.
				this.open.await(30, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.running = false;
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	/** Before Fastro's server, which stops at {@code DEFAULT_PHASE - 2048}. */
	@Override
	public int getPhase() {
		return SmartLifecycle.DEFAULT_PHASE - 1024;
	}

}
