package dev.fastro.router.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import dev.fastro.router.internal.RoutePattern.Kind;
import dev.fastro.router.internal.RoutePattern.Segment;

/**
 * A route pattern as its clients see it: the paths it takes, with the parameters' names
 * left out (a client sends values, never names), and its parameters in path order. Two
 * patterns of one outline take the same paths wherever their parameters' constraints
 * agree.
 *
 * @param paths the pattern with each parameter written {@code {}} and a catch-all
 * {@code {*}}, such as {@code /users/{}/posts}
 * @param parameters the parameters, in path order
 */
public record PatternOutline(String paths, List<Parameter> parameters) {

	public PatternOutline {
		parameters = List.copyOf(parameters);
	}

	/**
	 * Outlines {@code pattern}.
	 * @param pattern a route pattern
	 * @return its outline
	 * @throws RoutePatternException if the pattern is malformed
	 */
	public static PatternOutline of(String pattern) {
		List<Segment> segments = RoutePattern.parse(pattern).segments(false);
		List<Parameter> parameters = new ArrayList<>();
		for (Segment segment : segments) {
			if (segment.kind() != Kind.STATIC) {
				parameters
					.add(new Parameter(segment.text(), (segment.regex() != null) ? segment.regex().pattern() : null,
							segment.kind() == Kind.CATCH_ALL));
			}
		}
		String paths = segments.stream().map((segment) -> switch (segment.kind()) {
			case STATIC -> segment.text();
			case CATCH_ALL -> "{*}";
			default -> "{}";
		}).collect(Collectors.joining("/", "/", ""));
		return new PatternOutline(paths, parameters);
	}

	/**
	 * A parameter of a pattern.
	 *
	 * @param name its name
	 * @param regex its constraint, or {@code null} for none
	 * @param catchAll whether it takes the rest of the path
	 */
	public record Parameter(String name, String regex, boolean catchAll) {

		/**
		 * The values the parameter takes, or {@code null} for a regex the automata cannot
		 * read.
		 */
		public SegmentLanguage language() {
			return (this.regex != null) ? SegmentLanguage.of(this.regex).orElse(null) : SegmentLanguage.any();
		}

	}

}
