package dev.fastro.perf.harness;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JmhResultsTest {

	@Test
	void readsTimeAndAllocationPerLookupFromJmhJson() throws Exception {
		// Written by "perf/run --jmh --quick": one iteration, so JMH writes the error as
		// "NaN".
		JmhResults results = JmhResults.read(Path.of(getClass().getResource("/jmh-results.json").toURI()));
		assertThat(results.rows()).hasSize(2);
		JmhResults.Row fastro = results.rows().get(0);
		assertThat(fastro.router()).isEqualTo("fastro");
		assertThat(fastro.request()).isEqualTo("two-params");
		assertThat(fastro.nsPerOp()).isPositive();
		assertThat(fastro.nsError()).isNaN();
		assertThat(fastro.bytesPerOp()).isNotNaN().isGreaterThanOrEqualTo(0);
	}

}
