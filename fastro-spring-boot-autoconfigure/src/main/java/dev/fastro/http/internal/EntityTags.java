package dev.fastro.http.internal;

import java.util.List;

/**
 * Entity tags (RFC 9110, 8.8.3): {@code "xyzzy"}, or weak, {@code W/"xyzzy"}; how two
 * compare, and the lists of them that {@code If-Match} and {@code If-None-Match} hold.
 * Lists are read leniently: a malformed member, such as an unquoted tag, is skipped up to
 * the next comma and never matches, while the well-formed members around it still do.
 */
public final class EntityTags {

	private EntityTags() {
	}

	/**
	 * An entity tag as it is sent: {@code "abc"} and {@code W/"abc"} as given, and an
	 * unquoted {@code abc} quoted.
	 * @param tag the tag
	 * @return the tag, quoted
	 * @throws IllegalArgumentException when {@code tag} is empty, or is none of these: a
	 * quote, a space or a control character in the tag itself, say
	 */
	public static String of(String tag) {
		int close = closingQuote(tag, tag.startsWith("W/\"") ? 2 : 0);
		if (close >= 0 && close == tag.length() - 1) {
			return tag;
		}
		if (!tag.isEmpty() && opaque(tag)) {
			return '"' + tag + '"';
		}
		throw new IllegalArgumentException("Malformed entity tag '" + tag
				+ "': one is \"abc\", W/\"abc\" or abc, without quotes, spaces or control characters in abc");
	}

	/**
	 * Whether the field lines of {@code If-Match} or {@code If-None-Match} are the single
	 * member {@code *}, which any current representation matches.
	 */
	static boolean isAny(List<String> lines) {
		return lines.size() == 1 && HttpDates.trim(lines.get(0)).equals("*");
	}

	/**
	 * Whether a well-formed member of the lists in these field lines matches
	 * {@code current}.
	 * @param lines the field lines
	 * @param current an entity tag as {@link #of} gives it
	 * @param strong whether the comparison is strong, as {@code If-Match}'s is: both tags
	 * then must be strong; a weak one, as {@code If-None-Match}'s is, compares only the
	 * quoted part
	 */
	static boolean listed(List<String> lines, String current, boolean strong) {
		for (String line : lines) {
			if (listed(line, current, strong)) {
				return true;
			}
		}
		return false;
	}

	private static boolean listed(String list, String current, boolean strong) {
		boolean currentWeak = current.startsWith("W/");
		if (strong && currentWeak) {
			return false;
		}
		int opaqueStart = currentWeak ? 2 : 0;
		int opaqueLength = current.length() - opaqueStart;
		int at = 0;
		while (at < list.length()) {
			char c = list.charAt(at);
			if (c == ',' || c == ' ' || c == '\t') {
				at++;
				continue;
			}
			boolean weak = list.startsWith("W/", at);
			int open = weak ? at + 2 : at;
			int close = closingQuote(list, open);
			int end = (close < 0) ? -1 : endOfMember(list, close + 1);
			if (end < 0) {
				int comma = list.indexOf(',', at);
				at = (comma < 0) ? list.length() : comma + 1;
				continue;
			}
			if ((!strong || !weak) && close + 1 - open == opaqueLength
					&& list.regionMatches(open, current, opaqueStart, opaqueLength)) {
				return true;
			}
			at = end;
		}
		return false;
	}

	/**
	 * Whether {@code value}, an {@code If-Range} field's, is exactly {@code current}, and
	 * both are strong.
	 */
	static boolean strongMatch(String value, String current) {
		return !current.startsWith("W/") && HttpDates.trim(value).equals(current);
	}

	/**
	 * The index of the quote that closes the opaque tag opened by a quote at
	 * {@code open}, or -1 when there is no such well-formed opaque tag.
	 */
	private static int closingQuote(String text, int open) {
		if (open >= text.length() || text.charAt(open) != '"') {
			return -1;
		}
		for (int i = open + 1; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '"') {
				return i;
			}
			if (!isTagChar(c)) {
				return -1;
			}
		}
		return -1;
	}

	/**
	 * Where the member that ended before {@code from} ends with the whitespace after it:
	 * at the comma after it, or at the end; -1 when anything else follows it.
	 */
	private static int endOfMember(String list, int from) {
		int at = from;
		while (at < list.length() && (list.charAt(at) == ' ' || list.charAt(at) == '\t')) {
			at++;
		}
		return (at == list.length() || list.charAt(at) == ',') ? at : -1;
	}

	private static boolean opaque(String text) {
		for (int i = 0; i < text.length(); i++) {
			if (!isTagChar(text.charAt(i))) {
				return false;
			}
		}
		return true;
	}

	/** {@code etagc}: a visible character other than a quote, or an obs-text byte. */
	private static boolean isTagChar(char c) {
		return c == 0x21 || (c >= 0x23 && c <= 0x7E) || (c >= 0x80 && c <= 0xFF);
	}

}
