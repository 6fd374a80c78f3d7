package dev.fastro.server.internal;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FormattedSecondTest {

	private final AtomicInteger formats = new AtomicInteger();

	private final FormattedSecond<String> seconds = new FormattedSecond<>((second) -> {
		this.formats.incrementAndGet();
		return "second " + second;
	});

	@Test
	void formatsOncePerSecond() {
		String first = this.seconds.at(1_700_000_000_000L);
		assertThat(this.seconds.at(1_700_000_000_999L)).isSameAs(first).isEqualTo("second 1700000000");
		assertThat(this.seconds.at(1_700_000_001_000L)).isEqualTo("second 1700000001");
		assertThat(this.formats).hasValue(2);
	}

	@Test
	void knowsTheValueItFormattedLastByItsIdentity() {
		assertThat(this.seconds.isLast(null)).isFalse();
		String last = this.seconds.at(1_700_000_000_000L);
		assertThat(this.seconds.isLast(last)).isTrue();
		assertThat(this.seconds.isLast(new String(last))).isFalse();
		this.seconds.at(1_700_000_001_000L);
		assertThat(this.seconds.isLast(last)).isFalse();
	}

	@Test
	void aTimeBeforeTheEpochIsItsOwnSecond() {
		assertThat(this.seconds.at(-1)).isEqualTo("second -1");
		assertThat(this.seconds.at(0)).isEqualTo("second 0");
	}

}
