package dev.fastro.ratelimit;

import java.net.InetSocketAddress;
import java.security.Principal;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

import dev.fastro.http.Context;
import dev.fastro.http.Handler;
import dev.fastro.http.HttpException;
import dev.fastro.http.Middleware;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import io.netty.handler.codec.http.HttpHeaders;

/**
 * Limits how often each client may call: every request takes a token from its client's
 * bucket, and a client whose bucket is empty gets a {@code 429 Too Many Requests} with
 * {@code Retry-After} and a problem body naming the limit, without reaching the handler.
 * Every answer tells the client where it stands with the {@code RateLimit-Policy} and
 * {@code RateLimit} headers of the IETF draft "RateLimit header fields for HTTP".
 *
 * <pre>{@code
 * RateLimit logins = RateLimit.perClientAddress(Bandwidth.builder()
 *         .capacity(5)
 *         .refillGreedy(5, Duration.ofMinutes(1))
 *         .build())
 *     .named("login")
 *     .build();
 *
 * Routes.builder().post("/login", login, logins)
 * }</pre>
 *
 * Given to a route or a group, it limits that route or group; declared as a
 * {@code Middleware} bean, every request. The client is told apart by its address (which
 * reflects a trusted proxy's forwarded headers), a header, its principal, or any function
 * of the request; a request without the header or principal counts against its address
 * instead, so that leaving them out buys no extra requests.
 * <p>
 * The buckets are Bucket4j's: Resilience4j's {@code RateLimiter}, the other maintained
 * choice, is one limiter that makes callers wait for permits, while a rate limit answers
 * at once from one bucket per client, refilled greedily as time passes, and must tell the
 * client its remaining tokens and how long until they refill, which Bucket4j's
 * {@link ConsumptionProbe} gives; Bucket4j also keeps buckets in shared stores (JCache,
 * Redis, JDBC) when several instances share a budget, see {@link RateLimitBuckets}.
 */
public final class RateLimit implements Middleware {

	private static final String RATELIMIT_POLICY = "ratelimit-policy";

	private static final String RATELIMIT = "ratelimit";

	private static final String RETRY_AFTER = "retry-after";

	private static final long NANOS_PER_SECOND = Duration.ofSeconds(1).toNanos();

	private final String name;

	private final Function<Context, String> key;

	private final BucketConfiguration configuration;

	private final RateLimitBuckets buckets;

	private final String policy;

	private final String quota;

	private RateLimit(Builder builder, RateLimitBuckets buckets, long windowSeconds) {
		this.name = builder.name;
		this.key = builder.key;
		this.configuration = BucketConfiguration.builder().addLimit(builder.limit).build();
		this.buckets = buckets;
		this.policy = "\"" + this.name + "\";q=" + builder.limit.getCapacity() + ";w=" + windowSeconds;
		this.quota = builder.limit.getCapacity() + " requests in " + windowSeconds
				+ ((windowSeconds != 1) ? " seconds" : " second");
	}

	/**
	 * A limit per client address: the connection's peer, or with forwarded headers on,
	 * the client a trusted proxy names.
	 * @param limit the bucket each client gets
	 * @return a builder to name the limit and choose where buckets live
	 */
	public static Builder perClientAddress(Bandwidth limit) {
		return new Builder(limit, null);
	}

	/**
	 * A limit per value of a request header, such as an API key; a request without the
	 * header counts against its client address.
	 * @param header the header's name
	 * @param limit the bucket each value gets
	 * @return a builder to name the limit and choose where buckets live
	 */
	public static Builder perHeader(String header, Bandwidth limit) {
		Objects.requireNonNull(header, "header");
		return new Builder(limit, (ctx) -> ctx.header(header));
	}

	/**
	 * A limit per authenticated principal, by its name; an anonymous request counts
	 * against its client address. Put it after the security middleware, which sets the
	 * principal.
	 * @param limit the bucket each principal gets
	 * @return a builder to name the limit and choose where buckets live
	 */
	public static Builder perPrincipal(Bandwidth limit) {
		return new Builder(limit, (ctx) -> {
			Principal principal = ctx.principal();
			return (principal != null) ? principal.getName() : null;
		});
	}

	/**
	 * A limit per key the function finds in the request; a request for which it returns
	 * {@code null} or an empty key counts against its client address.
	 * @param key the function from a request to its client's key
	 * @param limit the bucket each key gets
	 * @return a builder to name the limit and choose where buckets live
	 */
	public static Builder per(Function<Context, String> key, Bandwidth limit) {
		return new Builder(limit, Objects.requireNonNull(key, "key"));
	}

