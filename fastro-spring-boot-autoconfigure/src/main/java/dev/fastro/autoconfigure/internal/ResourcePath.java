package dev.fastro.autoconfigure.internal;

import java.util.Locale;
import java.util.Set;

import dev.fastro.router.internal.PercentDecoder;

/**
 * The path of a static resource within its location, from the part of a request path
 * below the mapping's prefix, or {@code null} when it is refused. Built segment by
 * segment, each decoded once, so that no spelling of a way out of the location gets
 * through: a segment that is empty (an absolute path, {@code //}), that starts with a dot
 * ({@code .}, {@code ..}, and hidden files and directories such as {@code .env} or
 * {@code .git}), that holds a slash or backslash once decoded ({@code %2f}, {@code %5c}),
 * a control character ({@code %00}) or a character Windows gives a meaning to ({@code :}
 * of drives and streams, {@code <>"|?*}), that ends with a dot or a space (which Windows
 * drops), or that names a Windows device ({@code CON}, {@code NUL}, {@code COM1}, ...
 * with any extension). A malformed escape, an overlong UTF-8 form ({@code %c0%ae}) among
 * them, is refused too; a double encoding ({@code %252e}) decodes once, to a name that is
 * no dot.
 * <p>
 * A path that ends with a slash names a directory, and stands for its {@code index.html},
 * the welcome page: a directory is never listed.
 */
final class ResourcePath {

	private static final String WELCOME_PAGE = "index.html";

	private static final Set<String> DEVICES = Set.of("con", "prn", "aux", "nul", "conin$", "conout$", "com0", "com1",
			"com2", "com3", "com4", "com5", "com6", "com7", "com8", "com9", "com\u00b9", "com\u00b2", "com\u00b3",
			"lpt0", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9", "lpt\u00b9", "lpt\u00b2",
			"lpt\u00b3");

	private ResourcePath() {
	}

	/**
	 * The resource's path, its segments separated by {@code /}, or {@code null} when it
	 * is refused.
	 * @param raw the request path below the mapping's prefix, still percent-encoded,
	 * without a leading slash
	 */
	static String of(String raw) {
		if (raw.isEmpty()) {
			return WELCOME_PAGE;
		}
		StringBuilder path = new StringBuilder(raw.length() + WELCOME_PAGE.length());
		int start = 0;
		while (start < raw.length()) {
			int end = raw.indexOf('/', start);
			end = (end < 0) ? raw.length() : end;
			String segment = PercentDecoder.decode(raw, start, end);
			if (segment == null || !isSafe(segment)) {
				return null;
			}
			path.append(segment);
			if (end < raw.length()) {
				path.append('/');
			}
			start = end + 1;
		}
		if (raw.endsWith("/")) {
			path.append(WELCOME_PAGE);
		}
		return path.toString();
	}

	/** How many segments a resource path has. */
	static int depth(String path) {
		int depth = 1;
		for (int i = 0; i < path.length(); i++) {
			if (path.charAt(i) == '/') {
				depth++;
			}
		}
		return depth;
	}

	private static boolean isSafe(String segment) {
		if (segment.isEmpty() || segment.charAt(0) == '.') {
			return false;
		}
		char last = segment.charAt(segment.length() - 1);
		if (last == '.' || last == ' ') {
			return false;
		}
		for (int i = 0; i < segment.length(); i++) {
			char c = segment.charAt(i);
			if (c < 0x20 || c == 0x7f || "/\\:<>\"|?*".indexOf(c) >= 0) {
				return false;
			}
		}
		int dot = segment.indexOf('.');
		String base = ((dot < 0) ? segment : segment.substring(0, dot)).trim().toLowerCase(Locale.ROOT);
		return !DEVICES.contains(base);
	}

}
