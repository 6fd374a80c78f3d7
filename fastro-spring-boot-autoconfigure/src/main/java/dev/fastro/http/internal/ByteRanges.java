package dev.fastro.http.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The byte ranges a {@code Range} header asks of content of known length (RFC 9110, 14.1
 * and 14.2): {@code bytes=0-499}, {@code bytes=500-} (from 500 to the end),
 * {@code bytes=-500} (the last 500), or several of them separated by commas.
 * <p>
 * A header is ignored, and the content sent whole, as RFC 9110 allows, when its unit is
 * not {@code bytes}, when it is malformed (a range that ends before it starts included),
 * and when it is unreasonable: more than {@value #MAX_RANGES} ranges, or ranges that
 * overlap and add up to more than the whole content, which would have the server send the
 * same bytes again and again.
 */
final class ByteRanges {

	/** The most ranges one request may ask for. */
	static final int MAX_RANGES = 100;

	private ByteRanges() {
	}

	/**
	 * The ranges {@code header} asks of {@code length} bytes.
	 * @param header the {@code Range} header
	 * @param length the content's length in bytes
	 * @return {@code null} when the header is ignored; an empty list when no range can be
	 * satisfied (a 416); else the ranges that can be, in the order asked, each within the
	 * content
	 */
	static List<Range> parse(String header, long length) {
		int equals = header.indexOf('=');
		if (equals < 0 || !header.substring(0, equals).trim().equalsIgnoreCase("bytes")) {
			return null;
		}
		String[] specs = header.substring(equals + 1).split(",", -1);
		if (specs.length > MAX_RANGES) {
			return null;
		}
		List<Range> ranges = new ArrayList<>(specs.length);
		boolean any = false;
		long total = 0;
		for (String spec : specs) {
			String trimmed = spec.trim();
			if (trimmed.isEmpty()) {
				// A list may hold empty elements (RFC 9110, 5.6.1).
				continue;
			}
			any = true;
			int dash = trimmed.indexOf('-');
			if (dash < 0) {
				return null;
			}
			long first;
			long last;
			if (dash == 0) {
				long suffix = number(trimmed, 1, trimmed.length());
				if (suffix < 0) {
					return null;
				}
				first = length - Math.min(suffix, length);
				last = (suffix > 0) ? length - 1 : -1;
			}
			else {
				first = number(trimmed, 0, dash);
				last = (dash == trimmed.length() - 1) ? Long.MAX_VALUE : number(trimmed, dash + 1, trimmed.length());
				if (first < 0 || last < first) {
					return null;
				}
				last = Math.min(last, length - 1);
			}
			if (first < length && first <= last) {
				ranges.add(new Range(first, last));
				total += last - first + 1;
			}
		}
		// Ranges within the content that add up to more than it overlap.
		if (!any || total > length) {
			return null;
		}
		return ranges;
	}

	/**
	 * The decimal number in {@code text[start, end)}, {@link Long#MAX_VALUE} when it is
	 * larger, or -1 when it is none.
	 */
	private static long number(String text, int start, int end) {
		if (start == end) {
			return -1;
		}
		long value = 0;
		for (int i = start; i < end; i++) {
			char c = text.charAt(i);
			if (c < '0' || c > '9') {
				return -1;
			}
			value = (value > (Long.MAX_VALUE - 9) / 10) ? Long.MAX_VALUE : value * 10 + (c - '0');
		}
		return value;
	}

	/** The bytes from {@code first} to {@code last}, both included. */
	record Range(long first, long last) {

		long length() {
			return this.last - this.first + 1;
		}

		/** The {@code Content-Range} of this range of {@code total} bytes. */
		String contentRange(long total) {
			return "bytes " + this.first + "-" + this.last + "/" + total;
		}

	}

}
