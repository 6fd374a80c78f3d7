package dev.fastro.ratelimit.internal;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.TimeMeter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The in-memory store keeps its bound under a flood of distinct keys, and forgets idle
 * buckets by the buckets' own clock.
 */
class InMemoryBucketsTest {

	private final AtomicLong nanos = new AtomicLong();

	private final TimeMeter clock = new TimeMeter() {

		@Override
		public long currentTimeNanos() {
			return InMemoryBucketsTest.this.nanos.get();
		}

		@Override
		public boolean isWallClockBased() {
			return false;
		}

	};

	private final BucketConfiguration configuration = BucketConfiguration.builder()
		.addLimit(Bandwidth.builder().capacity(1).refillGreedy(1, Duration.ofMinutes(1)).build())
		.build();

	@Test
	void aFloodOfDistinctKeysStaysWithinTheBound() {
		InMemoryBuckets buckets = new InMemoryBuckets(1_000, Duration.ofHours(1), this.clock);
		for (int i = 0; i < 100_000; i++) {
			assertThat(buckets.bucket("flood:key:" + i, this.configuration).tryConsume(1)).isTrue();
		}
		assertThat(buckets.size()).isLessThanOrEqualTo(1_000);
	}

	@Test
	void aBucketIsKeptWhileUsedAndForgottenWhenIdle() {
		InMemoryBuckets buckets = new InMemoryBuckets(10, Duration.ofMinutes(1), this.clock);
		Bucket bucket = buckets.bucket("idle:key:alice", this.configuration);
		assertThat(bucket.tryConsume(1)).isTrue();
		this.nanos.addAndGet(Duration.ofSeconds(59).toNanos());
		assertThat(buckets.bucket("idle:key:alice", this.configuration)).isSameAs(bucket);
		assertThat(bucket.tryConsume(1)).isFalse();
		this.nanos.addAndGet(Duration.ofMinutes(1).toNanos());
		assertThat(buckets.size()).isZero();
	}

}
