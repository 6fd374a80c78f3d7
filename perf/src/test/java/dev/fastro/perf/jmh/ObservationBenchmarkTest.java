package dev.fastro.perf.jmh;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The observation benchmark compares like with like only if its observed requests are
 * timed, each once, and its plain ones are not.
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

}
