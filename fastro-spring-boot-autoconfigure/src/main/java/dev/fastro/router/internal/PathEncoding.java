package dev.fastro.router.internal;

import java.nio.charset.StandardCharsets;

/**
 * A route pattern's static text as clients send it: written as users read it
 * ({@code /café}), it is matched in the form a request target carries, where every
 * character beyond ASCII is percent-encoded as UTF-8 (RFC 3986, 3.3) with the upper-case
 * hex digits clients write ({@code /caf%C3%A9}).
 */
final class PathEncoding {

	private static final char[] HEX = "0123456789ABCDEF".toCharArray();

	private PathEncoding() {
	}

	/**
	 * Whether the character at {@code text[index]} may stand in a pattern as itself:
	 * visible ASCII, or any character beyond ASCII a reader sees, so not a space, a
	 * control or format character, or half a surrogate pair.
	 */
	static boolean isWritable(String text, int index) {
		char c = text.charAt(index);
		if (c < 0x80) {
			return c > 0x20 && c < 0x7F;
		}
		int codePoint = text.codePointAt(index);
		if (Character.isSurrogate(c) && Character.charCount(codePoint) == 1) {
			return false;
		}
		int type = Character.getType(codePoint);
		return !Character.isSpaceChar(codePoint) && type != Character.CONTROL && type != Character.FORMAT;
	}

	/** The text with every character beyond ASCII percent-encoded as UTF-8. */
	static String encode(String text) {
		int first = 0;
		while (first < text.length() && text.charAt(first) < 0x80) {
			first++;
		}
		if (first == text.length()) {
			return text;
		}
		StringBuilder encoded = new StringBuilder(text.length() * 3).append(text, 0, first);
		for (int i = first; i < text.length(); i += Character.charCount(text.codePointAt(i))) {
			int codePoint = text.codePointAt(i);
			if (codePoint < 0x80) {
				encoded.append((char) codePoint);
			}
			else {
				escape(codePoint, encoded);
			}
		}
		return encoded.toString();
	}

	/**
	 * A decoded segment value as a client sends it: every character but the unreserved
	 * ones and the sub-delimiters, ':' and '@' that a segment may hold as such (RFC 3986,
	 * 3.3) percent-encoded as UTF-8.
	 */
	static String encodeSegment(String value) {
		StringBuilder encoded = new StringBuilder(value.length());
		for (int i = 0; i < value.length(); i += Character.charCount(value.codePointAt(i))) {
			int codePoint = value.codePointAt(i);
			if (codePoint < 0x80
					&& (Character.isLetterOrDigit(codePoint) || "-._~!$&'()*+,;=:@".indexOf(codePoint) >= 0)) {
				encoded.append((char) codePoint);
			}
			else {
				escape(codePoint, encoded);
			}
		}
		return encoded.toString();
	}

	/** One character percent-encoded as UTF-8, whatever it is. */
	static String escape(int codePoint) {
		return escape(codePoint, new StringBuilder()).toString();
	}

	private static StringBuilder escape(int codePoint, StringBuilder out) {
		for (byte b : Character.toString(codePoint).getBytes(StandardCharsets.UTF_8)) {
			out.append('%').append(HEX[(b >> 4) & 0x0F]).append(HEX[b & 0x0F]);
		}
		return out;
	}

}
