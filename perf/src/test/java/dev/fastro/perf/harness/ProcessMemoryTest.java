package dev.fastro.perf.harness;

import java.io.IOException;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ProcessMemoryTest {

	private static final String STATUS = """
			Name:\tjava
			Umask:\t0022
			State:\tS (sleeping)
			Pid:\t4733
			VmPeak:\t 3650040 kB
			VmSize:\t 3585500 kB
			VmHWM:\t  140312 kB
			VmRSS:\t  131072 kB
			RssAnon:\t  110000 kB
			Threads:\t31
			""";

	@Test
	void readsTheVmRssLineInKilobytes() {
		assertThat(ProcessMemory.rssKilobytes(STATUS)).isEqualTo(131072);
	}

	@Test
	void doesNotTakeTheHighWaterMarkOrTheAnonymousPart() {
		// VmHWM (the peak) and RssAnon come before and after VmRSS; only VmRSS counts.
		assertThat(ProcessMemory.rssKilobytes("RssAnon:\t 7 kB\nVmHWM:\t 9 kB\nVmRSS:\t 8 kB\n")).isEqualTo(8);
	}

	@Test
	void aProcessWithoutVmRssIsAnError() {
		// A zombie's status has no Vm* lines.
		assertThatIllegalArgumentException().isThrownBy(() -> ProcessMemory.rssKilobytes("Name:\tjava\nState:\tZ\n"))
			.withMessageContaining("no VmRSS");
	}

	@Test
	void aValueInAnotherUnitIsAnError() {
		assertThatIllegalArgumentException().isThrownBy(() -> ProcessMemory.rssKilobytes("VmRSS:\t 8 MB\n"))
			.withMessageContaining("VmRSS");
	}

	@Test
	void readsThisJvmsOwnResidentMemory() throws IOException {
		assertThat(ProcessMemory.rssKilobytes(ProcessHandle.current().pid())).isPositive();
	}

	@Test
	void readsTheHighWaterMarkInKilobytes() {
		assertThat(ProcessMemory.peakKilobytes(STATUS)).isEqualTo(140312);
		assertThatIllegalArgumentException().isThrownBy(() -> ProcessMemory.peakKilobytes("VmRSS:\t 8 kB\n"))
			.withMessageContaining("no VmHWM");
	}

	@Test
	void theHighWaterMarkCanBeResetToTheResidentMemoryNow() throws IOException {
		long pid = ProcessHandle.current().pid();

		ProcessMemory.resetPeak(pid);

		// The mark is now the resident memory at the reset, give or take what the JVM
		// touched or gave back between the reads; it is never below what is resident.
		long peak = ProcessMemory.peakKilobytes(pid);
		long rss = ProcessMemory.rssKilobytes(pid);
		assertThat(peak).isGreaterThanOrEqualTo(rss - 8 * 1024).isLessThanOrEqualTo(rss + 8 * 1024);
	}

}
