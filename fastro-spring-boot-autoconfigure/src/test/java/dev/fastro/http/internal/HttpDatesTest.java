package dev.fastro.http.internal;

import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * HTTP dates: written as IMF-fixdates, read in the three formats of RFC 9110, 5.6.7, and
 * nothing else.
 */
class HttpDatesTest {

	private static final Instant RFC_EXAMPLE = Instant.parse("1994-11-06T08:49:37Z");

	@Test
	void writesAnImfFixdateToTheSecond() {
		assertThat(HttpDates.format(RFC_EXAMPLE.plusMillis(999))).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
		assertThat(HttpDates.format(Instant.parse("2008-06-03T01:02:03Z"))).isEqualTo("Tue, 03 Jun 2008 01:02:03 GMT");
		assertThat(HttpDates.format(Instant.parse("0001-01-01T00:00:00Z"))).isEqualTo("Mon, 01 Jan 0001 00:00:00 GMT");
	}

	@Test
	void refusesToWriteAYearOfMoreOrFewerThanFourDigits() {
		assertThatIllegalArgumentException().isThrownBy(() -> HttpDates.format(Instant.parse("-0001-12-31T23:59:59Z")));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> HttpDates.format(Instant.parse("+10000-01-01T00:00:00Z")));
	}

	@ParameterizedTest
	@ValueSource(strings = { "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT",
			"Sun Nov  6 08:49:37 1994", "Sun Nov 06 08:49:37 1994", " \tSun, 06 Nov 1994 08:49:37 GMT\t " })
	void readsTheThreeFormatsRecipientsMustAccept(String date) {
		assertThat(HttpDates.parse(date, 2026)).isEqualTo(RFC_EXAMPLE);
	}

	@Test
	void readsATwoDigitYearAsTheLatestAtMostFiftyYearsAhead() {
		assertThat(HttpDates.parse("Thursday, 01-Jan-76 00:00:00 GMT", 2026)).isEqualTo("2076-01-01T00:00:00Z");
		assertThat(HttpDates.parse("Saturday, 01-Jan-77 00:00:00 GMT", 2026)).isEqualTo("1977-01-01T00:00:00Z");
		assertThat(HttpDates.parse("Sunday, 01-Jan-10 00:00:00 GMT", 2090)).isEqualTo("2110-01-01T00:00:00Z");
	}

	@Test
	void readsALeapSecondAsTheSecondBeforeIt() {
		assertThat(HttpDates.parse("Sat, 31 Dec 2016 23:59:60 GMT", 2026)).isEqualTo("2016-12-31T23:59:59Z");
	}

	@Test
	void leavesTheDayNameUncheckedAgainstTheDate() {
		assertThat(HttpDates.parse("Mon, 06 Nov 1994 08:49:37 GMT", 2026)).isEqualTo(RFC_EXAMPLE);
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "   ", "0", "784111777", "1994-11-06T08:49:37Z", "Sun, 6 Nov 1994 08:49:37 GMT",
			"sun, 06 Nov 1994 08:49:37 GMT", "Sun, 06 nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 gmt",
			"Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Nov 1994 08:49:37 +0000", "Sun, 06 Nov 1994 08:49 GMT",
			"Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 1994 08:49:61 GMT",
			"Sun, 30 Feb 1994 08:49:37 GMT", "Sun, 00 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT",
			"Sun, 06 Nov 1994 08:49:37 GMTX", "Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT",
			"Sun, 06 Nov 1994 08-49-37 GMT", "Sun, 06 Nov 199x 08:49:37 GMT", "Sun, +6 Nov 1994 08:49:37 GMT",
			"Xyz, 06 Nov 1994 08:49:37 GMT", "Sun. 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT",
			"Sun, 06-Nov-94 08:49:37 GMT", "Sunday, 06 Nov 94 08:49:37 GMT", "Funday, 06-Nov-94 08:49:37 GMT",
			"Sun Nov 6 08:49:37 1994", "Sun Nov  6 08:49:37 94", "Sun Nov  6 08:49:37 1994 GMT",
			"Sun,  Nov  6 08:49:37 1994" })
	void readsNothingElse(String notADate) {
		assertThat(HttpDates.parse(notADate, 2026)).isNull();
	}

}
