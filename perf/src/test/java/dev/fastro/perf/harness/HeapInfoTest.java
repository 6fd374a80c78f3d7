package dev.fastro.perf.harness;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class HeapInfoTest {

	@Test
	void sumsTheGenerationsOfTheSerialCollectorWithoutTheMetaspace() {
		String heapInfo = """
				12345:
				 def new generation   total 157248K, used 28015K [0x00000000e0000000, 0x00000000eaaa0000, 0x00000000eaaa0000)
				  eden space 139776K,  20% used [0x00000000e0000000, 0x00000000e1b5bc48, 0x00000000e8880000)
				  from space 17472K,   0% used [0x00000000e8880000, 0x00000000e8880000, 0x00000000e9990000)
				  to   space 17472K,   0% used [0x00000000e9990000, 0x00000000e9990000, 0x00000000eaaa0000)
				 tenured generation   total 349568K, used 10402K [0x00000000eaaa0000, 0x0000000100000000, 0x0000000100000000)
				   the space 349568K,   2% used [0x00000000eaaa0000, 0x00000000eb4c8b78, 0x00000000eb4c8c00, 0x0000000100000000)
				 Metaspace       used 40127K, committed 40640K, reserved 1114112K
				  class space    used 5117K, committed 5376K, reserved 1048576K
				""";

		assertThat(HeapInfo.usedKilobytes(heapInfo)).isEqualTo(28015 + 10402);
	}

	@Test
	void refusesOutputWithoutAHeap() {
		assertThatIllegalArgumentException().isThrownBy(() -> HeapInfo.usedKilobytes("12345:\nNo such command\n"))
			.withMessageContaining("No such command");
	}

}
