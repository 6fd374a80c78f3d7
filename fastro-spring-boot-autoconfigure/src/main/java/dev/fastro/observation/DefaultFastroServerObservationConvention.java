package dev.fastro.observation;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
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
	// allocates none of them.
	private static final Map<String, KeyValue> METHODS = Stream
		.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE")
		.collect(Collectors.toUnmodifiableMap(Function.identity(), (method) -> KeyValue.of("method", method)));

	private static final Map<String, String> SPAN_NAMES = METHODS.keySet()
		.stream()
		.collect(Collectors.toUnmodifiableMap(Function.identity(), (method) -> spanName(method, null)));

	private static final KeyValue METHOD_UNKNOWN = KeyValue.of("method", "UNKNOWN");

	private static final int FIRST_STATUS = 100;

	private static final KeyValue[] STATUSES = IntStream.range(FIRST_STATUS, 600)
		.mapToObj((status) -> KeyValue.of("status", Integer.toString(status)))
		.toArray(KeyValue[]::new);

	private static final KeyValue STATUS_UNKNOWN = KeyValue.of("status", "UNKNOWN");

	private static final Map<HttpStatusClass, KeyValue> OUTCOMES = new EnumMap<>(Stream.of(HttpStatusClass.values())
		.collect(Collectors.toMap(Function.identity(), (statusClass) -> KeyValue.of("outcome", statusClass.name()))));

	private static final KeyValue OUTCOME_UNKNOWN = KeyValue.of("outcome", "UNKNOWN");

	private static final KeyValue URI_UNKNOWN = KeyValue.of("uri", "UNKNOWN");

	private static final KeyValue URI_NOT_FOUND = KeyValue.of("uri", "NOT_FOUND");

	private static final KeyValue URI_REDIRECTION = KeyValue.of("uri", "REDIRECTION");

	private static final KeyValue EXCEPTION_NONE = KeyValue.of("exception", KeyValue.NONE_VALUE);

	// Made once per route, as the key values above: there are as many as the application
	// has routes.
	private final Map<String, KeyValue> uris = new ConcurrentHashMap<>();

	private final Map<String, Map<String, String>> spanNames = METHODS.keySet()
		.stream()
		.collect(Collectors.toUnmodifiableMap(Function.identity(), (method) -> new ConcurrentHashMap<>()));

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
		Map<String, String> byPattern = this.spanNames.get(method);
		if (byPattern == null) {
			return spanName(method, pattern);
		}
		if (pattern == null) {
			return SPAN_NAMES.get(method);
		}
		String name = byPattern.get(pattern);
		return (name != null) ? name : byPattern.computeIfAbsent(pattern, (route) -> spanName(method, route));
	}

	private static String spanName(String method, String pattern) {
		String name = "http " + method.toLowerCase(Locale.ROOT);
		return (pattern != null) ? name + " " + pattern : name;
	}

	@Override
	public KeyValues getLowCardinalityKeyValues(FastroServerObservationContext context) {
		// Sorted by key, as KeyValues keeps them.
		return KeyValues.of(exception(context), method(context), outcome(context), status(context), uri(context));
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
		return METHODS.getOrDefault(context.getCarrier().method(), METHOD_UNKNOWN);
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
		return OUTCOMES.get(HttpStatusClass.valueOf(status));
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
			KeyValue uri = this.uris.get(pattern);
			return (uri != null) ? uri : this.uris.computeIfAbsent(pattern, (route) -> KeyValue.of("uri", route));
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

}
