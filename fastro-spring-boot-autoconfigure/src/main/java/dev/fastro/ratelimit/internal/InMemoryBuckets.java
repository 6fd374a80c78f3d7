package dev.fastro.ratelimit.internal;

import java.time.Duration;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.fastro.ratelimit.RateLimitBuckets;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.local.LocalBucketBuilder;

/**
 * Bucket4j's lock-free local buckets in a Caffeine cache bounded in size, so that a flood
 * of distinct keys evicts buckets instead of filling the heap. The cache's clock is the
 * buckets' clock, so that a test that moves one moves both.
 */
public final class InMemoryBuckets implements RateLimitBuckets {

	private final Cache<String, Bucket> buckets;

	private final TimeMeter clock;

	public InMemoryBuckets(long maximumKeys, Duration idleTimeout, TimeMeter clock) {
		if (maximumKeys < 1) {
			throw new IllegalArgumentException("A rate limit needs room for at least one key, not " + maximumKeys);
		}
		this.clock = clock;
		this.buckets = Caffeine.newBuilder()
			.maximumSize(maximumKeys)
			.expireAfterAccess(idleTimeout)
			.ticker(clock::currentTimeNanos)
			.build();
	}

	@Override
	public Bucket bucket(String key, BucketConfiguration configuration) {
		return this.buckets.get(key, (absent) -> newBucket(configuration));
	}

	private Bucket newBucket(BucketConfiguration configuration) {
		LocalBucketBuilder builder = Bucket.builder().withCustomTimePrecision(this.clock);
		for (Bandwidth bandwidth : configuration.getBandwidths()) {
			builder.addLimit(bandwidth);
		}
		return builder.build();
	}

	/** How many buckets are kept, once pending evictions are done. */
	long size() {
		this.buckets.cleanUp();
		return this.buckets.estimatedSize();
	}

}
