package dev.fastro.autoconfigure.internal;

import dev.fastro.http.Context;
import dev.fastro.http.internal.Rejections;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Counts the requests refused to shed load as {@code fastro.requests.rejected}, tagged
 * with the {@code uri} and {@code method} that {@code http.server.requests} gives them
 * and the {@code reason}: {@code in-flight-limit} (the server's),
 * {@code route-in-flight-limit} (the route's own) or {@code deadline}. Their 503s are in
 * {@code http.server.requests} too, with no word of why.
 */
public final class RejectedRequests implements Rejections {

	private final MeterRegistry registry;

	public RejectedRequests(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void rejected(Context ctx, Reason reason) {
		Counter.builder("fastro.requests.rejected")
			.description("The requests answered 503 without running their handler, to shed load")
			.tag("uri", ctx.routePattern())
			.tag("method", ctx.method())
			.tag("reason", reason.tag())
			.register(this.registry)
			.increment();
	}

}
