package dev.fastro.observation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The context keeps key values as whole sets instead of Micrometer's maps: after any
 * sequence of changes, it must still report exactly what Micrometer's own context reports
 * after the same changes.
 */
class FastroServerObservationContextTest {

	private static final List<String> KEYS = List.of("exception", "method", "outcome", "status", "uri");

	/** One change to the low-cardinality or the high-cardinality key values. */
	sealed interface Change {

		void applyTo(Observation.Context context);

	}

	record AddAll(boolean high, KeyValues keyValues) implements Change {

		@Override
		public void applyTo(Observation.Context context) {
			if (this.high) {
				context.addHighCardinalityKeyValues(this.keyValues);
			}
			else {
				context.addLowCardinalityKeyValues(this.keyValues);
			}
		}

	}

	record AddOne(boolean high, KeyValue keyValue) implements Change {

		@Override
		public void applyTo(Observation.Context context) {
			if (this.high) {
				context.addHighCardinalityKeyValue(this.keyValue);
			}
			else {
				context.addLowCardinalityKeyValue(this.keyValue);
			}
		}

	}

	record RemoveOne(boolean high, String key) implements Change {

		@Override
		public void applyTo(Observation.Context context) {
			if (this.high) {
				context.removeHighCardinalityKeyValue(this.key);
			}
			else {
				context.removeLowCardinalityKeyValue(this.key);
			}
		}

	}

	record RemoveSome(boolean high, List<String> keys) implements Change {

		@Override
		public void applyTo(Observation.Context context) {
			if (this.high) {
				context.removeHighCardinalityKeyValues(this.keys.toArray(String[]::new));
			}
			else {
				context.removeLowCardinalityKeyValues(this.keys.toArray(String[]::new));
			}
		}

	}

	@Property(tries = 1000)
	void reportsWhatMicrometersContextReports(@ForAll("changes") List<Change> changes) {
		Observation.Context expected = new Observation.Context();
		FastroServerObservationContext context = new FastroServerObservationContext(null);
		for (Change change : changes) {
			change.applyTo(expected);
			change.applyTo(context);
			assertThat(context.getLowCardinalityKeyValues()).as("after %s", change)
				.containsExactlyElementsOf(expected.getLowCardinalityKeyValues());
			assertThat(context.getHighCardinalityKeyValues()).as("after %s", change)
				.containsExactlyElementsOf(expected.getHighCardinalityKeyValues());
			assertThat(context.getAllKeyValues()).containsExactlyElementsOf(expected.getAllKeyValues());
			for (String key : KEYS) {
				assertThat(context.getLowCardinalityKeyValue(key)).isEqualTo(expected.getLowCardinalityKeyValue(key));
				assertThat(context.getHighCardinalityKeyValue(key)).isEqualTo(expected.getHighCardinalityKeyValue(key));
			}
		}
	}

	@Example
	void keepsEveryKeyValueAddedFromManyThreadsAtOnce() throws Exception {
		FastroServerObservationContext context = new FastroServerObservationContext(null);
		int threads = 4;
		int perThread = 500;
		CountDownLatch start = new CountDownLatch(1);
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		try {
			List<Future<?>> adding = IntStream.range(0, threads).<Future<?>>mapToObj((thread) -> executor.submit(() -> {
				start.await();
				for (int i = 0; i < perThread; i++) {
					context.addLowCardinalityKeyValue(KeyValue.of("low-" + thread + "-" + i, "v"));
					context.addHighCardinalityKeyValues(KeyValues.of("high-" + thread + "-" + i, "v"));
				}
				return null;
			})).toList();
			start.countDown();
			for (Future<?> added : adding) {
				added.get();
			}
		}
		finally {
			executor.shutdownNow();
		}
		assertThat(context.getLowCardinalityKeyValues()).hasSize(threads * perThread);
		assertThat(context.getHighCardinalityKeyValues()).hasSize(threads * perThread);
	}

	@Provide
	Arbitrary<List<Change>> changes() {
		Arbitrary<String> keys = Arbitraries.of(KEYS);
		Arbitrary<KeyValue> keyValues = Combinators.combine(keys, Arbitraries.of("a", "b"))
			.as((key, value) -> KeyValue.of(key, value));
		// Whole sets are mostly the convention's five keys, as on every request, and
		// sometimes fewer or other keys, as a filter or another convention may add.
		Arbitrary<KeyValues> conventionSets = Arbitraries.of("a", "b").list().ofSize(KEYS.size()).map((values) -> {
			KeyValues set = KeyValues.empty();
			for (int i = 0; i < KEYS.size(); i++) {
				set = set.and(KEYS.get(i), values.get(i));
			}
			return set;
		});
		Arbitrary<KeyValues> otherSets = keyValues.list().ofMaxSize(3).map(KeyValues::of);
		Arbitrary<Boolean> high = Arbitraries.of(false, true);
		Arbitrary<Change> change = Arbitraries.frequencyOf(
				Tuple.of(6, Combinators.combine(high, Arbitraries.oneOf(conventionSets, otherSets)).as(AddAll::new)),
				Tuple.of(1, Combinators.combine(high, keyValues).as(AddOne::new)),
				Tuple.of(1, Combinators.combine(high, keys).as(RemoveOne::new)),
				Tuple.of(1, Combinators.combine(high, keys.list().ofMaxSize(2)).as(RemoveSome::new)));
		return change.list().ofMaxSize(10);
	}

}
