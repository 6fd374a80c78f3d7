package dev.fastro.perf.harness;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ProcessCpuTest {

	@Test
	void addsUtimeAndStimeFields14And15() {
		String stat = "4733 (java) S 4731 4731 2882 0 -1 4194304 97 0 0 0 1234 567 0 0 20 0 31 0 359325 3133440 380 "
				+ "18446744073709551615 93831573798912 93831573818793 140725580282896 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0";
		assertThat(ProcessCpu.ticks(stat)).isEqualTo(1234 + 567);
	}

	@Test
	void aCommandNameWithSpacesAndParenthesesDoesNotShiftTheFields() {
		// comm is whatever the process named itself, up to 15 bytes: ") S 1 2 3" inside
		// it must not count.
		String stat = "99 (a) S 1 2 3) x (y) R 1 99 99 0 -1 4194560 10 0 0 0 70 30 1 2 20 0 1 0 100 1000 10 "
				+ "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0";
		assertThat(ProcessCpu.ticks(stat)).isEqualTo(100);
	}

	@Test
	void theChildrensTimesAreNotCounted() {
		// Fields 16 and 17 (cutime, cstime) belong to reaped children, not to the server.
		String stat = "7 (java) R 1 7 7 0 -1 0 0 0 0 0 5 6 700 800 20 0 1 0 100 1000 10";
		assertThat(ProcessCpu.ticks(stat)).isEqualTo(11);
	}

	@Test
	void readsThisJvmsOwnTime() throws Exception {
		long pid = ProcessHandle.current().pid();
		long before = ProcessCpu.ticks(pid);
		long spin = System.nanoTime() + 200_000_000L;
		double sink = 0;
		while (System.nanoTime() < spin) {
			sink += Math.sqrt(sink + 1);
		}
		assertThat(sink).isPositive();
		// 200 ms of spinning is about 20 ticks at 100 per second; allow for a busy
		// machine.
		assertThat(ProcessCpu.ticks(pid) - before).isGreaterThanOrEqualTo(5);
		assertThat(ProcessCpu.ticksPerSecond()).isPositive();
	}

	@Test
	void aLineThatIsNoStatLineIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> ProcessCpu.ticks("no parenthesis here"));
		assertThatIllegalArgumentException().isThrownBy(() -> ProcessCpu.ticks("1 (java) S 1 2"));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ProcessCpu.ticks("7 (java) R 1 7 7 0 -1 0 0 0 0 0 x 6 700 800 20 0 1 0 100 1000 10"));
	}

}
