package dev.fastro.http.internal;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Entity-tag lists made of well-formed and malformed members, spread over field lines,
 * read as a plain reference reads them; dates read back in every format they are written
 * in; dates compared to the second.
 */
class PreconditionsPropertyTest {

	/** Opaque parts of tags: with a comma, a slash, empty, obs-text. */
	private static final List<String> OPAQUES = List.of("a", "b", "a,b", "W/a", "", "é", "a b");

	/** Members a reader must skip, whatever follows them. */
	private static final List<String> MALFORMED = List.of("a", "W/a", "w/\"a\"", "W/ \"a\"", "\"a", "a\"", "'a'",
			"\"a\"b", "\"a\" \"a\"", "x\"a\"", "*", "\"a b\"", "\"a,b c\"", "\"a\u0001\"", "\u00a0\"a\"");

	private static final List<String> SEPARATORS = List.of(",", ", ", " ,", ",\t", " , ,", ",,", "\t,  ");

	/** The earliest second in the years an HTTP date writes with four digits. */
	private static final long YEAR_0000 = -62_167_219_200L;

	/** The last second of the year 9999. */
	private static final long YEAR_9999 = 253_402_300_799L;

	/** One member of a list: well-formed when it has an opaque part. */
	record Member(String text, String opaque, boolean weak) {

		boolean matches(Member current, boolean strong) {
			return this.opaque != null && this.opaque.equals(current.opaque)
					&& (!strong || (!this.weak && !current.weak));
		}

	}

	@Property
	void listMatchesWhenAWellFormedMemberDoes(@ForAll("members") List<Member> members,
			@ForAll("separators") List<String> separators, @ForAll("wellFormed") Member current, @ForAll boolean strong,
			@ForAll @IntRange(min = 1, max = 3) int lines) {
		boolean expected = members.stream().anyMatch((member) -> member.matches(current, strong));
		boolean malformed = members.stream().anyMatch((member) -> member.opaque() == null);
		Statistics.collect(expected, malformed);
		Statistics.coverage((coverage) -> {
			coverage.check(true, true).percentage((percent) -> percent > 5);
			coverage.check(false, true).percentage((percent) -> percent > 5);
		});
		assertThat(EntityTags.listed(fieldLines(members, separators, lines), current.text(), strong))
			.as("%s against %s", members, current)
			.isEqualTo(expected);
	}

	@Property
	void applicationsTagIsQuotedOnceAndMatchesItself(@ForAll("opaques") String opaque, @ForAll boolean weak) {
		String tag = EntityTags.of(weak ? "W/\"" + opaque + "\"" : opaque.isEmpty() ? "\"\"" : opaque);
		assertThat(EntityTags.of(tag)).isEqualTo(tag);
		assertThat(EntityTags.listed(List.of(tag), tag, false)).isTrue();
		assertThat(EntityTags.listed(List.of(tag), tag, true)).isEqualTo(!weak);
	}

	@Property
	void dateReadsBackInEveryFormat(@ForAll @LongRange(min = 0, max = YEAR_9999 - YEAR_0000) long second) {
		Instant instant = Instant.ofEpochSecond(YEAR_0000 + second);
		ZonedDateTime utc = instant.atZone(ZoneOffset.UTC);
		assertThat(HttpDates.parse(HttpDates.format(instant), 2026)).isEqualTo(instant);
		assertThat(HttpDates.parse(utc.format(pattern("EEE MMM ppd HH:mm:ss uuuu")), 2026)).isEqualTo(instant);
		// A two-digit year reads back when it is at most 50 years ahead and less than 50
		// years past.
		assertThat(HttpDates.parse(utc.format(pattern("EEEE, dd-MMM-uu HH:mm:ss 'GMT'")), utc.getYear() + 49))
			.isEqualTo(instant);
	}

	@Property
	void ifModifiedSinceComparesToTheSecond(@ForAll @LongRange(min = 0, max = 4_102_444_800_000L) long modifiedMillis,
			@ForAll @IntRange(min = -3, max = 3) int secondsApart, @ForAll boolean head) {
		Instant modified = Instant.ofEpochMilli(modifiedMillis);
		Instant since = modified.truncatedTo(ChronoUnit.SECONDS).plusSeconds(secondsApart);
		HttpHeaders request = DefaultHttpHeadersFactory.headersFactory().newHeaders();
		request.add("if-modified-since", HttpDates.format(since));
		Preconditions.Unmet unmet = Preconditions.evaluate(head ? "HEAD" : "GET", request, null, modified);
		assertThat(unmet).isEqualTo((secondsApart >= 0) ? Preconditions.Unmet.NOT_MODIFIED : null);
	}

	@Property
	void ifUnmodifiedSinceComparesToTheSecond(@ForAll @LongRange(min = 0, max = 4_102_444_800_000L) long modifiedMillis,
			@ForAll @IntRange(min = -3, max = 3) int secondsApart) {
		Instant modified = Instant.ofEpochMilli(modifiedMillis);
		Instant since = modified.truncatedTo(ChronoUnit.SECONDS).plusSeconds(secondsApart);
		HttpHeaders request = DefaultHttpHeadersFactory.headersFactory().newHeaders();
		request.add("if-unmodified-since", HttpDates.format(since));
		Preconditions.Unmet unmet = Preconditions.evaluate("PUT", request, null, modified);
		assertThat((unmet != null) ? unmet.status() : 0).isEqualTo((secondsApart < 0) ? 412 : 0);
	}

	@Provide
	Arbitrary<String> opaques() {
		return Arbitraries.oneOf(Arbitraries.of(OPAQUES).filter((opaque) -> !opaque.contains(" ")),
				Arbitraries.strings().withCharRange('#', '~').withChars('!', '\u0080', '\u00ff').ofMaxLength(12));
	}

	@Provide
	Arbitrary<Member> wellFormed() {
		return Combinators
			.combine(Arbitraries.of(OPAQUES).filter((opaque) -> !opaque.contains(" ")), Arbitraries.of(true, false))
			.as((opaque, weak) -> new Member((weak ? "W/" : "") + "\"" + opaque + "\"", opaque, weak));
	}

	@Provide
	Arbitrary<List<Member>> members() {
		Arbitrary<Member> malformed = Arbitraries.of(MALFORMED).map((text) -> new Member(text, null, false));
		return Arbitraries.frequencyOf(Tuple.of(3, wellFormed()), Tuple.of(2, malformed)).list().ofMaxSize(6);
	}

	@Provide
	Arbitrary<List<String>> separators() {
		return Arbitraries.of(SEPARATORS).list().ofSize(8);
	}

	/**
	 * The members joined by the separators, before the first and after the last too, cut
	 * into up to {@code count} field lines between members.
	 */
	private static List<String> fieldLines(List<Member> members, List<String> separators, int count) {
		List<String> lines = new ArrayList<>();
		StringBuilder line = new StringBuilder(separators.get(7));
		int perLine = (members.size() + count - 1) / count;
		for (int i = 0; i < members.size(); i++) {
			if (i > 0 && i % perLine == 0) {
				lines.add(line.toString());
				line.setLength(0);
			}
			else if (i > 0) {
				line.append(separators.get(i));
			}
			line.append(members.get(i).text());
		}
		lines.add(line.append(separators.get(0)).toString());
		return lines;
	}

	private static DateTimeFormatter pattern(String pattern) {
		return DateTimeFormatter.ofPattern(pattern, Locale.US);
	}

}