	@Override
	public Object handle(Context ctx, Handler next) throws Exception {
		ConsumptionProbe probe = this.buckets.bucket(key(ctx), this.configuration).tryConsumeAndReturnRemaining(1);
		HttpHeaders headers = ctx.responseHeaders();
		// Added, not set: a route under two limits, per second and per day, lists both.
		headers.add(RATELIMIT_POLICY, this.policy);
		headers.add(RATELIMIT, "\"" + this.name + "\";r=" + probe.getRemainingTokens() + ";t="
				+ seconds(probe.getNanosToWaitForReset()));
		if (!probe.isConsumed()) {
			long retryAfter = seconds(probe.getNanosToWaitForRefill());
			headers.set(RETRY_AFTER, retryAfter);
			throw new HttpException(429, "Rate limit '" + this.name + "' of " + this.quota + " exceeded; retry in "
					+ retryAfter + ((retryAfter != 1) ? " seconds" : " second"));
		}
		return next.handle(ctx);
	}

	/**
	 * The key of the request's bucket, with the limit's name first so that limits sharing
	 * a store keep their own buckets, and the kind of key next so that no header value
	 * can pass for another client's address.
	 */
	private String key(Context ctx) {
		String key = (this.key != null) ? this.key.apply(ctx) : null;
		if (key != null && !key.isEmpty()) {
			return this.name + ":key:" + key;
		}
		InetSocketAddress address = ctx.remoteAddress();
		return this.name + ":address:" + ((address != null) ? address.getHostString() : "unknown");
	}

	/** Whole seconds, rounded up, as {@code Retry-After} and the draft's fields want. */
	private static long seconds(long nanos) {
		return (nanos + NANOS_PER_SECOND - 1) / NANOS_PER_SECOND;
	}

	/**
	 * Builds a {@link RateLimit}: its name in the headers and problem bodies, and where
	 * its buckets live.
	 */
	public static final class Builder {

		private final Bandwidth limit;

		private final Function<Context, String> key;

		private String name = "default";

		private Long maximumKeys;

		private TimeMeter clock;

		private RateLimitBuckets buckets;

		private Builder(Bandwidth limit, Function<Context, String> key) {
			this.limit = Objects.requireNonNull(limit, "limit");
			this.key = key;
		}

		/**
		 * Names the limit in the {@code RateLimit-Policy} and {@code RateLimit} headers
		 * and the problem bodies; {@code default} unless named.
		 * @param name printable ASCII without quotes or backslashes
		 * @return this builder
		 */
		public Builder named(String name) {
			Objects.requireNonNull(name, "name");
			if (name.isEmpty() || !name.chars().allMatch((c) -> c >= 0x20 && c <= 0x7e && c != '"' && c != '\\')) {
				throw new IllegalArgumentException(
						"A rate limit's name must be printable ASCII without quotes or backslashes, not '" + name
								+ "'");
			}
			this.name = name;
			return this;
		}

		/**
		 * How many clients' buckets memory keeps at most; 100,000 unless set. When more
		 * clients call, the least recently seen lose theirs and start again with a full
		 * bucket. A setting of the in-memory buckets, not of a {@link #buckets store}.
		 * @param maximumKeys at least 1
		 * @return this builder
		 */
		public Builder maximumKeys(long maximumKeys) {
			this.maximumKeys = maximumKeys;
			return this;
		}

		/**
		 * The clock that refills the in-memory buckets; the system's monotonic clock
		 * unless set. Tests set one they move themselves. A setting of the in-memory
		 * buckets, not of a {@link #buckets store}.
		 * @param clock the clock
		 * @return this builder
		 */
		public Builder clock(TimeMeter clock) {
			this.clock = Objects.requireNonNull(clock, "clock");
			return this;
		}

		/**
		 * Keeps the buckets in this store instead of in memory, such as one shared by
		 * several instances.
		 * @param buckets the store
		 * @return this builder
		 */
		public Builder buckets(RateLimitBuckets buckets) {
			this.buckets = Objects.requireNonNull(buckets, "buckets");
			return this;
		}

		/**
		 * The rate limit.
		 * @return the middleware
		 * @throws IllegalStateException if a store is given with a clock or a maximum of
		 * keys, which are the store's own
		 */
		public RateLimit build() {
			long fullRefillNanos = (long) Math.ceil((double) this.limit.getCapacity()
					* this.limit.getRefillPeriodNanos() / this.limit.getRefillTokens());
			RateLimitBuckets store = this.buckets;
			if (store == null) {
				// A bucket idle for a full refill is full again, as a new one is:
				// dropping it then forgets nothing.
				store = RateLimitBuckets.inMemory((this.maximumKeys != null) ? this.maximumKeys : 100_000,
						Duration.ofNanos(fullRefillNanos),
						(this.clock != null) ? this.clock : TimeMeter.SYSTEM_NANOTIME);
			}
			else if (this.clock != null || this.maximumKeys != null) {
				throw new IllegalStateException("Rate limit '" + this.name
						+ "' keeps its buckets in a store of its own; its clock and size are the store's, not set here");
			}
			return new RateLimit(this, store, Math.max(1, seconds(fullRefillNanos)));
		}

	}

}
