package dev.fastro.http.internal;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.Year;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

/**
 * HTTP dates (RFC 9110, 5.6.7): written as IMF-fixdates, such as
 * {@code Sun, 06 Nov 1994 08:49:37 GMT}, and read in that format and the two obsolete
 * ones every recipient must accept, RFC 850's ({@code Sunday, 06-Nov-94 08:49:37 GMT})
 * and asctime's ({@code Sun Nov  6 08:49:37 1994}). Anything else is no date.
 */
public final class HttpDates {

	private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter
		.ofPattern("EEE, dd MMM uuuu HH:mm:ss 'GMT'", Locale.US)
		.withZone(ZoneOffset.UTC);

	private static final List<String> DAYS = List.of("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun");

	private static final List<String> LONG_DAYS = List.of("Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
			"Saturday", "Sunday");

	private static final List<String> MONTHS = List.of("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
			"Oct", "Nov", "Dec");

	// The earliest and latest instants whose year has the four digits an IMF-fixdate
	// holds.
	private static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");

	private static final Instant LAST = Instant.parse("9999-12-31T23:59:59Z");

	private HttpDates() {
	}

	/**
	 * Writes an instant, to the second, as an IMF-fixdate.
	 * @param instant the instant, in the years 0000 to 9999
	 * @return the date, such as {@code Sun, 06 Nov 1994 08:49:37 GMT}
	 * @throws IllegalArgumentException for an instant outside those years
	 */
	public static String format(Instant instant) {
		if (instant.isBefore(FIRST) || instant.isAfter(LAST)) {
			throw new IllegalArgumentException("An HTTP date has a year of four digits; " + instant + " has not");
		}
		return IMF_FIXDATE.format(instant.truncatedTo(ChronoUnit.SECONDS));
	}

	/**
	 * Reads an HTTP date in any of its three formats; a two-digit year is taken as the
	 * latest year with those digits at most 50 years from now.
	 * @param value the field value, with or without the whitespace around it
	 * @return the instant, or {@code null} when the value is no HTTP date
	 */
	static Instant parse(CharSequence value) {
		return parse(value, Year.now(ZoneOffset.UTC).getValue());
	}

	/**
	 * Reads an HTTP date as {@link #parse(CharSequence)} does, in {@code currentYear}.
	 */
	static Instant parse(CharSequence value, int currentYear) {
		String text = trim(value);
		if (text.length() == 29 && text.charAt(3) == ',') {
			return imfFixdate(text);
		}
		if (text.length() == 24 && text.charAt(3) == ' ') {
			return asctime(text);
		}
		int comma = text.indexOf(',');
		if (comma > 0 && text.length() - comma == 24) {
			return rfc850(text, comma, currentYear);
		}
		return null;
	}

	/** {@code Sun, 06 Nov 1994 08:49:37 GMT} */
	private static Instant imfFixdate(String text) {
		if (!DAYS.contains(text.substring(0, 3)) || text.charAt(4) != ' ' || text.charAt(7) != ' '
				|| text.charAt(11) != ' ' || text.charAt(16) != ' ' || !text.endsWith(" GMT")) {
			return null;
		}
		return instant(digits(text, 12, 4), month(text, 8), digits(text, 5, 2), text, 17);
	}

	/** {@code Sunday, 06-Nov-94 08:49:37 GMT} */
	private static Instant rfc850(String text, int comma, int currentYear) {
		int at = comma + 1;
		if (!LONG_DAYS.contains(text.substring(0, comma)) || text.charAt(at) != ' ' || text.charAt(at + 3) != '-'
				|| text.charAt(at + 7) != '-' || text.charAt(at + 10) != ' ' || !text.endsWith(" GMT")) {
			return null;
		}
		int twoDigits = digits(text, at + 8, 2);
		if (twoDigits < 0) {
			return null;
		}
		// RFC 9110: a year more than 50 years ahead is the last one with those digits.
		int latest = currentYear + 50;
		int year = latest - Math.floorMod(latest - twoDigits, 100);
		return instant(year, month(text, at + 4), digits(text, at + 1, 2), text, at + 11);
	}

	/** {@code Sun Nov  6 08:49:37 1994} */
	private static Instant asctime(String text) {
		if (!DAYS.contains(text.substring(0, 3)) || text.charAt(7) != ' ' || text.charAt(10) != ' '
				|| text.charAt(19) != ' ') {
			return null;
		}
		int day = (text.charAt(8) == ' ') ? digits(text, 9, 1) : digits(text, 8, 2);
		return instant(digits(text, 20, 4), month(text, 4), day, text, 11);
	}

	/**
	 * The instant of a date and the {@code HH:MM:SS} time at {@code time}, or
	 * {@code null} when any part is out of range; a leap second (60) is taken as the
	 * second before it.
	 */
	private static Instant instant(int year, int month, int day, String text, int time) {
		int hour = digits(text, time, 2);
		int minute = digits(text, time + 3, 2);
		int second = digits(text, time + 6, 2);
		if (year < 0 || month < 0 || day < 0 || text.charAt(time + 2) != ':' || text.charAt(time + 5) != ':'
				|| hour > 23 || minute > 59 || second > 60 || hour < 0 || minute < 0 || second < 0) {
			return null;
		}
		try {
			return LocalDate.of(year, month, day).atTime(hour, minute, Math.min(second, 59)).toInstant(ZoneOffset.UTC);
		}
		catch (DateTimeException ex) {
			return null;
		}
	}

	/** The month, 1 to 12, whose name starts at {@code at}; -1 for none. */
	private static int month(String text, int at) {
		int index = MONTHS.indexOf(text.substring(at, at + 3));
		return (index < 0) ? -1 : index + 1;
	}

	/** The number of {@code count} ASCII digits at {@code at}; -1 when they are not. */
	private static int digits(String text, int at, int count) {
		int value = 0;
		for (int i = at; i < at + count; i++) {
			char c = text.charAt(i);
			if (c < '0' || c > '9') {
				return -1;
			}
			value = value * 10 + (c - '0');
		}
		return value;
	}

	/** The value without the spaces and tabs around it. */
	static String trim(CharSequence value) {
		int start = 0;
		int end = value.length();
		while (start < end && isWhitespace(value.charAt(start))) {
			start++;
		}
		while (end > start && isWhitespace(value.charAt(end - 1))) {
			end--;
		}
		return value.subSequence(start, end).toString();
	}

	private static boolean isWhitespace(char c) {
		return c == ' ' || c == '\t';
	}

}
