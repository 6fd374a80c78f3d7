package dev.fastro.server.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DateHeaderTest {

	@Test
	void formatsAnImfFixdate() {
		assertThat(DateHeader.at(784_111_777_000L).toString()).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
	}

	@Test
	void formatsOncePerSecond() {
		Object first = DateHeader.at(1_700_000_000_000L);
		assertThat((Object) DateHeader.at(1_700_000_000_999L)).isSameAs(first);
		Object next = DateHeader.at(1_700_000_001_000L);
		assertThat(next).isNotSameAs(first);
		assertThat(next.toString()).isEqualTo("Tue, 14 Nov 2023 22:13:21 GMT");
	}

}
