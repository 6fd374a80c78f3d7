package dev.fastro.http.internal;

import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fastro.http.HttpException;
import dev.fastro.router.internal.PercentDecoder;

/**
 * Decodes {@code application/x-www-form-urlencoded} text, the encoding of query strings
 * and form bodies: {@code name=value} pairs separated by {@code &}, {@code +} for a
 * space, strict UTF-8 percent-escapes, or escapes of another charset when a form body's
 * content type names one, as Spring's form reader honours it. A malformed escape or more
 * pairs than allowed is a 400 that says which.
 */
final class FormDecoder {

	private FormDecoder() {
	}

	/**
	 * Every parameter with its values, in order. Every scan stops at the end of its pair,
	 * so the cost is linear in the length of the text, however many pairs it has.
	 * @param encoded the encoded text, without the leading {@code ?}
	 * @param max the most pairs allowed
	 * @param what what the pairs are, for error messages, such as
	 * {@code "query parameters"}
	 */
	static Map<String, List<String>> decode(CharSequence encoded, int max, String what) {
		return decode(encoded, StandardCharsets.UTF_8, max, what);
	}

	/**
	 * As {@link #decode(CharSequence, int, String)}, with percent-escapes of
	 * {@code charset}.
	 * @param encoded the encoded text
	 * @param charset the charset of the escaped bytes
	 * @param max the most pairs allowed
	 * @param what what the pairs are, for error messages
	 */
	static Map<String, List<String>> decode(CharSequence encoded, Charset charset, int max, String what) {
		Map<String, List<String>> parameters = new LinkedHashMap<>();
		int count = 0;
		int start = 0;
		int length = encoded.length();
		while (start <= length) {
			int end = indexOf(encoded, '&', start, length);
			if (end > start) {
				if (++count > max) {
					throw HttpException.badRequest("Too many " + what + ": at most " + max + " allowed");
				}
				int nameEnd = indexOf(encoded, '=', start, end);
				String name = decodeComponent(encoded, start, nameEnd, charset, what);
				String value = (nameEnd == end) ? "" : decodeComponent(encoded, nameEnd + 1, end, charset, what);
				parameters.computeIfAbsent(name, key -> new ArrayList<>(1)).add(value);
			}
			start = end + 1;
		}
		parameters.replaceAll((name, values) -> Collections.unmodifiableList(values));
		return Collections.unmodifiableMap(parameters);
	}

	/**
	 * Where {@code c} first is in {@code s[from, to)}, or {@code to} when it is not
	 * there.
	 */
	private static int indexOf(CharSequence s, char c, int from, int to) {
		int i = from;
		while (i < to && s.charAt(i) != c) {
			i++;
		}
		return i;
	}

	private static String decodeComponent(CharSequence encoded, int start, int end, Charset charset, String what) {
		String decoded = charset.equals(StandardCharsets.UTF_8) ? PercentDecoder.decode(encoded, start, end, true)
				: decodeIn(charset, encoded.subSequence(start, end).toString());
		if (decoded == null) {
			throw HttpException.badRequest(
					"Malformed " + what + ": invalid percent-encoding in '" + encoded.subSequence(start, end) + "'");
		}
		return decoded;
	}

	/**
	 * Decodes one component whose escapes are bytes of {@code charset}, or null. An
	 * escape is {@code '%'} and two ASCII hex digits, as on the UTF-8 path: URLDecoder
	 * reads the two characters as {@code Integer.parseInt} does, which takes a sign
	 * ({@code %-0} for a NUL) and other scripts' digits.
	 */
	private static String decodeIn(Charset charset, String component) {
		for (int i = component.indexOf('%'); i >= 0; i = component.indexOf('%', i + 3)) {
			if (i + 2 >= component.length() || !HexFormat.isHexDigit(component.charAt(i + 1))
					|| !HexFormat.isHexDigit(component.charAt(i + 2))) {
				return null;
			}
		}
		return URLDecoder.decode(component, charset);
	}

}
