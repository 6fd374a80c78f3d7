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

	@Test
	void cpuPerRequestIsTheServersTicksOverTheRequestsItAnswered() {
		// 250 ticks at 100 per second is 2.5 s of CPU; over 500,000 requests that is 5 µs
		// each.
		CpuTime cpu = new CpuTime(250, 100);
		assertThat(cpu.micros()).isCloseTo(2_500_000, within(1e-6));
		assertThat(cpu.microsPerRequest(500_000)).isCloseTo(5.0, within(1e-12));
		assertThat(new CpuTime(3, 1000).micros()).isCloseTo(3000, within(1e-9));
		assertThat(cpu.microsPerRequest(0)).isNaN();
		assertThat(CpuTime.UNKNOWN.microsPerRequest(500_000)).isNaN();
		Measurement measured = new Measurement(Experiment.MAIN, "Root", ServerKind.FASTRO, 1, 100, 1, 5,
				new WrkResult(400_000, 5_000_000, 1500, 2500, 0, 0, 0, 0, 0, 0), new CpuTime(480, 100));
		assertThat(measured.cpuMicrosPerRequest()).isCloseTo(12.0, within(1e-12));
	}

	@Test
	void cpuRatioIsTheMedianOfPerRoundRatiosAndSkipsUnknownAndInvalidRounds() {
		// Round by round, CPU µs/req: 12/10, 11/10, unknown, invalid native, 30/20.
		List<Measurement> native_ = List.of(cpuRun(ServerKind.NATIVE, 1, 10), cpuRun(ServerKind.NATIVE, 2, 10),
				cpuRun(ServerKind.NATIVE, 3, 10), invalid(ServerKind.NATIVE, 4), cpuRun(ServerKind.NATIVE, 5, 20));
		List<Measurement> fastro = List.of(cpuRun(ServerKind.FASTRO, 1, 12), cpuRun(ServerKind.FASTRO, 2, 11),
				new Measurement(Experiment.MAIN, "Root", ServerKind.FASTRO, 3, 100, 1, 1,
						new WrkResult(100_000, 1_000_000, 1500, 2500, 0, 0, 0, 0, 0, 0), CpuTime.UNKNOWN),
				cpuRun(ServerKind.FASTRO, 4, 5), cpuRun(ServerKind.FASTRO, 5, 30));
		Stats.Ratio ratio = Stats.cpuRatio(fastro, native_);
		assertThat(ratio.rounds()).isEqualTo(3);
		assertThat(ratio.median()).isCloseTo(1.2, within(1e-9));
		assertThat(ratio.min()).isCloseTo(1.1, within(1e-9));
		assertThat(ratio.max()).isCloseTo(1.5, within(1e-9));
		Summary summary = Summary
			.of(List.of(native_.get(0), fastro.get(0), native_.get(1), fastro.get(1), native_.get(4), fastro.get(4)),
					Experiment.MAIN)
			.get(1);
		assertThat(summary.cpuMicrosPerRequest()).isCloseTo(12.0, within(1e-9));
		assertThat(summary.cpuRatio().median()).isCloseTo(1.2, within(1e-9));
	}

	static Measurement run(ServerKind server, int round, double throughput) {
		return new Measurement(Experiment.MAIN, "Root", server, round, 100, 1, 1,
				new WrkResult(Math.round(throughput), 1_000_000, 1500, 2500, 0, 0, 0, 0, 0, 0), new CpuTime(1, 100));
	}

	/**
	 * A run of 100,000 requests whose server used the given CPU microseconds per request.
	 */
	static Measurement cpuRun(ServerKind server, int round, int microsPerRequest) {
		return new Measurement(Experiment.MAIN, "Root", server, round, 100, 1, 1,
				new WrkResult(100_000, 1_000_000, 1500, 2500, 0, 0, 0, 0, 0, 0),
				new CpuTime(microsPerRequest * 10L, 100));
	}

	static Measurement invalid(ServerKind server, int round) {
		return new Measurement(Experiment.MAIN, "Root", server, round, 100, 1, 1,
				new WrkResult(100, 1_000_000, 1500, 2500, 0, 0, 0, 0, 1, 0), new CpuTime(1, 100));
	}

}
