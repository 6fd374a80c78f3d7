package dev.fastro.observation;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.netty.handler.codec.http.HttpStatusClass;

/**
 * The keys Spring WebFlux gives {@code http.server.requests}, so that dashboards and
 * alerts written for it work unchanged: low-cardinality {@code exception},
 * {@code method}, {@code outcome}, {@code status} and {@code uri}, high-cardinality
 * {@code http.url}.
 * <ul>
 * <li>{@code uri} is the matched route's pattern, such as {@code /user/{id}}, never the
 * path; without a route it is {@code REDIRECTION} for a 3xx, {@code NOT_FOUND} for a 404,
 * and {@code UNKNOWN} otherwise.</li>
 * <li>{@code outcome} is the status class ({@code SUCCESS}, {@code CLIENT_ERROR}, ...),
 * or {@code UNKNOWN} when the client went away; {@code status} is then {@code UNKNOWN}
 * too unless the status had been sent.</li>
 * <li>{@code exception} is the simple class name of what a handler, middleware or the
 * routing threw, even when an exception handler turned it into an answer; {@code none}
 * otherwise.</li>
 * <li>{@code method} is {@code UNKNOWN} for a method HTTP does not define.</li>
 * </ul>
 */
public class DefaultFastroServerObservationConvention implements FastroServerObservationConvention {

	/** The name of the observation, and of the timer it records. */
	public static final String NAME = "http.server.requests";

	// The key values every request repeats are made once, so that observing a request
	// allocates none of them. Methods are found by index in this array: the method of a
	// decoded request is one of these very strings, so a scan finds GET at once.
	private static final String[] METHODS = { "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE" };

	private static final KeyValue[] METHOD_KEY_VALUES = Stream.of(METHODS)
		.map((method) -> KeyValue.of("method", method))
		.toArray(KeyValue[]::new);

	private static final String[] SPAN_NAMES = Stream.of(METHODS)
		.map((method) -> spanName(method, null))
		.toArray(String[]::new);

	private static final KeyValue METHOD_UNKNOWN = KeyValue.of("method", "UNKNOWN");

	private static final int FIRST_STATUS = 100;

	private static final KeyValue[] STATUSES = IntStream.range(FIRST_STATUS, 600)
		.mapToObj((status) -> KeyValue.of("status", Integer.toString(status)))
		.toArray(KeyValue[]::new);

	private static final KeyValue STATUS_UNKNOWN = KeyValue.of("status", "UNKNOWN");

	private static final KeyValue[] OUTCOMES = Stream.of(HttpStatusClass.values())
		.map((statusClass) -> KeyValue.of("outcome", statusClass.name()))
		.toArray(KeyValue[]::new);

	private static final KeyValue OUTCOME_UNKNOWN = KeyValue.of("outcome", "UNKNOWN");

	private static final KeyValue URI_UNKNOWN = KeyValue.of("uri", "UNKNOWN");

	private static final KeyValue URI_NOT_FOUND = KeyValue.of("uri", "NOT_FOUND");

	private static final KeyValue URI_REDIRECTION = KeyValue.of("uri", "REDIRECTION");

	private static final KeyValue EXCEPTION_NONE = KeyValue.of("exception", KeyValue.NONE_VALUE);

	// Made once per route, as the key values above: there are as many as the application
	// has routes. A request asks for its route's keys up to three times, so the last ones
	// found are kept by the identity of their pattern, which is one string per route.
	private final Map<String, RouteKeys> routes = new ConcurrentHashMap<>();

	private final RouteKeys[] recentRoutes = new RouteKeys[64];

	private final KeyValueSets keyValueSets = new KeyValueSets();

	private final String name;

	/**
	 * Names the observation {@value #NAME}.
	 */
	public DefaultFastroServerObservationConvention() {
		this(NAME);
	}

	/**
	 * Gives the observation another name, as Spring Boot's
	 * {@code management.observations.http.server.requests.name} does: its timer is then
	 * named so, and its long task timer so, followed by {@code .active}.
	 * @param name the name of the observation
	 */
	public DefaultFastroServerObservationConvention(String name) {
		this.name = name;
	}

	@Override
	public String getName() {
		return this.name;
	}

	/**
	 * The span's name: {@code http get /user/{id}}, or {@code http get} without a route.
	 */
	@Override
	public String getContextualName(FastroServerObservationContext context) {
		String method = context.getCarrier().method();
		String pattern = context.getPathPattern();
		int index = methodIndex(method);
		if (index < 0) {
			return spanName(method, pattern);
		}
		return (pattern != null) ? routeKeys(pattern).spanNames[index] : SPAN_NAMES[index];
	}

	private static String spanName(String method, String pattern) {
		String name = "http " + method.toLowerCase(Locale.ROOT);
		return (pattern != null) ? name + " " + pattern : name;
	}

	@Override
	public KeyValues getLowCardinalityKeyValues(FastroServerObservationContext context) {
		return this.keyValueSets.of(exception(context), method(context), outcome(context), status(context),
				uri(context));
	}

	@Override
	public KeyValues getHighCardinalityKeyValues(FastroServerObservationContext context) {
		return KeyValues.of(httpUrl(context));
	}

