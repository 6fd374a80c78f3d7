package dev.fastro.observation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

import io.micrometer.common.KeyValues;
import io.micrometer.core.instrument.LongTaskTimer;
import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Statistic;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler.IgnoredMeters;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationHandler.FirstMatchingCompositeObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fastro's meter handler keeps its meters instead of looking them up, and must still
 * leave a registry exactly as Micrometer's own handler leaves it, with the registry's
 * filters and with its long task timers on or off; observations it does not support go to
 * the handler after it, as Spring Boot groups them.
 */
class FastroServerMeterObservationHandlerTest {

	/**
	 * One observed request: whether it is answered within the scope its handler is called
	 * in, as a synchronous handler's is, and whether it is still open at the end.
	 */
	record Request(String uri, String status, boolean failed, boolean event, boolean answeredInScope, boolean open) {

	}

	/**
	 * With {@code reused}, every set of key values is given as the same object each time
	 * it recurs, as Fastro's default convention gives them, so that the handler finds its
	 * meters by identity; otherwise each is a new object, as a convention of the
	 * application's may make them.
	 */
	@Property(tries = 300)
	void leavesTheRegistryAsMicrometersHandlerDoes(@ForAll("requests") List<Request> requests,
			@ForAll boolean longTaskTimers, @ForAll boolean filtered, @ForAll boolean reused) {
		Function<MeterRegistry, DefaultMeterObservationHandler> micrometers = (meters) -> longTaskTimers
				? new DefaultMeterObservationHandler(meters)
				: new DefaultMeterObservationHandler(meters, IgnoredMeters.LONG_TASK_TIMER);
		MeterRegistry expected = registry(filtered);
		serve(requests, observations(micrometers.apply(expected)), new KeyValueSets(false));
		MeterRegistry actual = registry(filtered);
		serve(requests,
				observations(new FirstMatchingCompositeObservationHandler(
						new FastroServerMeterObservationHandler(actual, longTaskTimers), micrometers.apply(actual))),
				new KeyValueSets(reused));
		assertThat(snapshot(actual)).isEqualTo(snapshot(expected));
	}

	@Example
	void registersAMeterAgainOnceItHasBeenRemoved() {
		MeterRegistry meters = new SimpleMeterRegistry();
		ObservationRegistry observations = observations(new FastroServerMeterObservationHandler(meters, true));
		Request request = new Request("/user/{id}", "200", false, false, true, false);
		KeyValueSets sets = new KeyValueSets(true);
		serve(List.of(request), observations, sets);
		meters.remove(meters.get("http.server.requests").timer());
		serve(List.of(request, request), observations, sets);
		assertThat(meters.get("http.server.requests").timer().count()).isEqualTo(2);
	}

	@Example
	void twoHandlersOfOneObservationEachStopWhatTheyStarted() {
		MeterRegistry first = new SimpleMeterRegistry();
		MeterRegistry second = new SimpleMeterRegistry();
		ObservationRegistry observations = ObservationRegistry.create();
		observations.observationConfig()
			.observationHandler(new FastroServerMeterObservationHandler(first, true))
			.observationHandler(new FastroServerMeterObservationHandler(second, false));
		serve(List.of(new Request("/json", "200", false, false, false, false)), observations, new KeyValueSets(true));
		assertThat(first.get("http.server.requests").timer().count()).isEqualTo(1);
		assertThat(first.get("http.server.requests.active").longTaskTimer().activeTasks()).isZero();
		assertThat(second.get("http.server.requests").timer().count()).isEqualTo(1);
		assertThat(second.find("http.server.requests.active").meters()).isEmpty();
	}

	@Example
	void countsARequestAsALongTaskOnceItOutlivesItsScope() {
		MeterRegistry meters = new SimpleMeterRegistry();
		ObservationRegistry observations = observations(new FastroServerMeterObservationHandler(meters, true));
		Observation answered = Observation
			.createNotStarted("http.server.requests", () -> new FastroServerObservationContext(null), observations)
			.start();
		try (Observation.Scope scope = answered.openScope()) {
			answered.stop();
		}
		LongTaskTimer active = meters.get("http.server.requests.active").longTaskTimer();
		assertThat(active.activeTasks()).isZero();
		Observation pending = Observation
			.createNotStarted("http.server.requests", () -> new FastroServerObservationContext(null), observations)
			.start();
		try (Observation.Scope scope = pending.openScope()) {
			assertThat(active.activeTasks()).isZero();
		}
		assertThat(active.activeTasks()).isOne();
		pending.openScope().close();
		assertThat(active.activeTasks()).isOne();
		pending.stop();
		assertThat(active.activeTasks()).isZero();
	}

