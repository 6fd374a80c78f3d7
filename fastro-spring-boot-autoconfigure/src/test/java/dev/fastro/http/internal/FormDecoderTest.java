package dev.fastro.http.internal;

import java.util.List;
import java.util.Map;

import dev.fastro.test.CountingChars;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FormDecoderTest {

	@Test
	void decodingAFormReadsEachCharacterAFewTimesHoweverManyPairs() {
		// 1,000 pairs in about 1 MB, none with anything to decode and the second
		// half without '=': the worst case for scans that run to the end of the form
		// rather than of their pair.
		StringBuilder form = new StringBuilder();
		for (int i = 0; i < 1_000; i++) {
			form.append((i == 0) ? "" : "&")
				.append("field")
				.append(i)
				.append((i < 500) ? "=" : "")
				.append("v".repeat(1_000));
		}
		CountingChars text = new CountingChars(form.toString());

		Map<String, List<String>> fields = FormDecoder.decode(text, 1_000, "form fields");

		assertThat(fields).hasSize(1_000);
		assertThat(fields.get("field0")).containsExactly("v".repeat(1_000));
		assertThat(fields.get("field999" + "v".repeat(1_000))).containsExactly("");
		// A scan for '&', one for '=' over the name, one for escapes and the copy of each
		// name and value.
		assertThat(text.reads()).isLessThanOrEqualTo(4L * form.length());
	}

}
