package dev.fastro.router.internal;

import java.util.List;
import java.util.Optional;

import dev.fastro.router.internal.RoutePattern.Kind;
import dev.fastro.router.internal.RoutePattern.Segment;

/**
 * How much of one route pattern's paths another pattern matches, compared segment by
 * segment as the router matches them: for rules written as route patterns, decided once
 * per route rather than per request.
 */
public final class PatternCoverage {

	private PatternCoverage() {
	}

	/** How much of a route's paths a pattern matches. */
	public enum Coverage {

		/** None of them. */
		NONE,

		/** Some, but not all, or not provably all (two different regexes). */
		PARTIAL,

		/** All of them. */
		FULL

	}

	/**
	 * How much of the paths of {@code route} the pattern {@code rule} matches.
	 * @param rule the covering pattern, in route pattern syntax
	 * @param route the pattern of the route
	 * @param ignoreTrailingSlash whether the router ignores a trailing slash
	 * @return the coverage
	 * @throws RoutePatternException if either pattern is malformed
	 */
	public static Coverage of(String rule, String route, boolean ignoreTrailingSlash) {
		List<Segment> covering = RoutePattern.parse(rule).segments(ignoreTrailingSlash);
		List<Segment> covered = RoutePattern.parse(route).segments(ignoreTrailingSlash);
		Coverage result = Coverage.FULL;
		for (int i = 0;; i++) {
			boolean ruleEnded = i == covering.size();
			boolean routeEnded = i == covered.size();
			if (ruleEnded && routeEnded) {
				return result;
			}
			if (!ruleEnded && covering.get(i).kind() == Kind.CATCH_ALL) {
				// A catch-all takes whatever is left, even nothing once a trailing slash
				// is
				// ignored, but not a path that stops before its slash.
				return (routeEnded && !ignoreTrailingSlash) ? Coverage.NONE : result;
			}
			if (!routeEnded && covered.get(i).kind() == Kind.CATCH_ALL) {
				return (ruleEnded && !ignoreTrailingSlash) ? Coverage.NONE : Coverage.PARTIAL;
			}
			if (ruleEnded || routeEnded) {
				return Coverage.NONE;
			}
			Coverage segment = segment(covering.get(i), covered.get(i));
			if (segment == Coverage.NONE) {
				return Coverage.NONE;
			}
			result = (segment == Coverage.PARTIAL) ? Coverage.PARTIAL : result;
		}
	}

	/** How much of the values of one route segment a rule segment matches. */
	private static Coverage segment(Segment rule, Segment route) {
		return switch (rule.kind()) {
			case PARAM -> (route.kind() == Kind.STATIC && route.text().isEmpty()) ? Coverage.NONE : Coverage.FULL;
			case STATIC -> switch (route.kind()) {
				case STATIC -> rule.text().equals(route.text()) ? Coverage.FULL : Coverage.NONE;
				case REGEX -> matches(route, rule) ? Coverage.PARTIAL : Coverage.NONE;
				default -> rule.text().isEmpty() ? Coverage.NONE : Coverage.PARTIAL;
			};
			case REGEX -> switch (route.kind()) {
				case STATIC -> matches(rule, route) ? Coverage.FULL : Coverage.NONE;
				default -> regexes(rule, route);
			};
			case CATCH_ALL -> Coverage.FULL;
		};
	}

	/**
	 * How much of a parameter's values a regex rule matches: decided by their languages
	 * when both translate, else only an identical regex matches them all.
	 */
	private static Coverage regexes(Segment rule, Segment route) {
		Optional<SegmentLanguage> covering = SegmentLanguage.of(rule.regex().pattern());
		Optional<SegmentLanguage> covered = (route.kind() == Kind.PARAM) ? Optional.of(SegmentLanguage.any())
				: SegmentLanguage.of(route.regex().pattern());
		if (covering.isEmpty() || covered.isEmpty()) {
			boolean same = route.kind() == Kind.REGEX && rule.regex().pattern().equals(route.regex().pattern());
			return same ? Coverage.FULL : Coverage.PARTIAL;
		}
		if (covering.get().includes(covered.get())) {
			return Coverage.FULL;
		}
		return covering.get().commonExample(covered.get()).isPresent() ? Coverage.PARTIAL : Coverage.NONE;
	}

	/** Whether a regex segment matches a static one, decoded as the router decodes it. */
	private static boolean matches(Segment regex, Segment constant) {
		String value = PercentDecoder.decode(constant.text(), 0, constant.text().length());
		return value != null && regex.regex().matcher(value).matches();
	}

}
