package dev.fastro.router.internal;

/**
 * Strict percent-decoding as UTF-8, for path segments and, with {@code '+'} read as a
 * space, for query strings and form fields. Characters that are not escaped pass through
 * unchanged; any invalid escape, truncated sequence, overlong form, surrogate or code
 * point above U+10FFFF makes the value malformed, so that two spellings of one character
 * can never slip past a check on the other.
 */
public final class PercentDecoder {

	private PercentDecoder() {
	}

	/**
	 * Decodes a path's {@code s[start, end)}, where {@code '+'} is itself; null when it
	 * is malformed.
	 */
	public static String decode(CharSequence s, int start, int end) {
		return decode(s, start, end, false);
	}

	/**
	 * Decodes {@code s[start, end)}, reading {@code '+'} as a space when
	 * {@code plusIsSpace}, as HTML forms encode query strings and bodies; returns null
	 * when it is malformed. Reads nothing outside {@code [start, end)}, and each
	 * character there at most three times, so that decoding the fields of a long text one
	 * after the other costs a few passes over it, however many fields it has.
	 */
	public static String decode(CharSequence s, int start, int end, boolean plusIsSpace) {
		int first = start;
		while (first < end && !isEscape(s.charAt(first), plusIsSpace)) {
			first++;
		}
		if (first == end) {
			return s.subSequence(start, end).toString();
		}
		// Every escape shrinks: three chars give at most one char, twelve give at most
		// two.
		char[] out = new char[end - start];
		int n = 0;
		int i = start;
		while (i < end) {
			char c = s.charAt(i);
			if (c != '%') {
				out[n++] = (plusIsSpace && c == '+') ? ' ' : c;
				i++;
				continue;
			}
			int b = escapedByte(s, i, end);
			if (b < 0) {
				return null;
			}
			i += 3;
			if (b < 0x80) {
				out[n++] = (char) b;
				continue;
			}
			int length;
			int codePoint;
			int min;
			int max = 0xBF;
			if (b >= 0xC2 && b <= 0xDF) {
				length = 2;
				codePoint = b & 0x1F;
				min = 0x80;
			}
			else if (b >= 0xE0 && b <= 0xEF) {
				length = 3;
				codePoint = b & 0x0F;
				min = b == 0xE0 ? 0xA0 : 0x80;
				max = b == 0xED ? 0x9F : 0xBF;
			}
			else if (b >= 0xF0 && b <= 0xF4) {
				length = 4;
				codePoint = b & 0x07;
				min = b == 0xF0 ? 0x90 : 0x80;
				max = b == 0xF4 ? 0x8F : 0xBF;
			}
			else {
				return null;
			}
			// The bounds on the second byte are what rule out overlong forms, surrogates
			// and > U+10FFFF.
			for (int k = 1; k < length; k++) {
				int next = escapedByte(s, i, end);
				if (next < min || next > max) {
					return null;
				}
				i += 3;
				codePoint = codePoint << 6 | next & 0x3F;
				min = 0x80;
				max = 0xBF;
			}
			n += Character.toChars(codePoint, out, n);
		}
		return new String(out, 0, n);
	}

	/**
	 * Decodes {@code s[start, end)}, throwing {@link MalformedPathException} when it is
	 * malformed.
	 */
	static String decodeOrThrow(String s, int start, int end) {
		String value = decode(s, start, end);
		if (value == null) {
			throw new MalformedPathException(s.substring(start, end));
		}
		return value;
	}

	private static boolean isEscape(char c, boolean plusIsSpace) {
		return c == '%' || plusIsSpace && c == '+';
	}

	/**
	 * The byte of the escape at {@code s[i]}, or -1 when there is no complete, valid
	 * escape there.
	 */
	private static int escapedByte(CharSequence s, int i, int end) {
		if (i + 2 >= end || s.charAt(i) != '%') {
			return -1;
		}
		int high = hex(s.charAt(i + 1));
		int low = hex(s.charAt(i + 2));
		return high < 0 || low < 0 ? -1 : high << 4 | low;
	}

	/**
	 * ASCII hex digits only: {@code Character.digit} would also accept other scripts'
	 * digits.
	 */
	private static int hex(char c) {
		if (c >= '0' && c <= '9') {
			return c - '0';
		}
		if (c >= 'A' && c <= 'F') {
			return c - 'A' + 10;
		}
		if (c >= 'a' && c <= 'f') {
			return c - 'a' + 10;
		}
		return -1;
	}

}
