package dev.fastro.router.internal;

import java.util.List;
import java.util.regex.Pattern;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SegmentLanguageTest {

	/**
	 * Regexes of the kinds routes use, each written with the syntax the translation
	 * knows.
	 */
	private static final List<String> REGEXES = List.of("[0-9]+", "\\d{2,4}", "[a-z][a-z0-9-]*", "\\w+",
			"v[0-9]+\\.[0-9]+", "(?:jpg|png)", "(?<ext>gif|svg)", "[^.]+", ".*", "a.b", "\\D+", "[\\d.]+", "^abc$",
			"x{3}", "[0-9]+?", "(ab)*c", "\\s*x", "#\"@<>~&", "\\$[0-9]+");

	@Property(tries = 2000)
	void holdsWhatTheJavaRegexMatchesWhole(@ForAll("regexes") String regex, @ForAll("segments") String value) {
		SegmentLanguage language = SegmentLanguage.of(regex).orElseThrow();
		boolean matches = Pattern.compile(regex).matcher(value).matches();
		assertThat(language.commonExample(literal(value)).isPresent()).as("%s holds %s", regex, value)
			.isEqualTo(matches);
	}

	@Provide
	Arbitrary<String> regexes() {
		return Arbitraries.of(REGEXES);
	}

	@Provide
	Arbitrary<String> segments() {
		Arbitrary<String> samples = Arbitraries.of("1", "12", "1234", "12345", "abc", "a-1", "v1.2", "jpg", "svg",
				"x.y", "axb", "a/b", "a\nb", "xxx", "ababc", "c", " x", "#\"@<>~&", "$42", "1.2.3", "_");
		Arbitrary<String> random = Arbitraries.strings()
			.withChars("0123456789abcxv.-_ /$")
			.ofMinLength(1)
			.ofMaxLength(6);
		return Arbitraries.oneOf(samples, random);
	}

	@Test
	void anyParameterTakesEveryNonEmptySegment() {
		assertThat(SegmentLanguage.any().commonExample(literal("x"))).contains("x");
		assertThat(SegmentLanguage.of("x?").orElseThrow().commonExample(SegmentLanguage.of("y?").orElseThrow()))
			.as("no parameter takes an empty segment")
			.isEmpty();
	}

	@Test
	void findsAValueTwoConstraintsShareOrThatTheyShareNone() {
		SegmentLanguage digits = SegmentLanguage.of("[0-9]+").orElseThrow();
		assertThat(digits.commonExample(SegmentLanguage.of("[0-5]{3}").orElseThrow())).contains("000");
		assertThat(digits.commonExample(SegmentLanguage.of("[a-z]+").orElseThrow())).isEmpty();
		assertThat(SegmentLanguage.any().commonExample(digits)).contains("0");
	}

	@Test
	void tellsWhetherOneConstraintAcceptsEveryValueOfAnother() {
		SegmentLanguage digits = SegmentLanguage.of("[0-9]+").orElseThrow();
		assertThat(digits.includes(SegmentLanguage.of("\\d{1,4}").orElseThrow())).isTrue();
		assertThat(SegmentLanguage.of("\\d{1,4}").orElseThrow().includes(digits)).isFalse();
		assertThat(SegmentLanguage.any().includes(digits)).isTrue();
		assertThat(digits.includes(SegmentLanguage.any())).isFalse();
	}

	@Test
	void knowsNoLanguageForSyntaxItCannotTranslate() {
		assertThat(SegmentLanguage.of("(?i)abc")).isEmpty();
		assertThat(SegmentLanguage.of("(?=a)a")).isEmpty();
		assertThat(SegmentLanguage.of("(a)\\1")).isEmpty();
		assertThat(SegmentLanguage.of("\\p{L}+")).isEmpty();
		assertThat(SegmentLanguage.of("a*+")).isEmpty();
		assertThat(SegmentLanguage.of("[a-z&&[^x]]")).isEmpty();
	}

	/** The language of {@code value} alone. */
	private static SegmentLanguage literal(String value) {
		StringBuilder regex = new StringBuilder();
		value.chars().forEach((c) -> regex.append(Character.isLetterOrDigit(c) ? "" : "\\").append((char) c));
		return SegmentLanguage.of(regex.toString()).orElseThrow();
	}

}
