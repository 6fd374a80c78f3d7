package dev.fastro.observation;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;

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
 * Micrometer's context keeps key values in two concurrent maps, filled key by key and
 * rebuilt into a sorted set every time a handler asks for them. This one keeps each kind
 * as the sorted, immutable {@link KeyValues} a convention gives, replaced whole on every
 * change, so that the set a convention made is the set handlers read.
 */
public class FastroServerObservationContext extends RequestReplyReceiverContext<Context, Context> {

	private static final KeyValues EMPTY = KeyValues.empty();

	private static final VarHandle LOW;

	private static final VarHandle HIGH;

	static {
		try {
			MethodHandles.Lookup lookup = MethodHandles.lookup();
			Class<?> context = FastroServerObservationContext.class;
			LOW = lookup.findVarHandle(context, "lowCardinalityKeyValues", KeyValues.class);
			HIGH = lookup.findVarHandle(context, "highCardinalityKeyValues", KeyValues.class);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	// Boxed once: the convention asks for the status several times per request, and
	// Integer caches none of the statuses above 127.
	private static final int FIRST_STATUS = 100;

	private static final Integer[] STATUSES = IntStream.range(FIRST_STATUS, 600).boxed().toArray(Integer[]::new);

	private boolean connectionAborted;

	private boolean responseCommitted;

	private volatile KeyValues lowCardinalityKeyValues = EMPTY;

	private volatile KeyValues highCardinalityKeyValues = EMPTY;

	/**
	 * The first meter handler's samples, kept here rather than in the context's map, so
	 * that timing a request costs no hash map; other handlers' go to the map.
	 */
	private volatile FastroServerMeterObservationHandler.Samples meterSamples;

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
		if (this.connectionAborted && !this.responseCommitted) {
			return null;
		}
		int status = getCarrier().status();
		int index = status - FIRST_STATUS;
		return (index >= 0 && index < STATUSES.length) ? STATUSES[index] : Integer.valueOf(status);
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
	public FastroServerObservationContext addLowCardinalityKeyValue(KeyValue keyValue) {
		return add(true, KeyValues.of(keyValue));
	}

	@Override
	public FastroServerObservationContext addLowCardinalityKeyValues(KeyValues keyValues) {
		return add(true, keyValues);
	}

	@Override
	public FastroServerObservationContext removeLowCardinalityKeyValue(String keyName) {
		return remove(true, keyName);
	}

	@Override
	public FastroServerObservationContext removeLowCardinalityKeyValues(String... keyNames) {
		return remove(true, keyNames);
	}

	@Override
	public KeyValues getLowCardinalityKeyValues() {
		return this.lowCardinalityKeyValues;
	}

	@Override
	public KeyValue getLowCardinalityKeyValue(String key) {
		return find(this.lowCardinalityKeyValues, key);
	}

	@Override
	public FastroServerObservationContext addHighCardinalityKeyValue(KeyValue keyValue) {
		return add(false, KeyValues.of(keyValue));
	}

	@Override
	public FastroServerObservationContext addHighCardinalityKeyValues(KeyValues keyValues) {
		return add(false, keyValues);
	}

	@Override
	public FastroServerObservationContext removeHighCardinalityKeyValue(String keyName) {
		return remove(false, keyName);
	}

	@Override
	public FastroServerObservationContext removeHighCardinalityKeyValues(String... keyNames) {
		return remove(false, keyNames);
	}

	@Override
	public KeyValues getHighCardinalityKeyValues() {
		return this.highCardinalityKeyValues;
	}

	@Override
	public KeyValue getHighCardinalityKeyValue(String key) {
		return find(this.highCardinalityKeyValues, key);
	}

	/**
	 * Keeps what a meter handler started for this observation.
	 */
	void meterSamples(FastroServerMeterObservationHandler.Samples samples) {
		// Handlers hear of a start one after the other, on the thread that starts the
		// observation, so no other handler writes the field meanwhile.
		FastroServerMeterObservationHandler.Samples first = this.meterSamples;
		if (first == null || first.handler == samples.handler) {
			this.meterSamples = samples;
		}
		else {
			put(samples.handler, samples);
		}
	}

	/**
	 * What a meter handler started for this observation.
	 * @return the samples, or {@code null} if the handler did not see the observation
	 * start
	 */
	FastroServerMeterObservationHandler.Samples meterSamples(FastroServerMeterObservationHandler handler) {
		FastroServerMeterObservationHandler.Samples first = this.meterSamples;
		return (first != null && first.handler == handler) ? first : get(handler);
	}

	// Compare-and-set rather than a lock: a lock costs two atomic operations where this
	// costs one, and none when the set does not change, as a synchronous request's sets
	// do not between its start and its stop. Each kind has its own constant VarHandle,
	// whose guards the compiler folds down to the compare-and-set itself; one passed as
	// an argument went through them, and a method handle call, on every call.

	private FastroServerObservationContext add(boolean low, KeyValues added) {
		KeyValues keyValues;
		KeyValues merged;
		do {
			keyValues = keyValues(low);
			merged = merged(keyValues, added);
		}
		while (merged != keyValues && !compareAndSet(low, keyValues, merged));
		return this;
	}

	private FastroServerObservationContext remove(boolean low, String... keyNames) {
		KeyValues keyValues;
		do {
			keyValues = keyValues(low);
		}
		while (!compareAndSet(low, keyValues, without(keyValues, keyNames)));
		return this;
	}

	private KeyValues keyValues(boolean low) {
		return low ? this.lowCardinalityKeyValues : this.highCardinalityKeyValues;
	}

	private boolean compareAndSet(boolean low, KeyValues expected, KeyValues changed) {
		return low ? LOW.compareAndSet(this, expected, changed) : HIGH.compareAndSet(this, expected, changed);
	}

	/**
	 * The key values with others added. A convention gives the same keys when the
	 * observation starts and when it stops, so its second set replaces the first whole,
	 * unless it is equal to the first, which then stays.
	 */
	private static KeyValues merged(KeyValues keyValues, KeyValues added) {
		if (keyValues == EMPTY || keyValues == added) {
			return added;
		}
		Iterator<KeyValue> others = added.iterator();
		boolean equal = true;
		for (KeyValue keyValue : keyValues) {
			if (!others.hasNext()) {
				return keyValues.and(added);
			}
			KeyValue other = others.next();
			if (!keyValue.getKey().equals(other.getKey())) {
				return keyValues.and(added);
			}
			equal = equal && keyValue.getValue().equals(other.getValue());
		}
		if (others.hasNext()) {
			return keyValues.and(added);
		}
		return equal ? keyValues : added;
	}

	private static KeyValues without(KeyValues keyValues, String... keyNames) {
		List<String> removed = Arrays.asList(keyNames);
		return KeyValues.of(keyValues.stream().filter((keyValue) -> !removed.contains(keyValue.getKey())).toList());
	}

	private static KeyValue find(KeyValues keyValues, String key) {
		for (KeyValue keyValue : keyValues) {
			if (keyValue.getKey().equals(key)) {
				return keyValue;
			}
		}
		return null;
	}

}
