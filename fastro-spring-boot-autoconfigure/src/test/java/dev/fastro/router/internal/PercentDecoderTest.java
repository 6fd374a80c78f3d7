package dev.fastro.router.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastro.test.CountingChars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PercentDecoderTest {

	/**
	 * 1,000 segments of 1,000 characters with nothing to decode: the worst case for a
	 * scan that overruns its segment.
	 */
	private static final String SEGMENTS = ("/" + "a".repeat(999)).repeat(1_000);

	@Test
	void decodesOnlyItsRangeWhateverSurroundsIt() {
		assertThat(PercentDecoder.decode("%zz/a%20b+c/%", 4, 11, false)).isEqualTo("a b+c");
		assertThat(PercentDecoder.decode("%zz/a%20b+c/%", 4, 11, true)).isEqualTo("a b c");
		assertThat(PercentDecoder.decode("x%41%42", 1, 4)).isEqualTo("A");
		assertThat(PercentDecoder.decode("%4142", 0, 2)).as("an escape cut by the end of its range").isNull();
	}

	@Test
	void readsOnlyItsRangeOfALongText() {
		CountingChars text = new CountingChars("a+b%41" + "x".repeat(1_000_000));

		assertThat(PercentDecoder.decode(text, 0, 6, true)).isEqualTo("a bA");
		assertThat(PercentDecoder.decode(text, 6, 9, true)).isEqualTo("xxx");

		assertThat(text.reads()).isLessThanOrEqualTo(3 * 9);
	}

	@ParameterizedTest(name = "plusIsSpace={0}")
	@ValueSource(booleans = { false, true })
	void decodingEverySegmentOfALongTextReadsEachCharacterAFewTimes(boolean plusIsSpace) {
		CountingChars text = new CountingChars(SEGMENTS);

		for (int start = 1; start < SEGMENTS.length(); start += 1_000) {
			assertThat(PercentDecoder.decode(text, start, start + 999, plusIsSpace)).hasSize(999);
		}

		assertThat(text.reads()).isLessThanOrEqualTo(3L * SEGMENTS.length());
	}

}
