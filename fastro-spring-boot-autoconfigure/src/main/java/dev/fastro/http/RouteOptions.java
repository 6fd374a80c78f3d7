package dev.fastro.http;

import java.time.Duration;
import java.util.Objects;

/**
 * How Fastro serves a route: how long it waits for the answer, the largest body it
 * accepts, and whether the handler runs off the event loop. Given to a builder and its
 * groups with {@link Routes.Builder#defaults}, to one route with
 * {@link Routes.Builder#with}:
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

	static final RouteOptions NONE = new RouteOptions(null, -1, null);

	/** The request timeout, or {@code null} when unset. */
	private final Duration timeout;

	/** The largest body in bytes, or -1 when unset. */
	private final long maxBodySize;

	/** Whether the handler blocks, or {@code null} when unset. */
	private final Boolean blocking;

	private RouteOptions(Duration timeout, long maxBodySize, Boolean blocking) {
		this.timeout = timeout;
		this.maxBodySize = maxBodySize;
		this.blocking = blocking;
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
		return new RouteOptions(timeout, this.maxBodySize, this.blocking);
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
		return new RouteOptions(this.timeout, bytes, this.blocking);
	}

	/**
	 * Whether the handler runs off the event loop, as {@link Handler#blocking} marks it;
	 * {@code false} keeps a route of a blocking group on the event loop.
	 */
	public RouteOptions blocking(boolean blocking) {
		return new RouteOptions(this.timeout, this.maxBodySize, blocking);
	}

	/** These options, with what {@code inner} sets in place of theirs. */
	RouteOptions overriddenBy(RouteOptions inner) {
		return new RouteOptions((inner.timeout != null) ? inner.timeout : this.timeout,
				(inner.maxBodySize >= 0) ? inner.maxBodySize : this.maxBodySize,
				(inner.blocking != null) ? inner.blocking : this.blocking);
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

}
