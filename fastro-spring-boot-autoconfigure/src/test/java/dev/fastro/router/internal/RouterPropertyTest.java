package dev.fastro.router.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Compares the router with a literal reference: recursion over segment lists, priorities,
 * backtracking.
 */
class RouterPropertyTest {

	private static final List<String> METHODS = List.of("GET", "POST");

	enum Kind {

		STATIC, REGEX, PARAM, CATCH_ALL

	}

	/** A pattern segment: literal text for a static one, the regex for a regex one. */
	record Token(Kind kind, String text) {
	}

	/**
	 * A generated route; {@code braces} picks between the two spellings of parameters.
	 */
	record Spec(String method, List<Token> tokens, boolean trailingSlash, boolean braces) {

		String pattern(int index) {
			StringBuilder pattern = new StringBuilder();
			for (int k = 0; k < tokens.size(); k++) {
				Token token = tokens.get(k);
				String name = "r" + index + "p" + k;
				pattern.append('/').append(switch (token.kind()) {
					case STATIC -> token.text();
					case REGEX -> "{" + name + ":" + token.text() + "}";
					case PARAM -> braces ? "{" + name + "}" : ":" + name;
					case CATCH_ALL -> braces ? "{*" + name + "}" : "*";
				});
			}
			return tokens.isEmpty() ? "/" : trailingSlash ? pattern + "/" : pattern.toString();
		}

		/**
		 * Segments as the reference sees them: a trailing slash is one more, empty,
		 * static segment.
		 */
		List<Token> segments(boolean ignoreTrailingSlash) {
			List<Token> segments = new ArrayList<>(tokens);
			if (tokens.isEmpty() || trailingSlash && !ignoreTrailingSlash) {
				segments.add(new Token(Kind.STATIC, ""));
			}
			return segments;
		}

		/** Equal for specs matching the same paths. */
		List<Object> shape(boolean ignoreTrailingSlash) {
			return List.of(method, segments(ignoreTrailingSlash));
		}
	}

	record Expected(int route, List<String> values) {
	}

	@Provide
	Arbitrary<List<Spec>> tables() {
		Arbitrary<Token> token = Arbitraries.frequencyOf(
				Tuple.of(6, Arbitraries.of("a", "b", "c", "users", "new").map(text -> new Token(Kind.STATIC, text))),
				Tuple.of(2, Arbitraries.just(new Token(Kind.PARAM, ""))),
				Tuple.of(2, Arbitraries.of("[0-9]+", "[a-z]+", "[a-c]+").map(regex -> new Token(Kind.REGEX, regex))));
		Arbitrary<List<Token>> tokens = Combinators
			.combine(token.list().ofMaxSize(3), Arbitraries.integers().between(0, 4))
			.as((list, catchAll) -> {
				List<Token> all = new ArrayList<>(list);
				if (catchAll == 0) {
					all.add(new Token(Kind.CATCH_ALL, ""));
				}
				return all;
			});
		Arbitrary<Spec> spec = Combinators
			.combine(Arbitraries.of(METHODS), tokens, Arbitraries.integers().between(0, 3), Arbitraries.of(true, false))
			.as((method, list, slash, braces) -> new Spec(method, list,
					slash == 0 && !list.isEmpty() && list.get(list.size() - 1).kind() != Kind.CATCH_ALL, braces));
		return spec.list().ofMinSize(1).ofMaxSize(12);
	}

	@Provide
	Arbitrary<List<String>> paths() {
		Arbitrary<String> segment = Arbitraries.of("a", "b", "c", "users", "new", "1", "42", "x", "%61", "%31", "");
		return segment.list()
			.ofMaxSize(5)
			.map(segments -> "/" + String.join("/", segments))
			.list()
			.ofMinSize(1)
			.ofMaxSize(25);
	}

	@Property(tries = 400)
	void findsWhatTheReferenceFinds(@ForAll("tables") List<Spec> generated, @ForAll("paths") List<String> paths,
			@ForAll boolean ignoreTrailingSlash, @ForAll boolean cached) {
		List<Spec> specs = withoutConflicts(generated, ignoreTrailingSlash);
		Router.Builder<Integer> builder = Router.<Integer>builder()
			.ignoreTrailingSlash(ignoreTrailingSlash)
			.cache(cached, 8);
		for (int i = 0; i < specs.size(); i++) {
			builder.add(specs.get(i).method(), specs.get(i).pattern(i), i);
		}
		Router<Integer> router = builder.build();

		for (String path : paths) {
			Set<String> allowed = new TreeSet<>();
			for (String method : METHODS) {
				Expected expected = reference(specs, method, path, ignoreTrailingSlash);
				for (int repeat = 0; repeat < 2; repeat++) {
					assertMatches(router.find(method, path), expected, specs, method + " " + path);
				}
				if (expected != null) {
					allowed.add(method);
				}
			}
			assertThat(router.allowedMethods(path)).as(path).containsExactlyElementsOf(allowed);
		}
	}

	@Property(tries = 100)
	void rejectsARouteMatchingTheSamePathsAsAnother(@ForAll("tables") List<Spec> generated,
			@ForAll boolean ignoreTrailingSlash) {
		List<Spec> specs = withoutConflicts(generated, ignoreTrailingSlash);
		Spec first = specs.get(0);
		Router.Builder<Integer> builder = Router.<Integer>builder().ignoreTrailingSlash(ignoreTrailingSlash);
		for (int i = 0; i < specs.size(); i++) {
			builder.add(specs.get(i).method(), specs.get(i).pattern(i), i);
		}
		Spec respelled = new Spec(first.method(), first.tokens(), first.trailingSlash(), !first.braces());
		builder.add(first.method(), respelled.pattern(specs.size()), -1);

		assertThatThrownBy(builder::build).isInstanceOf(RouteConflictException.class)
			.hasMessageContaining(first.pattern(0))
			.hasMessageContaining(respelled.pattern(specs.size()));
	}

