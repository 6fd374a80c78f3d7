package dev.fastro.router.internal;

import java.nio.charset.StandardCharsets;
import java.util.List;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.fastro.test.HostileText;
import dev.fastro.test.ReferencePercentDecoder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link PercentDecoder} decodes a range of text exactly as the JDK's strict UTF-8
 * decoder reads its escapes, or finds it malformed where that decoder does, whatever
 * stands around the range.
 */
class PercentDecoderFuzzTest {

	/**
	 * What may stand around a range: halves of escapes that must not complete one in it.
	 */
	private static final List<String> NEIGHBOURS = List.of("", "%", "%4", "4", "41", "+", "%C3", "%A9");

	@FuzzTest
	void decodesAsTheJdkDecoderDoes(FuzzedDataProvider data) {
		boolean plusIsSpace = data.consumeBoolean();
		boolean lowerCase = data.consumeBoolean();
		String before = data.pickValue(NEIGHBOURS);
		String after = data.pickValue(NEIGHBOURS);
		String text = HostileText.escaped(data.consumeRemainingAsBytes(), lowerCase);

		String decoded = PercentDecoder.decode(before + text + after, before.length(), before.length() + text.length(),
				plusIsSpace);

		assertThat(decoded).as("'%s' decoded", text)
			.isEqualTo(ReferencePercentDecoder.decode(text, plusIsSpace, StandardCharsets.UTF_8));
	}

}
