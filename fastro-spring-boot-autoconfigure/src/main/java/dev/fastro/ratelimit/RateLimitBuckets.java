package dev.fastro.ratelimit;

import java.time.Duration;

import dev.fastro.ratelimit.internal.InMemoryBuckets;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.TimeMeter;

/**
 * Where the token buckets of a {@link RateLimit} live, one per key. The default keeps
 * them in this instance's memory; several instances of an application that must share one
 * budget per client hand every {@code RateLimit} a store over a shared backend instead,
 * such as one of Bucket4j's {@link io.github.bucket4j.distributed.proxy.ProxyManager
 * ProxyManager}s (JCache, Redis, JDBC, ...):
 *
 * <pre>{@code
 * ProxyManager<String> proxies = ...; // from bucket4j-redis, bucket4j-jcache, ...
 * RateLimitBuckets shared = (key, configuration) -> proxies.builder().build(key, configuration);
 * }</pre>
 *
 * The middleware takes one token from the bucket on the request's thread, usually an
 * event loop: the in-memory buckets never block, while a remote store's bucket makes a
 * network call, so routes limited with one are best declared blocking.
 */
@FunctionalInterface
public interface RateLimitBuckets {

	/**
	 * The bucket for a key, created with this configuration when there is none.
	 * @param key the client's key, prefixed with the name of the limit, such as
	 * {@code login:address:203.0.113.7}
	 * @param configuration the limits of a new bucket
	 * @return the bucket
	 */
	Bucket bucket(String key, BucketConfiguration configuration);

	/**
	 * Buckets in this instance's memory, at most {@code maximumKeys} of them: when a
	 * flood of new keys arrives, the least used buckets go first. A bucket unused for
	 * {@code idleTimeout} goes too; an idle timeout no shorter than the time a bucket
	 * takes to fill up again loses nothing, since a new bucket starts full.
	 * @param maximumKeys how many buckets to keep at most
	 * @param idleTimeout how long an unused bucket is kept
	 * @param clock the time that refills the buckets and expires the idle ones, such as
	 * {@link TimeMeter#SYSTEM_NANOTIME}
	 * @return the store
	 */
	static RateLimitBuckets inMemory(long maximumKeys, Duration idleTimeout, TimeMeter clock) {
		return new InMemoryBuckets(maximumKeys, idleTimeout, clock);
	}

}
