package dev.fastro.router.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import dev.fastro.router.internal.PatternCoverage.Coverage;
import dev.fastro.router.internal.RoutePattern.Kind;
import dev.fastro.router.internal.RoutePattern.Segment;

/**
 * Finds the routes of a router that overlap: for each method, every two routes that both
 * match some request path, with such a path and the route the router answers for it. Two
 * patterns are compared segment by segment, as the router walks them, so that a pair
 * parting at a static segment costs one comparison; the values two regex parameters share
 * come from their {@link SegmentLanguage}s. Run once, at start-up.
 */
public final class RouteOverlaps {

	/**
	 * Values tried against a regex whose language is unknown, for a cheap example; when
	 * none fits, the routes only may overlap.
	 */
	private static final List<String> PROBES = List.of("0", "1", "a", "x", "A", "abc", "a1");

	/**
	 * What two plain parameters share: a value any parameter takes, found without an
	 * automaton, as most tables have parameters only.
	 */
	private static final Choice ANY_VALUE = new Choice(true, "0");

	private static final Choice NONE = new Choice(false, null);

	private static final Choice UNKNOWN = new Choice(true, null);

	private final boolean ignoreTrailingSlash;

	/** Languages by regex, as routes of a table often share their constraints. */
	private final Map<String, Optional<SegmentLanguage>> languages = new HashMap<>();

	/**
	 * What two parameters share, by their regexes (empty for a plain one): intersecting
	 * automata is the costly step, and a table repeats its pairs.
	 */
	private final Map<List<String>, Choice> shared = new HashMap<>();

	private RouteOverlaps(boolean ignoreTrailingSlash) {
		this.ignoreTrailingSlash = ignoreTrailingSlash;
	}

	/**
	 * The overlapping routes of a router, by method, each pair in registration order.
	 * @param router the router
	 * @param <T> the target type
	 * @return the overlaps, empty when every path reaches at most one route
	 */
	public static <T> List<RouteOverlap<T>> of(Router<T> router) {
		RouteOverlaps finder = new RouteOverlaps(router.ignoresTrailingSlash());
		Map<String, List<ParsedRoute<T>>> byMethod = new LinkedHashMap<>();
		for (ParsedRoute<T> endpoint : router.endpoints()) {
			byMethod.computeIfAbsent(endpoint.route().method(), (method) -> new ArrayList<>()).add(endpoint);
		}
		List<RouteOverlap<T>> overlaps = new ArrayList<>();
		byMethod.forEach((method, endpoints) -> {
			List<List<Segment>> segments = endpoints.stream()
				.map((endpoint) -> endpoint.pattern().segments(finder.ignoreTrailingSlash))
				.toList();
			List<Long> pairs = new ArrayList<>();
			candidates(segments, IntStream.range(0, endpoints.size()).boxed().toList(), 0, pairs);
			// In registration order, as a reader of the log expects them.
			pairs.sort(null);
			for (long pair : pairs) {
				RouteOverlap<T> overlap = finder.overlap(router, endpoints.get((int) (pair >>> 32)),
						endpoints.get((int) pair));
				if (overlap != null) {
					overlaps.add(overlap);
				}
			}
		});
		return overlaps;
	}

	/**
	 * Adds the pairs of routes of {@code group}, which lead to one node of the router's
	 * tree after {@code depth} segments, that may share a path, as
	 * {@code first << 32 | second} in their registration order. Routes whose next
	 * segments lead to one node again make a group of their own, one level down; routes
	 * with different static text there share no path; only the others are compared: a
	 * table of hundreds of routes under a few prefixes costs far fewer comparisons than
	 * every pair.
	 */
	private static void candidates(List<List<Segment>> segments, List<Integer> group, int depth, List<Long> pairs) {
		// Keyed by node: '/' and the text of a static segment, which never starts with
		// '{',
		// or '{' and the regex of a parameter.
		Map<String, List<Integer>> byNode = new LinkedHashMap<>();
		List<Integer> others = new ArrayList<>();
		for (int route : group) {
			List<Segment> list = segments.get(route);
			Segment segment = (depth < list.size()) ? list.get(depth) : null;
			String node = (segment != null) ? switch (segment.kind()) {
				case STATIC -> "/" + segment.text();
				case REGEX -> "{" + segment.regex().pattern();
				case PARAM -> "{";
				case CATCH_ALL -> null;
			} : null;
			if (node != null) {
				byNode.computeIfAbsent(node, (key) -> new ArrayList<>()).add(route);
			}
			else {
				others.add(route);
			}
		}
		List<String> nodes = new ArrayList<>(byNode.keySet());
		for (int i = 0; i < nodes.size(); i++) {
			List<Integer> same = byNode.get(nodes.get(i));
			if (same.size() > 1) {
				candidates(segments, same, depth + 1, pairs);
			}
			for (String node : nodes.subList(i + 1, nodes.size())) {
				if (!nodes.get(i).startsWith("/") || !node.startsWith("/")) {
					for (int route : same) {
						byNode.get(node).forEach((other) -> pairs.add(pair(route, other)));
					}
				}
			}
		}
		for (int i = 0; i < others.size(); i++) {
			int other = others.get(i);
			byNode.values().forEach((same) -> same.forEach((route) -> pairs.add(pair(other, route))));
			others.subList(i + 1, others.size()).forEach((route) -> pairs.add(pair(other, route)));
		}
	}

	private static long pair(int route, int otherRoute) {
		return ((long) Math.min(route, otherRoute) << 32) | Math.max(route, otherRoute);
	}

