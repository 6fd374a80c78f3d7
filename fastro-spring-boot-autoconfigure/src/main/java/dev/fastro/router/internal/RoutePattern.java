package dev.fastro.router.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A parsed and validated route pattern: one segment per '/'-separated part of the path,
 * so that {@code /} is one empty static segment and {@code /x/} ends with one. Public for
 * the tools that describe routes, such as the OpenAPI document.
 */
public final class RoutePattern {

	/** Segment kinds, in matching priority order. */
	public enum Kind {

		STATIC, REGEX, PARAM, CATCH_ALL

	}

	/**
	 * @param kind the kind
	 * @param text the literal of a static segment as clients send it (any character
	 * beyond ASCII percent-encoded as UTF-8), else the parameter name
	 * @param regex the constraint of a regex parameter, else null
	 */
	public record Segment(Kind kind, String text, Pattern regex) {
	}

	private static final Segment EMPTY = new Segment(Kind.STATIC, "", null);

	private final String source;

	private final List<Segment> segments;

	private final String[] names;

	private final boolean isStatic;

	private RoutePattern(String source, List<Segment> segments, String[] names) {
		this.source = source;
		this.segments = segments;
		this.names = names;
		this.isStatic = names.length == 0;
	}

	/**
	 * Parses {@code source}, throwing {@link RoutePatternException} when it is malformed.
	 */
	public static RoutePattern parse(String source) {
		int length = source.length();
		if (length == 0 || source.charAt(0) != '/') {
			throw new RoutePatternException(source, 0, "must start with '/'");
		}
		List<Segment> segments = new ArrayList<>();
		List<String> names = new ArrayList<>();
		int start = 1;
		while (true) {
			int end;
			Segment segment;
			if (start < length && source.charAt(start) == '{') {
				int close = closingBrace(source, start);
				segment = braceParameter(source, start, close);
				end = close + 1;
				if (end < length && source.charAt(end) != '/') {
					throw new RoutePatternException(source, end, "a parameter must span the whole segment");
				}
			}
			else {
				end = source.indexOf('/', start);
				end = end < 0 ? length : end;
				segment = plainSegment(source, start, end);
			}
			if (segment.kind() != Kind.STATIC) {
				if (names.contains(segment.text())) {
					throw new RoutePatternException(source, nameStart(source, start),
							"duplicate parameter name '" + segment.text() + "'");
				}
				names.add(segment.text());
			}
			if (segment.kind() == Kind.CATCH_ALL && end != length) {
				throw new RoutePatternException(source, start, "a catch-all must be the last segment");
			}
			segments.add(segment);
			if (end == length) {
				return new RoutePattern(source, List.copyOf(segments), names.toArray(String[]::new));
			}
			start = end + 1;
		}
	}

	/** The pattern as the user wrote it. */
	String source() {
		return source;
	}

	/** True when the pattern has no parameter, so that it matches exactly one path. */
	boolean isStatic() {
		return isStatic;
	}

	/** Parameter names in path order; a value array of a match is indexed alike. */
	String[] names() {
		return names;
	}

	/**
	 * The segments, without the empty last one of a trailing slash when trailing slashes
	 * are ignored.
	 */
	public List<Segment> segments(boolean ignoreTrailingSlash) {
		int size = segments.size();
		if (ignoreTrailingSlash && size > 1 && segments.get(size - 1).equals(EMPTY)) {
			return segments.subList(0, size - 1);
		}
		return segments;
	}

	/**
	 * The request paths a static pattern matches, as clients send them: its source when
	 * trailing slashes count; otherwise, the paths that come to the same thing once both
	 * lose one trailing slash.
	 */
	List<String> staticPaths(boolean ignoreTrailingSlash) {
		String sent = PathEncoding.encode(source);
		if (!ignoreTrailingSlash) {
			return List.of(sent);
		}
		String path = endsWithSlash(sent) ? sent.substring(0, sent.length() - 1) : sent;
		// A request that still ends with a slash after losing one (as "//" does) is never
		// that path.
		return endsWithSlash(path) ? List.of(path + "/") : List.of(path, path + "/");
	}

	private static boolean endsWithSlash(String path) {
		return path.length() > 1 && path.charAt(path.length() - 1) == '/';
	}

