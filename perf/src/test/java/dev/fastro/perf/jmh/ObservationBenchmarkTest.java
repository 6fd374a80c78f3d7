package dev.fastro.perf.jmh;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The observation benchmark compares like with like only if its observed requests are
 * timed, each once, its unmetered ones observed but not timed, and its plain ones
 * neither.
 */
class ObservationBenchmarkTest {

	private final ObservationBenchmark benchmark = new ObservationBenchmark();

	@BeforeEach
	void setUp() {
		this.benchmark.setUp();
	}

	@AfterEach
	void tearDown() {
		this.benchmark.tearDown();
	}

	@Test
	void timesEveryObservedRequestAndNoPlainOne() {
		this.benchmark.observed();
		this.benchmark.observed();
		this.benchmark.plain();
		assertThat(this.benchmark.timedRequests()).isEqualTo(3);
	}

	@Test
	void observesEveryUnmeteredRequestWithoutTimingIt() {
		this.benchmark.observedWithoutMeters();
		this.benchmark.observedWithoutMeters();
		this.benchmark.plain();
		assertThat(this.benchmark.stoppedObservations()).isEqualTo(3);
		assertThat(this.benchmark.timedRequests()).isEqualTo(1);
	}

}
