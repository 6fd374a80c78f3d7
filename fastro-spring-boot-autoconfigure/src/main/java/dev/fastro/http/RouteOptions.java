package dev.fastro.http;

import java.time.Duration;
import java.util.Objects;

/**
 * How Fastro serves a route: how long it waits for the answer, the largest body it
 * accepts, whether the handler runs off the event loop, and how load shedding treats it.
 * Given to a builder and its groups with {@link Routes.Builder#defaults}, to one route
 * with {@link Routes.Builder#with}:
 *
 * <pre>{@code
 * Routes.builder()
 *         .group("/uploads", uploads -> uploads
 *                 .defaults(options -> options.timeout(Duration.ofMinutes(5)).maxBodySize(100 << 20))
 *                 .post("/", upload)
 *                 .post("/avatar", avatar).with(options -> options.maxBodySize(512 << 10)))
 *         .build();
 * }</pre>
 *
 * What a route leaves unset it takes from its group, what a group leaves unset from the
 * group around it, and what no group sets from the server's {@code fastro.server.*}
 * settings. Each method returns new options.
 */
public final class RouteOptions {

	static final RouteOptions NONE = new RouteOptions(null, -1, null, -1, null);

	/** The request timeout, or {@code null} when unset. */
	private final Duration timeout;

	/** The largest body in bytes, or -1 when unset. */
	private final long maxBodySize;

	/** Whether the handler blocks, or {@code null} when unset. */
	private final Boolean blocking;

	/** The most requests in flight, or -1 when unset. */
	private final int maxInFlight;

	/** Whether the server's limit leaves the route alone, or {@code null} when unset. */
	private final Boolean neverShed;

	private RouteOptions(Duration timeout, long maxBodySize, Boolean blocking, int maxInFlight, Boolean neverShed) {
		this.timeout = timeout;
		this.maxBodySize = maxBodySize;
		this.blocking = blocking;
		this.maxInFlight = maxInFlight;
		this.neverShed = neverShed;
	}

	/**
	 * How long Fastro waits for the answer, or for the first item of a streamed one, in
	 * place of {@code fastro.server.request-timeout}: past it, the answer is a
	 * {@code 503} and the pending work is cancelled.
	 * @throws IllegalArgumentException when {@code timeout} is not positive
	 */
	public RouteOptions timeout(Duration timeout) {
		Objects.requireNonNull(timeout, "timeout");
		if (timeout.isNegative() || timeout.isZero()) {
			throw new IllegalArgumentException("timeout must be positive, was " + timeout);
		}
		return new RouteOptions(timeout, this.maxBodySize, this.blocking, this.maxInFlight, this.neverShed);
	}

	/**
	 * The largest request body accepted, in bytes, in place of
	 * {@code fastro.server.max-body-size}; a longer one is answered {@code 413}. It also
	 * bounds a multipart body, in place of {@code fastro.multipart.max-request-size}.
	 * @throws IllegalArgumentException when {@code bytes} is negative
	 */
	public RouteOptions maxBodySize(long bytes) {
		if (bytes < 0) {
			throw new IllegalArgumentException("maxBodySize must not be negative, was " + bytes);
		}
		return new RouteOptions(this.timeout, bytes, this.blocking, this.maxInFlight, this.neverShed);
	}

	/**
	 * Whether the handler runs off the event loop, as {@link Handler#blocking} marks it;
	 * {@code false} keeps a route of a blocking group on the event loop.
	 */
	public RouteOptions blocking(boolean blocking) {
		return new RouteOptions(this.timeout, this.maxBodySize, blocking, this.maxInFlight, this.neverShed);
	}

	/**
	 * The most requests in flight on the route at once, from when a request is routed
	 * until its answer ends (a streamed answer until it begins); the one past it is
	 * answered {@code 503} with {@code Retry-After}, without running the handler. Given
	 * to a group, each of its routes has a limit of its own. It counts beside
	 * {@code fastro.load-shedding.max-in-flight}, the server's limit.
	 * @throws IllegalArgumentException when {@code max} is less than 1
	 */
	public RouteOptions maxInFlight(int max) {
		if (max < 1) {
			throw new IllegalArgumentException("maxInFlight must be at least 1, was " + max);
		}
		return new RouteOptions(this.timeout, this.maxBodySize, this.blocking, max, this.neverShed);
	}

	/**
	 * Whether the server's limit on requests in flight
	 * ({@code fastro.load-shedding.max-in-flight}) leaves the route alone: neither counts
	 * nor sheds its requests, as for Actuator's health checks, which a platform must
	 * reach on a busy instance. The route's own {@link #maxInFlight} still applies.
	 */
	public RouteOptions neverShed(boolean neverShed) {
		return new RouteOptions(this.timeout, this.maxBodySize, this.blocking, this.maxInFlight, neverShed);
	}

	/** These options, with what {@code inner} sets in place of theirs. */
	RouteOptions overriddenBy(RouteOptions inner) {
		return new RouteOptions((inner.timeout != null) ? inner.timeout : this.timeout,
				(inner.maxBodySize >= 0) ? inner.maxBodySize : this.maxBodySize,
				(inner.blocking != null) ? inner.blocking : this.blocking,
				(inner.maxInFlight >= 0) ? inner.maxInFlight : this.maxInFlight,
				(inner.neverShed != null) ? inner.neverShed : this.neverShed);
	}

	Duration timeout() {
		return this.timeout;
	}

	long maxBodySize() {
		return this.maxBodySize;
	}

	boolean blocking() {
		return Boolean.TRUE.equals(this.blocking);
	}

	int maxInFlight() {
		return this.maxInFlight;
	}

	boolean neverShed() {
		return Boolean.TRUE.equals(this.neverShed);
	}

}
