package dev.fastro.perf.jmh;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The observation benchmark compares like with like only if its observed requests are
 * timed, each once, its unmetered ones observed but not timed, and its plain ones
 * neither.
 */
class ObservationBenchmarkTest {

	@Test
	void timesEveryObservedRequestAndNoPlainOne() {
		ObservationBenchmark benchmark = new ObservationBenchmark();
		benchmark.setUp();
		benchmark.observed();
		benchmark.observed();
		benchmark.plain();
		assertThat(benchmark.timedRequests()).isEqualTo(3);
	}

	@Test
	void observesEveryUnmeteredRequestWithoutTimingIt() {
		ObservationBenchmark benchmark = new ObservationBenchmark();
		benchmark.setUp();
		benchmark.observedWithoutMeters();
		benchmark.observedWithoutMeters();
		benchmark.plain();
		assertThat(benchmark.stoppedObservations()).isEqualTo(3);
		assertThat(benchmark.timedRequests()).isEqualTo(1);
	}

}
