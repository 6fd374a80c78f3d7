package dev.fastro.observation;

import java.util.Iterator;

import dev.fastro.http.Context;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.observation.transport.RequestReplyReceiverContext;

/**
 * What the {@code http.server.requests} observation of one request knows. It is a
 * receiver context whose carrier is the request's {@link Context}, read through its
 * request headers, so that a tracing propagator continues a trace the client started
 * (such as a W3C {@code traceparent}). The reply is the same {@code Context}: its status
 * and route are final when the observation stops.
 * <p>
 * Micrometer rebuilds and sorts the low-cardinality key values from a map every time a
 * handler asks for them: twice per request for the timer alone. As long as they are
 * exactly the set a convention gave, this context hands out that set instead.
 */
public class FastroServerObservationContext extends RequestReplyReceiverContext<Context, Context> {

	private boolean connectionAborted;

	private boolean responseCommitted;

	private boolean lowCardinalityKeyValuesAdded;

	/**
	 * The low-cardinality key values when they are exactly one set that was added whole,
	 * otherwise {@code null}.
	 */
	private volatile KeyValues wholeLowCardinalityKeyValues;

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

	@Override
	public FastroServerObservationContext addLowCardinalityKeyValues(KeyValues keyValues) {
		KeyValues whole = this.wholeLowCardinalityKeyValues;
		if (keyValues.equals(whole)) {
			return this;
		}
		boolean staysWhole = !this.lowCardinalityKeyValuesAdded || (whole != null && sameKeys(whole, keyValues));
		for (KeyValue keyValue : keyValues) {
			super.addLowCardinalityKeyValue(keyValue);
		}
		this.lowCardinalityKeyValuesAdded = true;
		this.wholeLowCardinalityKeyValues = staysWhole ? keyValues : null;
		return this;
	}

	@Override
	public FastroServerObservationContext addLowCardinalityKeyValue(KeyValue keyValue) {
		super.addLowCardinalityKeyValue(keyValue);
		lowCardinalityKeyValuesChanged();
		return this;
	}

	@Override
	public FastroServerObservationContext removeLowCardinalityKeyValue(String keyName) {
		super.removeLowCardinalityKeyValue(keyName);
		lowCardinalityKeyValuesChanged();
		return this;
	}

	@Override
	public FastroServerObservationContext removeLowCardinalityKeyValues(String... keyNames) {
		super.removeLowCardinalityKeyValues(keyNames);
		lowCardinalityKeyValuesChanged();
		return this;
	}

	@Override
	public KeyValues getLowCardinalityKeyValues() {
		KeyValues whole = this.wholeLowCardinalityKeyValues;
		return (whole != null) ? whole : super.getLowCardinalityKeyValues();
	}

	private void lowCardinalityKeyValuesChanged() {
		this.lowCardinalityKeyValuesAdded = true;
		this.wholeLowCardinalityKeyValues = null;
	}

	private static boolean sameKeys(KeyValues these, KeyValues those) {
		Iterator<KeyValue> others = those.iterator();
		for (KeyValue keyValue : these) {
			if (!others.hasNext() || !keyValue.getKey().equals(others.next().getKey())) {
				return false;
			}
		}
		return !others.hasNext();
	}

}
