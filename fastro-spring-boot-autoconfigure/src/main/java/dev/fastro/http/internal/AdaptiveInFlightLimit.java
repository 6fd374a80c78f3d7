package dev.fastro.http.internal;

import java.util.Optional;

import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limit.Gradient2Limit;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;

/**
 * A limit on the requests in flight that follows their latency, with Netflix's
 * {@code concurrency-limits}: its {@link Gradient2Limit} compares the latency of recent
 * answers with the long-run one and lowers the limit as answers slow down, which is the
 * sign of work queuing up, then raises it again as they speed up. Of the library's
 * algorithms it is the one its authors recommend for servers: Vegas and the first
 * gradient need the latency with no load, which a busy server never sees, and AIMD reacts
 * to drops only, which a server that sheds early seldom has.
 * <p>
 * The limit starts at the library's default of 20, never falls below it, and never rises
 * above {@code max}; an answer cut short, by a client going away or a failed connection,
 * tells nothing of the latency and is not measured.
 */
final class AdaptiveInFlightLimit extends InFlightLimit {

	/** The library's own initial and lowest limit. */
	private static final int FLOOR = 20;

	private final SimpleLimiter<Void> limiter;

	AdaptiveInFlightLimit(int max) {
		super(max);
		Gradient2Limit limit = Gradient2Limit.newBuilder()
			.initialLimit(Math.min(FLOOR, max))
			.minLimit(Math.min(FLOOR, max))
			.maxConcurrency(max)
			.build();
		this.limiter = SimpleLimiter.newBuilder().named("fastro").limit(limit).build();
	}

	@Override
	Permit tryEnter() {
		Optional<Limiter.Listener> listener = this.limiter.acquire(null);
		return listener.<Permit>map((taken) -> (answered) -> {
			if (answered) {
				taken.onSuccess();
			}
			else {
				taken.onIgnore();
			}
		}).orElse(null);
	}

	@Override
	public int inFlight() {
		return this.limiter.getInflight();
	}

	@Override
	public int limit() {
		return this.limiter.getLimit();
	}

	@Override
	public String toString() {
		return "adaptive limit of " + limit() + " requests in flight (at most " + max() + ")";
	}

}