	private static Segment plainSegment(String source, int start, int end) {
		if (start < end && source.charAt(start) == ':') {
			return new Segment(Kind.PARAM, name(source, start + 1, end), null);
		}
		if (end == start + 1 && source.charAt(start) == '*') {
			return new Segment(Kind.CATCH_ALL, "*", null);
		}
		for (int i = start; i < end; i++) {
			char c = source.charAt(i);
			switch (c) {
				case '{', ':' -> throw new RoutePatternException(source, i, "a parameter must span the whole segment");
				case '*' -> throw new RoutePatternException(source, i, "a catch-all '*' must span the whole segment");
				case '}' -> throw new RoutePatternException(source, i, "unmatched '}'");
				case '?' -> throw new RoutePatternException(source, i,
						"a '?' starts the query string, which is not part of the path routes match");
				case '#' ->
					throw new RoutePatternException(source, i, "a '#' starts a fragment, which clients do not send");
				default -> {
					if (!PathEncoding.isWritable(source, i)) {
						throw unwritable(source, i);
					}
					if (Character.isHighSurrogate(c)) {
						// The pair's low half, checked with it.
						i++;
					}
				}
			}
		}
		if (PercentDecoder.decode(source, start, end) == null) {
			throw new RoutePatternException(source, start,
					"malformed percent-encoding in segment '" + source.substring(start, end) + "'");
		}
		return new Segment(Kind.STATIC, PathEncoding.encode(source.substring(start, end)), null);
	}

	/**
	 * A character that cannot stand in a pattern as itself: one a reader would not see,
	 * such as a space or a control character, or half a surrogate pair.
	 */
	private static RoutePatternException unwritable(String source, int index) {
		int codePoint = source.codePointAt(index);
		if (Character.isSurrogate(source.charAt(index)) && Character.charCount(codePoint) == 1) {
			return new RoutePatternException(source, index,
					String.format("unpaired surrogate U+%04X, which no UTF-8 request path can hold", codePoint));
		}
		return new RoutePatternException(source, index,
				String.format("character U+%04X cannot be seen in a route pattern; write it percent-encoded, as %s",
						codePoint, PathEncoding.escape(codePoint)));
	}

	/**
	 * Parses {@code {name}}, {@code {name:regex}} or {@code {*name}} spanning
	 * {@code source[open, close]}.
	 */
	private static Segment braceParameter(String source, int open, int close) {
		if (open + 1 < close && source.charAt(open + 1) == '*') {
			return new Segment(Kind.CATCH_ALL, name(source, open + 2, close), null);
		}
		int colon = source.indexOf(':', open);
		if (colon < 0 || colon > close) {
			return new Segment(Kind.PARAM, name(source, open + 1, close), null);
		}
		String name = name(source, open + 1, colon);
		if (colon + 1 == close) {
			throw new RoutePatternException(source, close, "empty regex");
		}
		try {
			return new Segment(Kind.REGEX, name, Pattern.compile(source.substring(colon + 1, close)));
		}
		catch (PatternSyntaxException e) {
			int at = colon + 1 + Math.max(e.getIndex(), 0);
			throw new RoutePatternException(source, at, "invalid regex: " + e.getDescription());
		}
	}

	/**
	 * The matching '}' of the '{' at {@code open}; the regex may nest braces and escape
	 * them with '\'.
	 */
	private static int closingBrace(String source, int open) {
		int depth = 0;
		for (int i = open; i < source.length(); i++) {
			char c = source.charAt(i);
			if (c == '\\') {
				i++;
			}
			else if (c == '{') {
				depth++;
			}
			else if (c == '}' && --depth == 0) {
				return i;
			}
		}
		throw new RoutePatternException(source, open, "unclosed '{'");
	}

	/**
	 * Where the name of the parameter segment starting at {@code start} starts ({@code *}
	 * is its own name).
	 */
	private static int nameStart(String source, int start) {
		return switch (source.charAt(start)) {
			case ':' -> start + 1;
			case '{' -> source.charAt(start + 1) == '*' ? start + 2 : start + 1;
			default -> start;
		};
	}

	/**
	 * Validates the parameter name {@code source[start, end)}:
	 * {@code [A-Za-z_][A-Za-z0-9_]*}.
	 */
	private static String name(String source, int start, int end) {
		if (start == end) {
			throw new RoutePatternException(source, start, "empty parameter name");
		}
		for (int i = start; i < end; i++) {
			char c = source.charAt(i);
			boolean valid = c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
					|| i > start && c >= '0' && c <= '9';
			if (!valid) {
				throw new RoutePatternException(source, i, "invalid character '" + c + "' in parameter name");
			}
		}
		return source.substring(start, end);
	}

}
