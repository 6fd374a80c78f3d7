package dev.fastro.router.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.fastro.router.internal.RoutePattern.Kind;
import dev.fastro.router.internal.RoutePattern.Segment;
import dev.fastro.test.ReferencePercentDecoder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Router#find} on a random route table and hostile paths: it answers a match or
 * none, or throws {@link MalformedPathException}, and nothing else; it answers alike with
 * its cache on and off, and again from the cache; the route it finds matches the path,
 * with the values the route's pattern takes from it; and {@link Router#allowedMethods}
 * lists exactly the methods {@code find} answers for.
 */
class RouterFuzzTest {

	private static final List<String> METHODS = List.of("GET", "POST");

	private static final List<String> STATIC_SEGMENTS = List.of("a", "b", "A", "%41", "%61", "1", "users", "",
			"%C3%A9");

	private static final List<String> REGEXES = List.of("[0-9]+", "[a-z]+", "a|b", ".*", "[^/]+", "\\d{2}", "A?");

	private static final List<String> PATH_SEGMENTS = List.of("a", "b", "A", "%41", "%61", "1", "12", "users", "", "x",
			"%", "%zz", "%C3", "%C3%A9", "%2F", "%00", "+", "*");

	/** Cache sizes: none at all, a few entries, and the default. */
	private static final List<Long> CACHE_BYTES = List.of(0L, 600L, 4L << 20);

	@FuzzTest
	void findsTheSameRouteWithTheCacheOnAndOffAndItMatches(FuzzedDataProvider data) {
		boolean ignoreTrailingSlash = data.consumeBoolean();
		Router.Builder<Integer> cached = Router.<Integer>builder()
			.ignoreTrailingSlash(ignoreTrailingSlash)
			.cache(true, data.pickValue(CACHE_BYTES));
		Router.Builder<Integer> uncached = Router.<Integer>builder().ignoreTrailingSlash(ignoreTrailingSlash);
		int routes = data.consumeInt(1, 8);
		for (int i = 0; i < routes; i++) {
			String method = data.pickValue(METHODS);
			String pattern = pattern(data, i);
			cached.add(method, pattern, i);
			uncached.add(method, pattern, i);
		}
		Router<Integer> withCache;
		Router<Integer> withoutCache;
		try {
			withCache = cached.build();
			withoutCache = uncached.build();
		}
		catch (RouteConflictException ex) {
			return;
		}
		while (data.remainingBytes() > 0) {
			String path = path(data);
			List<String> allowed = new ArrayList<>();
			for (String method : List.of("GET", "POST", "PUT")) {
				Object found = outcome(() -> withoutCache.find(method, path));
				assertThat(outcome(() -> withCache.find(method, path))).as("%s %s cached", method, path)
					.isEqualTo(found);
				assertThat(outcome(() -> withCache.find(method, path))).as("%s %s cached again", method, path)
					.isEqualTo(found);
				if (found instanceof Found match) {
					assertThat(match.values()).as("%s %s: the values %s takes from it", method, path, match.pattern())
						.isEqualTo(values(match.pattern(), path, ignoreTrailingSlash));
				}
				if (found != null) {
					allowed.add(method);
				}
			}
			assertThat(withoutCache.allowedMethods(path)).as(path).containsExactlyElementsOf(allowed);
		}
	}

	/**
	 * A well-formed pattern of up to four segments, whose parameters are named apart, a
	 * catch-all only last.
	 */
	private static String pattern(FuzzedDataProvider data, int route) {
		StringBuilder pattern = new StringBuilder();
		int segments = data.consumeInt(0, 4);
		boolean catchAll = false;
		for (int i = 0; i < segments; i++) {
			String name = "r" + route + "p" + i;
			int kind = data.consumeInt(0, (i == segments - 1) ? 3 : 2);
			catchAll = kind == 3;
			pattern.append('/').append(switch (kind) {
				case 0 -> data.pickValue(STATIC_SEGMENTS);
				case 1 -> data.consumeBoolean() ? ":" + name : "{" + name + "}";
				case 2 -> "{" + name + ":" + data.pickValue(REGEXES) + "}";
				default -> data.consumeBoolean() ? "*" : "{*" + name + "}";
			});
		}
		return (segments == 0 || !catchAll && data.consumeBoolean()) ? pattern + "/" : pattern.toString();
	}

	/** A path as a client may send it: mostly segments after a '/', but not always. */
	private static String path(FuzzedDataProvider data) {
		StringBuilder path = new StringBuilder(data.consumeInt(0, 7) == 0 ? "" : "/");
		int segments = data.consumeInt(0, 4);
		for (int i = 0; i < segments; i++) {
			path.append((i == 0) ? "" : "/")
				.append(data.consumeBoolean() ? data.pickValue(PATH_SEGMENTS) : String.valueOf(data.consumeChar()));
		}
		return path.toString();
	}

	/** What {@code find} answers: a {@link Found}, {@code "malformed"}, or null. */
	private static Object outcome(Supplier<RouteMatch<Integer>> find) {
		try {
			RouteMatch<Integer> match = find.get();
			if (match == null) {
				return null;
			}
			List<String> values = new ArrayList<>();
			for (int i = 0; i < match.paramCount(); i++) {
				values.add(match.paramValue(i));
			}
			return new Found(match.target(), match.route().pattern(), values);
		}
		catch (MalformedPathException ex) {
			return "malformed";
		}
	}

	/**
	 * The values a pattern takes from a path, segment by segment, or null when it does
	 * not match it: static text as sent, a parameter any segment but an empty one, a
	 * regex the whole decoded segment, a catch-all the rest of the path (when trailing
	 * slashes are ignored, also none at all).
	 */
	private static List<String> values(String pattern, String path, boolean ignoreTrailingSlash) {
		if (!path.startsWith("/")) {
			return null;
		}
		List<Segment> segments = RoutePattern.parse(pattern).segments(ignoreTrailingSlash);
		String normalized = (ignoreTrailingSlash && path.length() > 1 && path.endsWith("/"))
				? path.substring(0, path.length() - 1) : path;
		List<String> parts = Arrays.asList(normalized.substring(1).split("/", -1));
		List<String> values = new ArrayList<>();
		for (int i = 0; i < segments.size(); i++) {
			Segment segment = segments.get(i);
			if (segment.kind() == Kind.CATCH_ALL) {
				boolean rest = i < parts.size();
				values.add(rest ? decode(String.join("/", parts.subList(i, parts.size()))) : "");
				return (rest || ignoreTrailingSlash) ? values : null;
			}
			if (i == parts.size()) {
				return null;
			}
			String part = parts.get(i);
			String decoded = decode(part);
			boolean matches = switch (segment.kind()) {
				case STATIC -> part.equals(segment.text());
				case REGEX -> decoded != null && segment.regex().matcher(decoded).matches();
				default -> !part.isEmpty();
			};
			if (!matches) {
				return null;
			}
			if (segment.kind() != Kind.STATIC) {
				values.add(decoded);
			}
		}
		return (segments.size() == parts.size()) ? values : null;
	}

	private static String decode(String encoded) {
		return ReferencePercentDecoder.decode(encoded, false, StandardCharsets.UTF_8);
	}

	/** A match: the route's target and pattern, and the values of its parameters. */
	private record Found(int target, String pattern, List<String> values) {
	}

}
