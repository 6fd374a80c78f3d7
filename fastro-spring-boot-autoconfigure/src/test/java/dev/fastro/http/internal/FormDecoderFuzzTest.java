package dev.fastro.http.internal;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.fastro.http.HttpException;
import dev.fastro.test.HostileText;
import dev.fastro.test.ReferencePercentDecoder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link FormDecoder} reads a form as splitting it at each {@code &} and first {@code =}
 * and decoding each part with the JDK's strict decoder of its charset would: the same
 * fields in the same order, or a 400 for the same first reason (a malformed part, or one
 * pair too many). Nothing else ever escapes it.
 */
class FormDecoderFuzzTest {

	private static final List<Charset> CHARSETS = List.of(StandardCharsets.UTF_8, StandardCharsets.ISO_8859_1);

	@FuzzTest
	void decodesAsSplittingAndTheJdkDecoderDo(FuzzedDataProvider data) {
		Charset charset = data.pickValue(CHARSETS);
		int max = data.consumeInt(1, 8);
		boolean lowerCase = data.consumeBoolean();
		String form = HostileText.escaped(data.consumeRemainingAsBytes(), lowerCase);

		Object expected = reference(form, charset, max);
		Object decoded;
		try {
			decoded = List.copyOf(FormDecoder.decode(form, charset, max, "fields").entrySet());
		}
		catch (HttpException ex) {
			assertThat(ex.status()).isEqualTo(400);
			decoded = ex.getMessage().substring(0, ex.getMessage().indexOf(':'));
		}
		assertThat(decoded).as("'%s' in %s, at most %d", form, charset, max).isEqualTo(expected);
	}

	/**
	 * The form's fields, in order, or why it is refused: {@code Too many fields} or
	 * {@code Malformed fields}.
	 */
	private static Object reference(String form, Charset charset, int max) {
		Map<String, List<String>> fields = new LinkedHashMap<>();
		int count = 0;
		for (String pair : form.split("&", -1)) {
			if (pair.isEmpty()) {
				continue;
			}
			if (++count > max) {
				return "Too many fields";
			}
			int equals = pair.indexOf('=');
			String name = ReferencePercentDecoder.decode((equals < 0) ? pair : pair.substring(0, equals), true,
					charset);
			String value = (equals < 0) ? ""
					: ReferencePercentDecoder.decode(pair.substring(equals + 1), true, charset);
			if (name == null || value == null) {
				return "Malformed fields";
			}
			fields.computeIfAbsent(name, (key) -> new ArrayList<>()).add(value);
		}
		return List.copyOf(fields.entrySet());
	}

}
