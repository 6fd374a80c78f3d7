package dev.fastro.test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.util.HexFormat;

/**
 * Percent-decoding done the plain way, for fuzz targets to compare a decoder with: each
 * run of consecutive escapes is a run of bytes, decoded by the JDK's own decoder of the
 * charset, which reports malformed input rather than replacing it. Every other character
 * stands for itself, {@code '+'} for a space when asked.
 */
public final class ReferencePercentDecoder {

	private ReferencePercentDecoder() {
	}

	/**
	 * Decodes {@code text}, or returns {@code null} when an escape is not {@code '%'} and
	 * two ASCII hex digits, or its bytes are malformed in {@code charset}.
	 * @param text the encoded text
	 * @param plusIsSpace whether {@code '+'} stands for a space
	 * @param charset the charset of the escaped bytes
	 */
	public static String decode(String text, boolean plusIsSpace, Charset charset) {
		StringBuilder decoded = new StringBuilder();
		ByteArrayOutputStream escaped = new ByteArrayOutputStream();
		int i = 0;
		while (i < text.length()) {
			char c = text.charAt(i);
			if (c == '%') {
				if (i + 2 >= text.length() || !HexFormat.isHexDigit(text.charAt(i + 1))
						|| !HexFormat.isHexDigit(text.charAt(i + 2))) {
					return null;
				}
				escaped.write(HexFormat.fromHexDigits(text, i + 1, i + 3));
				i += 3;
				continue;
			}
			if (!appendBytes(decoded, escaped, charset)) {
				return null;
			}
			decoded.append((plusIsSpace && c == '+') ? ' ' : c);
			i++;
		}
		return appendBytes(decoded, escaped, charset) ? decoded.toString() : null;
	}

	/** Appends the escaped bytes as characters and forgets them; false when malformed. */
	private static boolean appendBytes(StringBuilder decoded, ByteArrayOutputStream escaped, Charset charset) {
		if (escaped.size() == 0) {
			return true;
		}
		try {
			decoded.append(charset.newDecoder().decode(ByteBuffer.wrap(escaped.toByteArray())));
			escaped.reset();
			return true;
		}
		catch (CharacterCodingException ex) {
			return false;
		}
	}

}