	@Example
	void leavesOtherObservationsToTheNextHandler() {
		MeterRegistry meters = new SimpleMeterRegistry();
		FastroServerMeterObservationHandler handler = new FastroServerMeterObservationHandler(meters, true);
		assertThat(handler.supportsContext(new Observation.Context())).isFalse();
		assertThat(handler.supportsContext(new FastroServerObservationContext(null))).isTrue();
	}

	@Provide
	Arbitrary<List<Request>> requests() {
		Arbitrary<Request> request = Combinators
			.combine(Arbitraries.of("/user/{id}", "/json", "NOT_FOUND"), Arbitraries.of("200", "404", "500"),
					Arbitraries.of(false, true), Arbitraries.of(false, true), Arbitraries.of(false, true),
					Arbitraries.integers().between(0, 9).map((n) -> n == 0))
			.as(Request::new);
		return request.list().ofMaxSize(12);
	}

	private static MeterRegistry registry(boolean filtered) {
		MeterRegistry meters = new SimpleMeterRegistry();
		if (filtered) {
			meters.config().meterFilter(MeterFilter.ignoreTags("status"));
			meters.config().meterFilter(MeterFilter.denyNameStartsWith("http.server.requests.event"));
		}
		return meters;
	}

	private static ObservationRegistry observations(ObservationHandler<?> handler) {
		ObservationRegistry registry = ObservationRegistry.create();
		registry.observationConfig().observationHandler(handler);
		return registry;
	}

	/**
	 * Serves each request as Fastro's server does: an observation whose key values change
	 * when its status is known, as a convention's do between the start and the stop, with
	 * a scope open while its handler is called.
	 */
	private static void serve(List<Request> requests, ObservationRegistry registry, KeyValueSets sets) {
		for (Request request : requests) {
			FastroServerObservationContext context = new FastroServerObservationContext(null);
			context.addLowCardinalityKeyValues(sets.of(request.uri(), "UNKNOWN"));
			Observation observation = Observation.createNotStarted("http.server.requests", () -> context, registry)
				.start();
			context.addLowCardinalityKeyValues(sets.of(request.uri(), request.status()));
			if (request.event()) {
				observation.event(Observation.Event.of("event"));
			}
			if (request.failed()) {
				observation.error(new IllegalStateException("failed"));
			}
			try (Observation.Scope scope = observation.openScope()) {
				if (request.answeredInScope() && !request.open()) {
					observation.stop();
				}
			}
			if (!request.answeredInScope() && !request.open()) {
				observation.stop();
			}
		}
	}

	/** The key values of requests, each set made once or every time it is asked for. */
	private static final class KeyValueSets {

		private final Map<List<String>, KeyValues> made = new HashMap<>();

		private final boolean reused;

		KeyValueSets(boolean reused) {
			this.reused = reused;
		}

		KeyValues of(String uri, String status) {
			if (!this.reused) {
				return make(uri, status);
			}
			return this.made.computeIfAbsent(List.of(uri, status), (key) -> make(uri, status));
		}

		private static KeyValues make(String uri, String status) {
			return KeyValues.of("method", "GET", "status", status, "uri", uri);
		}

	}

	/** Every meter by its id, with its counts: what it recorded, apart from durations. */
	private static Map<String, String> snapshot(MeterRegistry meters) {
		Map<String, String> snapshot = new TreeMap<>();
		for (Meter meter : meters.getMeters()) {
			List<String> counts = new ArrayList<>();
			for (Measurement measurement : meter.measure()) {
				if (measurement.getStatistic() == Statistic.COUNT
						|| measurement.getStatistic() == Statistic.ACTIVE_TASKS) {
					counts.add(measurement.getStatistic() + "=" + measurement.getValue());
				}
			}
			snapshot.put(meter.getId().toString(), meter.getId().getType() + " " + counts);
		}
		return snapshot;
	}

}
