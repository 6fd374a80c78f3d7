package dev.fastro.observation;

import dev.fastro.http.Context;
import io.micrometer.observation.transport.RequestReplyReceiverContext;

/**
 * What the {@code http.server.requests} observation of one request knows. It is a
 * receiver context whose carrier is the request's {@link Context}, read through its
 * request headers, so that a tracing propagator continues a trace the client started
 * (such as a W3C {@code traceparent}). The reply is the same {@code Context}: its status
 * and route are final when the observation stops.
 */
public class FastroServerObservationContext extends RequestReplyReceiverContext<Context, Context> {

	private boolean connectionAborted;

	private boolean responseCommitted;

	/**
	 * Creates the context of one request.
	 * @param request the request, which is also the response
	 */
	public FastroServerObservationContext(Context request) {
		super((carrier, key) -> carrier.header(key));
		setCarrier(request);
		setResponse(request);
	}

	/**
	 * The pattern of the route the request matched, such as {@code /user/{id}}; low
	 * cardinality for the whole application.
	 * @return the pattern, or {@code null} when the request matched no route
	 */
	public String getPathPattern() {
		return getCarrier().routePattern();
	}

	/**
	 * The status of the answer, as far as the client got it.
	 * @return the status, or {@code null} when the client went away before it was sent
	 */
	public Integer getStatus() {
		return (this.connectionAborted && !this.responseCommitted) ? null : getCarrier().status();
	}

	/**
	 * Whether the client went away (closed its connection, or the answer was cancelled)
	 * before the answer was complete.
	 * @return whether the exchange was aborted
	 */
	public boolean isConnectionAborted() {
		return this.connectionAborted;
	}

	/**
	 * Records that the client went away before the answer was complete.
	 * @param responseCommitted whether the status and headers had been sent by then
	 */
	public void markConnectionAborted(boolean responseCommitted) {
		this.connectionAborted = true;
		this.responseCommitted = responseCommitted;
	}

}
