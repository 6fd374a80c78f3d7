package dev.fastro.router.internal;

import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The overlap finder against brute force: two patterns over a small alphabet overlap
 * exactly when some path of a small set reaches both, each alone in a router.
 */
class RouteOverlapsPropertyTest {

	/** Every path of up to four segments over values that the alphabet tells apart. */
	private static final List<String> PATHS = paths(List.of("a", "b", "aa", ""), 4);

	@Provide
	Arbitrary<String> patterns() {
		// Each parameter is named after its position, as a name may appear once.
		Arbitrary<String> segment = Arbitraries.of("a", "b", "{p%d}", "{r%d:[ab]}", "{q%d:a+}", "{s%d:b?a}");
		return Combinators.combine(segment.list().ofMaxSize(3), Arbitraries.of("", "/", "/{*rest}"))
			.as((segments, end) -> {
				StringBuilder pattern = new StringBuilder();
				for (int i = 0; i < segments.size(); i++) {
					pattern.append('/').append(segments.get(i).formatted(i));
				}
				pattern.append(end);
				return pattern.isEmpty() ? "/" : pattern.toString();
			});
	}

	@Property(tries = 300)
	void reportsAnOverlapExactlyWhenSomePathReachesBoth(@ForAll("patterns") String first,
			@ForAll("patterns") String second, @ForAll boolean ignoreTrailingSlash) {
		Router<String> both;
		try {
			both = router(ignoreTrailingSlash, first, second);
		}
		catch (RouteConflictException ex) {
			Assume.that(false);
			return;
		}
		Router<String> onlyFirst = router(ignoreTrailingSlash, first);
		Router<String> onlySecond = router(ignoreTrailingSlash, second);
		boolean shared = PATHS.stream()
			.anyMatch((path) -> onlyFirst.find("GET", path) != null && onlySecond.find("GET", path) != null);

		List<RouteOverlap<String>> overlaps = RouteOverlaps.of(both);

		assertThat(overlaps).as("%s and %s", first, second).hasSize(shared ? 1 : 0);
		for (RouteOverlap<String> overlap : overlaps) {
			String example = overlap.example();
			assertThat(example).isNotNull();
			assertThat(onlyFirst.find("GET", example)).as(example).isNotNull();
			assertThat(onlySecond.find("GET", example)).as(example).isNotNull();
			assertThat(overlap.winner()).isEqualTo(both.find("GET", example).route());
			if (overlap.unreachable() != null) {
				Router<String> alone = (overlap.unreachable() == overlap.first()) ? onlyFirst : onlySecond;
				for (String path : PATHS) {
					if (alone.find("GET", path) != null) {
						assertThat(both.find("GET", path).route()).as(path).isNotSameAs(overlap.unreachable());
					}
				}
			}
		}
	}

	@Property(tries = 100)
	void reportsEveryOverlappingPairOfATable(@ForAll @Size(max = 6) List<@From("patterns") String> patterns,
			@ForAll boolean ignoreTrailingSlash) {
		List<String> table = patterns.stream().distinct().toList();
		Router<String> router;
		try {
			router = router(ignoreTrailingSlash, table.toArray(String[]::new));
		}
		catch (RouteConflictException ex) {
			Assume.that(false);
			return;
		}
		List<Router<String>> alone = table.stream().map((pattern) -> router(ignoreTrailingSlash, pattern)).toList();
		List<String> shared = new ArrayList<>();
		for (int i = 0; i < table.size(); i++) {
			for (int j = i + 1; j < table.size(); j++) {
				Router<String> first = alone.get(i);
				Router<String> second = alone.get(j);
				if (PATHS.stream()
					.anyMatch((path) -> first.find("GET", path) != null && second.find("GET", path) != null)) {
					shared.add(table.get(i) + " " + table.get(j));
				}
			}
		}

		assertThat(RouteOverlaps.of(router))
			.map((overlap) -> overlap.first().target() + " " + overlap.second().target())
			.containsExactlyElementsOf(shared);
	}

	private static Router<String> router(boolean ignoreTrailingSlash, String... patterns) {
		Router.Builder<String> builder = Router.<String>builder().ignoreTrailingSlash(ignoreTrailingSlash);
		for (String pattern : patterns) {
			builder.add("GET", pattern, pattern);
		}
		return builder.build();
	}

	private static List<String> paths(List<String> values, int depth) {
		List<String> paths = new ArrayList<>(List.of("/"));
		List<String> previous = List.of("");
		for (int i = 0; i < depth; i++) {
			List<String> next = new ArrayList<>();
			for (String prefix : previous) {
				for (String value : values) {
					next.add(prefix + "/" + value);
				}
			}
			paths.addAll(next);
			previous = next;
		}
		return paths.stream().distinct().toList();
	}

}