	private static List<Spec> withoutConflicts(List<Spec> specs, boolean ignoreTrailingSlash) {
		Set<List<Object>> shapes = new HashSet<>();
		return specs.stream().filter(spec -> shapes.add(spec.shape(ignoreTrailingSlash))).toList();
	}

	private static void assertMatches(RouteMatch<Integer> actual, Expected expected, List<Spec> specs, String request) {
		if (expected == null) {
			assertThat(actual).as(request).isNull();
			return;
		}
		assertThat(actual).as(request).isNotNull();
		assertThat(actual.target()).as(request).isEqualTo(expected.route());
		assertThat(actual.route().pattern()).as(request)
			.isEqualTo(specs.get(expected.route()).pattern(expected.route()));
		List<String> values = new ArrayList<>();
		for (int i = 0; i < actual.paramCount(); i++) {
			values.add(actual.paramValue(i));
			assertThat(actual.param(actual.paramName(i))).as(request).isEqualTo(actual.paramValue(i));
		}
		assertThat(values).as(request).isEqualTo(expected.values());
	}

	/**
	 * The best route of the method for the path, by the rules of the router written out
	 * literally.
	 */
	private static Expected reference(List<Spec> specs, String method, String path, boolean ignoreTrailingSlash) {
		String normalized = ignoreTrailingSlash && path.length() > 1 && path.endsWith("/")
				? path.substring(0, path.length() - 1) : path;
		List<String> segments = Arrays.asList(normalized.substring(1).split("/", -1));
		List<Integer> candidates = new ArrayList<>();
		for (int i = 0; i < specs.size(); i++) {
			if (specs.get(i).method().equals(method)) {
				candidates.add(i);
			}
		}
		return match(specs, candidates, segments, 0, List.of(), ignoreTrailingSlash);
	}

	private static Expected match(List<Spec> specs, List<Integer> candidates, List<String> segments, int position,
			List<String> values, boolean ignoreTrailingSlash) {
		if (position == segments.size()) {
			for (int route : candidates) {
				List<Token> tokens = specs.get(route).segments(ignoreTrailingSlash);
				if (tokens.size() == position) {
					return new Expected(route, values);
				}
			}
			for (int route : candidates) {
				List<Token> tokens = specs.get(route).segments(ignoreTrailingSlash);
				if (ignoreTrailingSlash && tokens.size() == position + 1
						&& tokens.get(position).kind() == Kind.CATCH_ALL) {
					return new Expected(route, append(values, ""));
				}
			}
			return null;
		}
		String segment = segments.get(position);
		String decoded = URLDecoder.decode(segment, StandardCharsets.UTF_8);
		Expected found = next(specs, candidates, Kind.STATIC, segment, segments, position, values, ignoreTrailingSlash);
		if (found == null && !segment.isEmpty()) {
			for (String regex : regexesInOrder(specs, candidates, position, ignoreTrailingSlash)) {
				if (found == null && Pattern.matches(regex, decoded)) {
					found = next(specs, candidates, Kind.REGEX, regex, segments, position, append(values, decoded),
							ignoreTrailingSlash);
				}
			}
			if (found == null) {
				found = next(specs, candidates, Kind.PARAM, "", segments, position, append(values, decoded),
						ignoreTrailingSlash);
			}
		}
		if (found == null) {
			for (int route : candidates) {
				List<Token> tokens = specs.get(route).segments(ignoreTrailingSlash);
				if (tokens.size() > position && tokens.get(position).kind() == Kind.CATCH_ALL) {
					String rest = String.join("/", segments.subList(position, segments.size()));
					return new Expected(route, append(values, URLDecoder.decode(rest, StandardCharsets.UTF_8)));
				}
			}
		}
		return found;
	}

	/**
	 * Recurses with the candidates whose segment at {@code position} is the given token.
	 */
	private static Expected next(List<Spec> specs, List<Integer> candidates, Kind kind, String text,
			List<String> segments, int position, List<String> values, boolean ignoreTrailingSlash) {
		List<Integer> narrowed = new ArrayList<>();
		for (int route : candidates) {
			List<Token> tokens = specs.get(route).segments(ignoreTrailingSlash);
			if (tokens.size() > position && tokens.get(position).equals(new Token(kind, text))) {
				narrowed.add(route);
			}
		}
		return narrowed.isEmpty() ? null : match(specs, narrowed, segments, position + 1, values, ignoreTrailingSlash);
	}

	private static List<String> regexesInOrder(List<Spec> specs, List<Integer> candidates, int position,
			boolean ignoreTrailingSlash) {
		List<String> regexes = new ArrayList<>();
		for (int route : candidates) {
			List<Token> tokens = specs.get(route).segments(ignoreTrailingSlash);
			if (tokens.size() > position && tokens.get(position).kind() == Kind.REGEX
					&& !regexes.contains(tokens.get(position).text())) {
				regexes.add(tokens.get(position).text());
			}
		}
		return regexes;
	}

	private static List<String> append(List<String> values, String value) {
		List<String> appended = new ArrayList<>(values);
		appended.add(value);
		return appended;
	}

}
