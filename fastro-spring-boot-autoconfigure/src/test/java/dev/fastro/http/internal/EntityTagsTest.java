package dev.fastro.http.internal;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Entity tags as an application gives them, and the lists of them a client sends.
 */
class EntityTagsTest {

	@Test
	void keepsAQuotedTagAndQuotesABareOne() {
		assertThat(EntityTags.of("\"abc\"")).isEqualTo("\"abc\"");
		assertThat(EntityTags.of("W/\"abc\"")).isEqualTo("W/\"abc\"");
		assertThat(EntityTags.of("\"\"")).isEqualTo("\"\"");
		assertThat(EntityTags.of("abc")).isEqualTo("\"abc\"");
		assertThat(EntityTags.of("a,b/c=+!#~é")).isEqualTo("\"a,b/c=+!#~é\"");
		// As Spring does: a bare tag that happens to start with W/, a base64 hash say,
		// is quoted whole, strong.
		assertThat(EntityTags.of("W/abc")).isEqualTo("\"W/abc\"");
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "a b", "a\"b", "\"abc", "abc\"", "W/\"abc", "\"a\"b\"", "\"a\" ", " \"a\"",
			"w/\"abc\"", "W/ \"abc\"", "a\tb", "a\u0000b", "a\u007Fb", "€", "\"€\"" })
	void refusesAMalformedTag(String tag) {
		assertThatIllegalArgumentException().isThrownBy(() -> EntityTags.of(tag)).withMessageContaining("entity tag");
	}

	@Test
	void comparesStronglyOrWeakly() {
		assertThat(EntityTags.listed(List.of("\"a\""), "\"a\"", true)).isTrue();
		assertThat(EntityTags.listed(List.of("W/\"a\""), "\"a\"", true)).isFalse();
		assertThat(EntityTags.listed(List.of("\"a\""), "W/\"a\"", true)).isFalse();
		assertThat(EntityTags.listed(List.of("W/\"a\""), "W/\"a\"", true)).isFalse();
		assertThat(EntityTags.listed(List.of("W/\"a\""), "\"a\"", false)).isTrue();
		assertThat(EntityTags.listed(List.of("\"a\""), "W/\"a\"", false)).isTrue();
		assertThat(EntityTags.listed(List.of("W/\"a\""), "W/\"a\"", false)).isTrue();
		assertThat(EntityTags.listed(List.of("\"A\""), "\"a\"", false)).isFalse();
		assertThat(EntityTags.listed(List.of("\"ab\""), "\"a\"", false)).isFalse();
		assertThat(EntityTags.listed(List.of("\"a\""), "\"ab\"", false)).isFalse();
	}

	@Test
	void readsListsWithWhitespaceAndEmptyMembersOverSeveralLines() {
		assertThat(EntityTags.listed(List.of("\"x\",\"a\""), "\"a\"", true)).isTrue();
		assertThat(EntityTags.listed(List.of(" , \"x\" ,\t, W/\"y\" ,  \"a\"\t,"), "\"a\"", true)).isTrue();
		assertThat(EntityTags.listed(List.of("\"x\"", "\"y\", \"a\""), "\"a\"", true)).isTrue();
		assertThat(EntityTags.listed(List.of("\"a,b\""), "\"a,b\"", true)).isTrue();
		assertThat(EntityTags.listed(List.of("\"a,b\""), "\"a\"", true)).isFalse();
		assertThat(EntityTags.listed(List.of(""), "\"a\"", false)).isFalse();
		assertThat(EntityTags.listed(List.of("\"\""), "\"\"", true)).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "a", "W/a", "w/\"a\"", "W/ \"a\"", "W /\"a\"", "\"a", "a\"", "'a'", "\"a\"b", "\"a\" b",
			"\"a\" \"a\"", "\"a\"\"a\"", "x\"a\"", "*", "\"a \"", "\"a\u0001\"", "\"a\"\u0001", "\u00a0\"a\"", "x, \"b",
			"\"b, \"a\"x" })
	void neverMatchesAMalformedMember(String list) {
		assertThat(EntityTags.listed(List.of(list), "\"a\"", false)).as(list).isFalse();
	}

	@ParameterizedTest
	@ValueSource(strings = { "a, \"a\"", "\"a, \"a\"", "\"a b\", \"a\"", "x\"a,b\", \"a\"", "*, \"a\"",
			"\"b\"c, W/\"a\"", "\"b, W/\"a\"" })
	void stillMatchesTheWellFormedMembersAfterAMalformedOne(String list) {
		assertThat(EntityTags.listed(List.of(list), "\"a\"", false)).as(list).isTrue();
	}

	@Test
	void takesAStarAloneAsAnyTag() {
		assertThat(EntityTags.isAny(List.of("*"))).isTrue();
		assertThat(EntityTags.isAny(List.of(" * "))).isTrue();
		assertThat(EntityTags.isAny(List.of("*", "*"))).isFalse();
		assertThat(EntityTags.isAny(List.of("*, \"a\""))).isFalse();
		assertThat(EntityTags.isAny(List.of("\"*\""))).isFalse();
		assertThat(EntityTags.isAny(List.of("**"))).isFalse();
	}

}
