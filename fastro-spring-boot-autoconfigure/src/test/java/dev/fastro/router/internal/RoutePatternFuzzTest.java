package dev.fastro.router.internal;

import java.util.ArrayList;
import java.util.List;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.fastro.router.internal.RoutePattern.Kind;
import dev.fastro.router.internal.RoutePattern.Segment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RoutePattern#parse} on patterns made of the pieces of the pattern syntax and any
 * other characters: it parses a pattern or throws a {@link RoutePatternException} naming
 * a position in it, and nothing else; and a route with a pattern it parsed, in ASCII and
 * without regexes, matches the path made of its static segments and a value for each
 * parameter, with those values.
 */
class RoutePatternFuzzTest {

	private static final List<String> PIECES = List.of("/", "{", "}", ":", "*", "{*", "?", "#", "%", "%2F", "%C3%A9",
			"\\", "id", "_x9", "9", "a", ".", "[0-9]+", "(", ")", "|", "{2}", "/{id}", "/:id", "/*", " ");

	@FuzzTest
	void parsesOrSaysWhere(FuzzedDataProvider data) {
		StringBuilder source = new StringBuilder(data.consumeBoolean() ? "/" : "");
		while (data.remainingBytes() > 0) {
			source.append(data.consumeBoolean() ? data.pickValue(PIECES) : String.valueOf(data.consumeChar()));
		}
		String pattern = source.toString();
		RoutePattern parsed;
		try {
			parsed = RoutePattern.parse(pattern);
		}
		catch (RoutePatternException ex) {
			assertThat(ex.pattern()).isEqualTo(pattern);
			assertThat(ex.position()).as(ex.getMessage()).isBetween(0, pattern.length());
			return;
		}
		List<Segment> segments = parsed.segments(false);
		if (pattern.chars().allMatch((c) -> c < 0x80) && segments.stream().noneMatch((s) -> s.kind() == Kind.REGEX)) {
			assertMatchesItsExample(pattern, segments);
		}
	}

	private static void assertMatchesItsExample(String pattern, List<Segment> segments) {
		StringBuilder path = new StringBuilder();
		List<String> values = new ArrayList<>();
		for (int i = 0; i < segments.size(); i++) {
			Segment segment = segments.get(i);
			String value = (segment.kind() == Kind.CATCH_ALL) ? "v/" + i : "v" + i;
			path.append('/').append((segment.kind() == Kind.STATIC) ? segment.text() : value);
			if (segment.kind() != Kind.STATIC) {
				values.add(value);
			}
		}
		RouteMatch<String> match = Router.<String>builder()
			.add("GET", pattern, pattern)
			.build()
			.find("GET", path.toString());
		assertThat(match).as("%s for %s", path, pattern).isNotNull();
		List<String> found = new ArrayList<>();
		for (int i = 0; i < match.paramCount(); i++) {
			found.add(match.paramValue(i));
		}
		assertThat(found).as("%s for %s", path, pattern).isEqualTo(values);
	}

}
