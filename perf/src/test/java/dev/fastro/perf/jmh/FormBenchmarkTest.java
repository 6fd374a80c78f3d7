package dev.fastro.perf.jmh;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The form benchmark must decode the whole form, every field in order, before its speed
 * means anything.
 */
class FormBenchmarkTest {

	@Test
	void decodesEveryFieldOfTheForm() {
		FormBenchmark benchmark = new FormBenchmark();
		benchmark.setUp();
		Map<String, List<String>> fields = benchmark.decode();
		assertThat(FormBenchmark.form()).hasSizeBetween(FormBenchmark.LENGTH - FormBenchmark.FIELDS,
				FormBenchmark.LENGTH);
		assertThat(fields).hasSize(FormBenchmark.FIELDS);
		int i = 0;
		for (Map.Entry<String, List<String>> field : fields.entrySet()) {
			assertThat(field.getKey()).isEqualTo(FormBenchmark.name(i));
			assertThat(field.getValue()).containsExactly(FormBenchmark.value(i));
			i++;
		}
	}

}
