package dev.fastro.perf.harness;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class CoreTicksTest {

	private static final String BEFORE = """
			cpu  300 0 100 1000 10 0 0 0 0 0
			cpu0 100 0 50 500 5 0 0 0 0 0
			cpu1 200 0 50 500 5 0 0 0 0 0
			intr 12345
			""";

	private static final String AFTER = """
			cpu  1250 0 300 1100 10 0 0 0 0 0
			cpu0 1000 0 130 520 5 10 10 0 0 0
			cpu1 250 10 170 580 5 0 0 0 0 0
			intr 23456
			""";

	@Test
	void readsACoresBusyShareBetweenTwoReadings() {
		// cpu0: 1000 busy ticks of 1020 (user, system, irq and softirq against idle).
		assertThat(CoreTicks.parse(AFTER, 0).busySince(CoreTicks.parse(BEFORE, 0))).isCloseTo(1000.0 / 1020,
				within(1e-9));
		assertThat(CoreTicks.parse(AFTER, 1).busySince(CoreTicks.parse(BEFORE, 1))).isCloseTo(180.0 / 260,
				within(1e-9));
		// The aggregate line, "cpu ", is no core's.
		assertThat(CoreTicks.parse(AFTER, 0)).isEqualTo(new CoreTicks(1150, 1675));
	}

	@Test
	void noTimeIsNoShare() {
		assertThat(CoreTicks.parse(BEFORE, 0).busySince(CoreTicks.parse(BEFORE, 0))).isNaN();
	}

	@Test
	void aMissingCoreIsAnError() {
		assertThatIllegalArgumentException().isThrownBy(() -> CoreTicks.parse(BEFORE, 2)).withMessageContaining("cpu2");
		assertThatIllegalArgumentException().isThrownBy(() -> CoreTicks.parse("cpu0 1 2 3\n", 0))
			.withMessageContaining("too few fields");
	}

	@Test
	void readsThisMachinesCores() throws Exception {
		CoreTicks ticks = CoreTicks.read(0);
		assertThat(ticks.total()).isGreaterThanOrEqualTo(ticks.busy()).isPositive();
	}

}
