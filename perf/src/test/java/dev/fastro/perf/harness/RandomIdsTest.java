package dev.fastro.perf.harness;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RandomIdsTest {

	private static final RandomIds ZIPF = new RandomIds("/user/", "User ", RandomIds.Distribution.ZIPF, 1_000_000);

	@Test
	void theSampleHasTheEndsTheHeadAndUniformIdsAllDistinctAndInRange() {
		List<Long> sample = ZIPF.sample();
		assertThat(sample).hasSize(16)
			.startsWith(1L, 2L, 3L, 10L, 100L, 1_000L, 500_000L, 999_999L, 1_000_000L)
			.allSatisfy(id -> assertThat(id).isBetween(1L, 1_000_000L));
		assertThat(new HashSet<>(sample)).hasSize(16);
		// Fixed, so a refusal can be reproduced.
		assertThat(ZIPF.sample()).isEqualTo(sample);
		assertThat(new RandomIds("/x/", "", RandomIds.Distribution.UNIFORM, 5).sample()).containsExactlyInAnyOrder(1L,
				2L, 3L, 4L, 5L);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RandomIds("/x/", "", RandomIds.Distribution.UNIFORM, 1));
	}

	@Test
	void eachSampleIsAConcreteRequestWithItsOwnAnswer() {
		Probe probe = Scenario.URL_PARAMS_UNIFORM.probe();
		assertThat(probe.request().target()).isEqualTo("/user/1");
		assertThat(probe.request()).hasToString("GET /user/<uniform id of 1,000,000>");
		List<Probe> samples = probe.samples();
		assertThat(samples).hasSize(16);
		for (Probe sample : samples) {
			assertThat(sample.request().ids()).isNull();
			String id = sample.request().target().substring("/user/".length());
			assertThat(new String(sample.expected().body(), StandardCharsets.UTF_8)).isEqualTo("User " + id);
			assertThat(sample.expected().contentType()).isEqualTo("text/plain; charset=utf-8");
			assertThat(sample.expected().status()).isEqualTo(200);
		}
		assertThat(Scenario.ROOT.probe().samples()).containsExactly(Scenario.ROOT.probe());
		// The two realistic scenarios are different requests, so each is verified and
		// warmed up.
		assertThat(Scenario.URL_PARAMS_UNIFORM.probe().request())
			.isNotEqualTo(Scenario.URL_PARAMS_ZIPF.probe().request());
	}

}
