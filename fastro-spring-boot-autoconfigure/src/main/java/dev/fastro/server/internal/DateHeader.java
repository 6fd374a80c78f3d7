package dev.fastro.server.internal;

import java.util.Date;

import io.netty.handler.codec.DateFormatter;
import io.netty.util.AsciiString;

/**
 * The value of the {@code Date} header (RFC 9110, 6.6.1) that every response carries,
 * formatted once per second rather than once per response.
 */
final class DateHeader {

	private static final FormattedSecond<AsciiString> DATES = new FormattedSecond<>(
			(second) -> AsciiString.cached(DateFormatter.format(new Date(second * 1000))));

	private DateHeader() {
	}

	/**
	 * The current time, to the second, as an IMF-fixdate such as
	 * {@code Sun, 06 Nov 1994 08:49:37 GMT}.
	 */
	static AsciiString now() {
		return at(System.currentTimeMillis());
	}

	/**
	 * The time {@code millis} after the epoch, to the second.
	 */
	static AsciiString at(long millis) {
		return DATES.at(millis);
	}

	/**
	 * Whether {@code value} is the very date formatted last, which is known valid.
	 */
	static boolean isCurrent(CharSequence value) {
		return DATES.isLast(value);
	}

}
