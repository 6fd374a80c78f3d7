package dev.fastro.perf.harness;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class StatsTest {

	@Test
	void medianOfAnOddCountIsTheMiddleValue() {
		assertThat(Stats.median(List.of(3.0, 1.0, 2.0))).isEqualTo(2.0);
	}

	@Test
	void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
		assertThat(Stats.median(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(2.5);
	}

	@Test
	void medianOfOneValueIsThatValue() {
		assertThat(Stats.median(List.of(7.0))).isEqualTo(7.0);
	}

	@Test
	void medianOfNothingIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> Stats.median(List.of()));
	}

	@Test
	void ratioIsTheMedianOfPerRoundRatiosNotTheRatioOfMedians() {
		// Round by round: 90/100, 99/110 = 0.9, 50/40 = 1.25. The ratio of the medians
		// would be 90/100.
		List<Measurement> native_ = List.of(run(ServerKind.NATIVE, 1, 100), run(ServerKind.NATIVE, 2, 110),
				run(ServerKind.NATIVE, 3, 40));
		List<Measurement> fastro = List.of(run(ServerKind.FASTRO, 1, 90), run(ServerKind.FASTRO, 2, 99),
				run(ServerKind.FASTRO, 3, 50));
		Stats.Ratio ratio = Stats.ratio(fastro, native_);
		assertThat(ratio.median()).isCloseTo(0.9, within(1e-9));
		assertThat(ratio.min()).isCloseTo(0.9, within(1e-9));
		assertThat(ratio.max()).isCloseTo(1.25, within(1e-9));
		assertThat(ratio.rounds()).isEqualTo(3);
	}

	@Test
	void aRoundWithAnInvalidRunOnEitherSideIsLeftOut() {
		List<Measurement> native_ = List.of(run(ServerKind.NATIVE, 1, 100), invalid(ServerKind.NATIVE, 2),
				run(ServerKind.NATIVE, 3, 100));
		List<Measurement> fastro = List.of(run(ServerKind.FASTRO, 1, 80), run(ServerKind.FASTRO, 2, 500),
				invalid(ServerKind.FASTRO, 3));
		Stats.Ratio ratio = Stats.ratio(fastro, native_);
		assertThat(ratio.rounds()).isEqualTo(1);
		assertThat(ratio.median()).isCloseTo(0.8, within(1e-9));
	}

	@Test
	void noRatioWithoutARoundWhereBothAreValid() {
		assertThat(Stats.ratio(List.of(run(ServerKind.FASTRO, 1, 80)), List.of(invalid(ServerKind.NATIVE, 1))))
			.isNull();
	}

	@Test
	void summaryTakesMediansOverValidRoundsAndTheRatioToNative() {
		List<Measurement> runs = List.of(run(ServerKind.NATIVE, 1, 100), run(ServerKind.FASTRO, 1, 95),
				run(ServerKind.NATIVE, 2, 200), run(ServerKind.FASTRO, 2, 180), run(ServerKind.NATIVE, 3, 300),
				invalid(ServerKind.FASTRO, 3));
		List<Summary> summaries = Summary.of(runs, Experiment.MAIN);
		assertThat(summaries).hasSize(2);
		Summary fastro = summaries.get(1);
		assertThat(fastro.server()).isEqualTo(ServerKind.FASTRO);
		assertThat(fastro.rounds()).isEqualTo(3);
		assertThat(fastro.validRounds()).isEqualTo(2);
		assertThat(fastro.throughput()).isCloseTo(137.5, within(1e-9));
		assertThat(fastro.ratio().median()).isCloseTo(0.925, within(1e-9));
		assertThat(fastro.problems()).containsExactly("round 3: 1 non-2xx answers");
	}

	static Measurement run(ServerKind server, int round, double throughput) {
		return new Measurement(Experiment.MAIN, "Root", server, round, 100, 1,
				new WrkResult(Math.round(throughput), 1_000_000, 1500, 2500, 0, 0, 0, 0, 0));
	}

	static Measurement invalid(ServerKind server, int round) {
		return new Measurement(Experiment.MAIN, "Root", server, round, 100, 1,
				new WrkResult(100, 1_000_000, 1500, 2500, 0, 0, 0, 0, 1));
	}

}