	/**
	 * The simple name of the exception the answer was made for, or {@code none}.
	 * @param context the observation's context
	 * @return the {@code exception} key value
	 */
	protected KeyValue exception(FastroServerObservationContext context) {
		Throwable error = context.getError();
		if (error == null) {
			return EXCEPTION_NONE;
		}
		String name = error.getClass().getSimpleName();
		return KeyValue.of("exception", name.isEmpty() ? error.getClass().getName() : name);
	}

	/**
	 * The request method, or {@code UNKNOWN} for one HTTP does not define.
	 * @param context the observation's context
	 * @return the {@code method} key value
	 */
	protected KeyValue method(FastroServerObservationContext context) {
		int index = methodIndex(context.getCarrier().method());
		return (index >= 0) ? METHOD_KEY_VALUES[index] : METHOD_UNKNOWN;
	}

	/**
	 * The status class of the answer, or {@code UNKNOWN} when the client went away.
	 * @param context the observation's context
	 * @return the {@code outcome} key value
	 */
	protected KeyValue outcome(FastroServerObservationContext context) {
		Integer status = context.getStatus();
		if (context.isConnectionAborted() || status == null) {
			return OUTCOME_UNKNOWN;
		}
		return OUTCOMES[HttpStatusClass.valueOf(status).ordinal()];
	}

	/**
	 * The status of the answer, or {@code UNKNOWN} when the client went away before it
	 * was sent.
	 * @param context the observation's context
	 * @return the {@code status} key value
	 */
	protected KeyValue status(FastroServerObservationContext context) {
		Integer status = context.getStatus();
		if (status == null) {
			return STATUS_UNKNOWN;
		}
		int index = status - FIRST_STATUS;
		return (index >= 0 && index < STATUSES.length) ? STATUSES[index]
				: KeyValue.of("status", Integer.toString(status));
	}

	/**
	 * The route's pattern; {@code REDIRECTION}, {@code NOT_FOUND} or {@code UNKNOWN}
	 * without a route.
	 * @param context the observation's context
	 * @return the {@code uri} key value
	 */
	protected KeyValue uri(FastroServerObservationContext context) {
		String pattern = context.getPathPattern();
		if (pattern != null) {
			return routeKeys(pattern).uri;
		}
		Integer status = context.getStatus();
		if (status != null) {
			if (HttpStatusClass.valueOf(status) == HttpStatusClass.REDIRECTION) {
				return URI_REDIRECTION;
			}
			if (status == 404) {
				return URI_NOT_FOUND;
			}
		}
		return URI_UNKNOWN;
	}

	/**
	 * The request's path, without the query.
	 * @param context the observation's context
	 * @return the {@code http.url} key value
	 */
	protected KeyValue httpUrl(FastroServerObservationContext context) {
		return KeyValue.of("http.url", context.getCarrier().path());
	}

	private RouteKeys routeKeys(String pattern) {
		int slot = System.identityHashCode(pattern) & (this.recentRoutes.length - 1);
		RouteKeys keys = this.recentRoutes[slot];
		if (keys == null || keys.pattern != pattern) {
			keys = this.routes.computeIfAbsent(pattern, RouteKeys::new);
			this.recentRoutes[slot] = keys;
		}
		return keys;
	}

	private static int methodIndex(String method) {
		for (int i = 0; i < METHODS.length; i++) {
			if (METHODS[i].equals(method)) {
				return i;
			}
		}
		return -1;
	}

	/**
	 * A route's {@code uri} key value and its span name for each method. Its fields are
	 * final, so another event loop reading it from the table sees it whole.
	 */
	private static final class RouteKeys {

		private final String pattern;

		private final KeyValue uri;

		private final String[] spanNames;

		RouteKeys(String pattern) {
			this.pattern = pattern;
			this.uri = KeyValue.of("uri", pattern);
			this.spanNames = Stream.of(METHODS).map((method) -> spanName(method, pattern)).toArray(String[]::new);
		}

	}

	/**
	 * The low-cardinality sets requests repeat, each sorted into one {@link KeyValues}
	 * once. A small direct-mapped table finds a set by the identities of its key values,
	 * which for almost every request are the ones made once above; an exception's, made
	 * afresh, misses and is sorted as it comes. Giving the same set as the same
	 * {@code KeyValues} also lets a meter handler's lookups compare sets by reference.
	 */
	private static final class KeyValueSets {

		private final KeyValueSet[] table = new KeyValueSet[256];

		KeyValues of(KeyValue exception, KeyValue method, KeyValue outcome, KeyValue status, KeyValue uri) {
			int hash = System.identityHashCode(exception);
			hash = 31 * hash + System.identityHashCode(method);
			hash = 31 * hash + System.identityHashCode(outcome);
			hash = 31 * hash + System.identityHashCode(status);
			hash = 31 * hash + System.identityHashCode(uri);
			int slot = (hash ^ (hash >>> 16)) & (this.table.length - 1);
			KeyValueSet set = this.table[slot];
			if (set == null || set.exception != exception || set.method != method || set.outcome != outcome
					|| set.status != status || set.uri != uri) {
				// Sorted by key, as KeyValues keeps them. A record's fields are final,
				// so another event loop reading the slot sees the set whole.
				set = new KeyValueSet(exception, method, outcome, status, uri,
						KeyValues.of(exception, method, outcome, status, uri));
				this.table[slot] = set;
			}
			return set.keyValues;
		}

		private record KeyValueSet(KeyValue exception, KeyValue method, KeyValue outcome, KeyValue status, KeyValue uri,
				KeyValues keyValues) {

		}

	}

}