	private <T> RouteOverlap<T> overlap(Router<T> router, ParsedRoute<T> first, ParsedRoute<T> second) {
		// Two static patterns match the same path only when they conflict, which the
		// router refused.
		if (first.pattern().isStatic() && second.pattern().isStatic()) {
			return null;
		}
		Shared shared = shared(first.pattern().segments(this.ignoreTrailingSlash),
				second.pattern().segments(this.ignoreTrailingSlash));
		if (shared == null) {
			return null;
		}
		if (shared.path() == null) {
			return new RouteOverlap<>(first.route(), second.route(), null, null, null, false);
		}
		// The router's answer is the truth: it also knows the order of regexes that a
		// third route registered first.
		Route<T> winner = router.route(first.route().method(), shared.path());
		Route<T> loser = (winner == first.route()) ? second.route() : (winner == second.route()) ? first.route() : null;
		boolean hidden = loser != null
				&& PatternCoverage.of(winner.pattern(), loser.pattern(), this.ignoreTrailingSlash) == Coverage.FULL;
		return new RouteOverlap<>(first.route(), second.route(), shared.path(), winner, hidden ? loser : null,
				shared.staticWins());
	}

	/**
	 * A path both segment lists match, or null when they match none; its path is null
	 * when they may share one but a regex of unknown language stands in the way.
	 */
	private Shared shared(List<Segment> first, List<Segment> second) {
		StringBuilder path = new StringBuilder();
		boolean known = true;
		// Decided where the patterns part: below that, the router has chosen a branch.
		Boolean staticWins = null;
		for (int i = 0;; i++) {
			Segment a = (i < first.size()) ? first.get(i) : null;
			Segment b = (i < second.size()) ? second.get(i) : null;
			if (a == null && b == null) {
				return new Shared(known ? path.toString() : null, staticWins != null && staticWins);
			}
			if (isCatchAll(a) || isCatchAll(b)) {
				List<Segment> rest = isCatchAll(a) ? second : first;
				if (rest.size() == i && !this.ignoreTrailingSlash) {
					// The catch-all needs the slash that starts its value; the other
					// route's path stops before it.
					return null;
				}
				for (Segment segment : rest.subList(i, rest.size())) {
					Choice value = isCatchAll(segment) ? new Choice(true, "") : common(segment, segment);
					known &= value.value() != null;
					path.append('/').append(value.value());
				}
				return new Shared(known ? path.toString() : null, staticWins != null && staticWins);
			}
			if (a == null || b == null) {
				return null;
			}
			Choice value = common(a, b);
			if (!value.possible()) {
				return null;
			}
			known &= value.value() != null;
			path.append('/').append(value.value());
			if (staticWins == null && !sameNode(a, b)) {
				staticWins = a.kind() == Kind.STATIC || b.kind() == Kind.STATIC;
			}
		}
	}

	/** A raw segment both segments match, as clients send it. */
	private Choice common(Segment a, Segment b) {
		if (a.kind() == Kind.STATIC || b.kind() == Kind.STATIC) {
			Segment constant = (a.kind() == Kind.STATIC) ? a : b;
			Segment other = (constant == a) ? b : a;
			boolean shared = switch (other.kind()) {
				case STATIC -> other.text().equals(constant.text());
				case REGEX -> accepts(other, PercentDecoder.decode(constant.text(), 0, constant.text().length()));
				default -> !constant.text().isEmpty();
			};
			return shared ? new Choice(true, constant.text()) : NONE;
		}
		if (a.kind() == Kind.PARAM && b.kind() == Kind.PARAM) {
			return ANY_VALUE;
		}
		return this.shared.computeIfAbsent(List.of(regex(a), regex(b)), (key) -> parameters(a, b));
	}

	/** A raw value two parameters, one at least with a regex, both take. */
	private Choice parameters(Segment a, Segment b) {
		Optional<SegmentLanguage> languageOfA = language(a);
		Optional<SegmentLanguage> languageOfB = language(b);
		if (languageOfA.isPresent() && languageOfB.isPresent()) {
			return languageOfA.get()
				.commonExample(languageOfB.get())
				.map((value) -> new Choice(true, PathEncoding.encodeSegment(value)))
				.orElse(NONE);
		}
		for (String probe : PROBES) {
			if (accepts(a, probe) && accepts(b, probe)) {
				return new Choice(true, probe);
			}
		}
		return UNKNOWN;
	}

	private static String regex(Segment parameter) {
		return (parameter.kind() == Kind.REGEX) ? parameter.regex().pattern() : "";
	}

	private Optional<SegmentLanguage> language(Segment parameter) {
		if (parameter.kind() == Kind.PARAM) {
			return Optional.of(SegmentLanguage.any());
		}
		return this.languages.computeIfAbsent(parameter.regex().pattern(), SegmentLanguage::of);
	}

	/** Whether a parameter segment takes a decoded value, as the router tests it. */
	private static boolean accepts(Segment parameter, String value) {
		if (value == null || value.isEmpty()) {
			return false;
		}
		return parameter.kind() == Kind.PARAM || parameter.regex().matcher(value).matches();
	}

	/** Whether two segments lead to the same node of the router's tree. */
	private static boolean sameNode(Segment a, Segment b) {
		if (a.kind() != b.kind()) {
			return false;
		}
		return switch (a.kind()) {
			case STATIC -> a.text().equals(b.text());
			case REGEX -> a.regex().pattern().equals(b.regex().pattern());
			default -> true;
		};
	}

	private static boolean isCatchAll(Segment segment) {
		return segment != null && segment.kind() == Kind.CATCH_ALL;
	}

	/**
	 * What two segments share: whether they may match one value, and such a value when
	 * known.
	 */
	private record Choice(boolean possible, String value) {
	}

	/**
	 * A path two patterns share, or null when not known, and whether a static segment
	 * parts them.
	 */
	private record Shared(String path, boolean staticWins) {
	}

}
