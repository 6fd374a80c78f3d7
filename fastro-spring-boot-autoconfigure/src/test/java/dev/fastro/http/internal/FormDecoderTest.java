package dev.fastro.http.internal;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import dev.fastro.http.HttpException;
import dev.fastro.test.CountingChars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

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

	@Test
	void escapesAreBytesOfTheNamedCharset() {
		assertThat(FormDecoder.decode("city=K%C3%B6ln+Nord", StandardCharsets.UTF_8, 10, "form fields"))
			.containsEntry("city", List.of("Köln Nord"));
		assertThat(FormDecoder.decode("city=K%F6ln+Nord", StandardCharsets.ISO_8859_1, 10, "form fields"))
			.containsEntry("city", List.of("Köln Nord"));
		assertThatExceptionOfType(HttpException.class)
			.isThrownBy(() -> FormDecoder.decode("city=K%G6ln", StandardCharsets.ISO_8859_1, 10, "form fields"))
			.withMessage("Malformed form fields: invalid percent-encoding in 'K%G6ln'");
	}

	@ParameterizedTest
	@ValueSource(strings = { "%-0", "%+1", "%\u0664\u0661" })
	void anEscapeIsTwoAsciiHexDigitsInAnyCharset(String escape) {
		// The fuzzer's finding: URLDecoder, which decodes other charsets, read "%-0" as a
		// NUL.
		assertThatExceptionOfType(HttpException.class)
			.isThrownBy(() -> FormDecoder.decode("a=" + escape, StandardCharsets.ISO_8859_1, 10, "form fields"))
			.withMessage("Malformed form fields: invalid percent-encoding in '" + escape + "'");
	}

}
