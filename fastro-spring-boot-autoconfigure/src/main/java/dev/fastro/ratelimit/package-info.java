/**
 * Rate limits as middleware: a token bucket per client, from
 * {@link dev.fastro.ratelimit.RateLimit}, answering {@code 429} when the client has spent
 * it, with buckets in memory or in a store shared by several instances
 * ({@link dev.fastro.ratelimit.RateLimitBuckets}).
 * <p>
 * Built on Bucket4j ({@code com.bucket4j:bucket4j_jdk17-core}); an application without it
 * on the class path never loads this package.
 */
package dev.fastro.ratelimit;
