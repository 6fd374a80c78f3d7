package dev.fastro.server.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DateHeaderTest {

	@Test
	void formatsAnImfFixdate() {
		assertThat(DateHeader.at(784_111_777_000L).toString()).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
		assertThat(DateHeader.at(1_700_000_001_000L).toString()).isEqualTo("Tue, 14 Nov 2023 22:13:21 GMT");
	}

}
