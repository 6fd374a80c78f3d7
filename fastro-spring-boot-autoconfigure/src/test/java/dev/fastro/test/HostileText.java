package dev.fastro.test;

import java.util.HexFormat;

/**
 * Percent-encoded text for the fuzz targets of decoders, spelled so that the fuzzer's
 * bytes map straight onto what a decoder must get right. A byte from 0x80 up is its
 * escape, so that any run of bytes, UTF-8 or not (overlong forms, surrogates, truncated
 * sequences), is a run of escapes; any other byte is the ASCII character it is ({@code %}
 * and hex digits included, so that escapes, broken or not, can be spelled out too),
 * except two: 0x01 escapes the byte after it, and 0x00 makes the two bytes after it one
 * UTF-16 unit, a lone surrogate or any other.
 */
public final class HostileText {

	private HostileText() {
	}

	/**
	 * The text the bytes spell.
	 * @param bytes the fuzzer's bytes
	 * @param lowerCase whether escapes have lower-case hex digits
	 */
	public static String escaped(byte[] bytes, boolean lowerCase) {
		HexFormat hex = lowerCase ? HexFormat.of() : HexFormat.of().withUpperCase();
		StringBuilder text = new StringBuilder();
		int i = 0;
		while (i < bytes.length) {
			int b = bytes[i++] & 0xFF;
			if (b == 0x01 && i < bytes.length) {
				text.append('%').append(hex.toHexDigits(bytes[i++]));
			}
			else if (b == 0x00 && i + 1 < bytes.length) {
				text.append((char) ((bytes[i] & 0xFF) << 8 | (bytes[i + 1] & 0xFF)));
				i += 2;
			}
			else if (b >= 0x80) {
				text.append('%').append(hex.toHexDigits((byte) b));
			}
			else {
				text.append((char) b);
			}
		}
		return text.toString();
	}

}
