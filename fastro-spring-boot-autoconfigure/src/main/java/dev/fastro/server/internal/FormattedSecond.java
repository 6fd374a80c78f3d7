package dev.fastro.server.internal;

import java.util.function.LongFunction;

/**
 * A time formatted to the second, formatted again only when the second changes: the
 * {@code Date} of every response and the time of every access-log line would otherwise
 * cost a formatter's run per request.
 *
 * @param <T> the formatted value
 */
final class FormattedSecond<T> {

	private final LongFunction<T> format;

	private volatile Formatted<T> last;

	/**
	 * @param format formats the second that many seconds after the epoch
	 */
	FormattedSecond(LongFunction<T> format) {
		this.format = format;
		this.last = new Formatted<>(Long.MIN_VALUE, null);
	}

	/**
	 * The time {@code millis} after the epoch, to the second.
	 */
	T at(long millis) {
		long second = Math.floorDiv(millis, 1000);
		Formatted<T> formatted = this.last;
		if (formatted.second() != second) {
			// Threads that race here format the same second twice, which is harmless.
			formatted = new Formatted<>(second, this.format.apply(second));
			this.last = formatted;
		}
		return formatted.value();
	}

	/**
	 * Whether {@code value} is the very value formatted last; never {@code null}, which
	 * stands for no value before the first second is formatted.
	 */
	boolean isLast(Object value) {
		return value != null && value == this.last.value();
	}

	// A record's fields are final, so a thread reading it sees it whole.
	private record Formatted<T>(long second, T value) {
	}

}
