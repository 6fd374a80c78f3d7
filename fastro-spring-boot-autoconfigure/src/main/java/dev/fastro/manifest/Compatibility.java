package dev.fastro.manifest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

import dev.fastro.manifest.ManifestRoute.Content;
import dev.fastro.manifest.ManifestRoute.Parameter;
import dev.fastro.manifest.ManifestRoute.PathParameter;
import dev.fastro.router.internal.PatternOutline;
import dev.fastro.router.internal.SegmentLanguage;

/**
 * Compares two manifests from a client's side: whatever request the previous release took
 * must still be taken, and whatever answer it gave must still read the same.
 */
final class Compatibility {

	private final RouteManifest previous;

	private final RouteManifest current;

	Compatibility(RouteManifest previous, RouteManifest current) {
		this.previous = previous;
		this.current = current;
	}

	List<BreakingChange> breakingChanges() {
		List<BreakingChange> changes = new ArrayList<>();
		for (ManifestRoute old : this.previous.routes()) {
			Consumer<String> breaks = (change) -> changes.add(new BreakingChange(old.toString(), change));
			PatternOutline outline = PatternOutline.of(old.pattern());
			List<ManifestRoute> candidates = this.current.routes()
				.stream()
				.filter((route) -> route.method().equals(old.method())
						&& PatternOutline.of(route.pattern()).paths().equals(outline.paths()))
				.toList();
			if (candidates.isEmpty()) {
				breaks.accept("the route was removed");
				continue;
			}
			// A parameter may have been split between routes: compare with the one that
			// still takes every value the old one took, if any.
			ManifestRoute successor = candidates.stream()
				.filter((route) -> narrowings(outline, PatternOutline.of(route.pattern())).isEmpty())
				.findFirst()
				.orElse(candidates.get(0));
			narrowings(outline, PatternOutline.of(successor.pattern())).forEach(breaks);
			pathTypes(old.path(), successor.path(), breaks);
			parameters("query parameter", old.query(), successor.query(), breaks);
			parameters("header", old.headers(), successor.headers(), breaks);
			body(old.body(), successor.body(), breaks);
			answers(old.answers(), successor.answers(), breaks);
		}
		return changes;
	}

	/** The path parameters that no longer take every value they took. */
	private static List<String> narrowings(PatternOutline old, PatternOutline current) {
		List<String> narrowed = new ArrayList<>();
		for (int i = 0; i < old.parameters().size(); i++) {
			PatternOutline.Parameter before = old.parameters().get(i);
			PatternOutline.Parameter after = current.parameters().get(i);
			if (before.catchAll() || after.regex() == null) {
				continue;
			}
			SegmentLanguage took = before.language();
			SegmentLanguage takes = after.language();
			if (took != null && takes != null) {
				if (!takes.includes(took)) {
					narrowed.add("path parameter '%s' no longer takes every value it took: %s, was %s"
						.formatted(before.name(), describe(after), describe(before)));
				}
			}
			else if (!Objects.equals(before.regex(), after.regex())) {
				narrowed.add(("path parameter '%s' changed its regex from %s to %s, which cannot be proven "
						+ "to take every value it took")
					.formatted(before.name(), describe(before), describe(after)));
			}
		}
		return narrowed;
	}

	/**
	 * Breaks when a path parameter is read as another type than text, which refuses
	 * values the old type took.
	 */
	private static void pathTypes(List<PathParameter> old, List<PathParameter> current, Consumer<String> breaks) {
		for (int i = 0; i < Math.min(old.size(), current.size()); i++) {
			String before = old.get(i).type();
			String after = current.get(i).type();
			if (!Objects.equals(before, after) && !"string".equals(after)) {
				breaks.accept("path parameter '%s' changed its type from %s to %s".formatted(old.get(i).name(), before,
						after));
			}
		}
	}

	private static String describe(PatternOutline.Parameter parameter) {
		return (parameter.regex() != null) ? "'" + parameter.regex() + "'" : "any value";
	}

	private static void parameters(String kind, List<Parameter> old, List<Parameter> current, Consumer<String> breaks) {
		for (Parameter parameter : current) {
			Parameter before = old.stream().filter((p) -> p.name().equals(parameter.name())).findFirst().orElse(null);
			if (before == null) {
				if (parameter.required()) {
					breaks.accept("requires the new %s '%s'".formatted(kind, parameter.name()));
				}
				continue;
			}
			if (parameter.required() && !before.required()) {
				breaks.accept("%s '%s' is now required".formatted(kind, parameter.name()));
			}
			if (!Objects.equals(before.type(), parameter.type()) && !"string".equals(parameter.type())) {
				breaks.accept("%s '%s' changed its type from %s to %s".formatted(kind, parameter.name(), before.type(),
						parameter.type()));
			}
		}
	}

	private static void body(Content old, Content current, Consumer<String> breaks) {
		if (current == null) {
			return;
		}
		if (old == null) {
			breaks.accept("now requires a body of " + current.mediaType());
		}
		else if (!Objects.equals(old.mediaType(), current.mediaType())) {
			breaks
				.accept("the body's media type changed from %s to %s".formatted(old.mediaType(), current.mediaType()));
		}
		else {
			request("the body", "", old.shape(), current.shape(), breaks);
		}
	}

	private static void answers(Map<String, Content> old, Map<String, Content> current, Consumer<String> breaks) {
		old.forEach((status, before) -> {
			Content after = current.get(status);
			if (after == null) {
				breaks.accept("no longer answers " + status);
			}
			else if (!Objects.equals(before.mediaType(), after.mediaType())) {
				breaks.accept("the answer %s changed its media type from %s to %s".formatted(status, before.mediaType(),
						after.mediaType()));
			}
			else {
				answer("the answer " + status, "", before.shape(), after.shape(), breaks);
			}
		});
	}

	/** Breaks when a request that fitted {@code old} may not fit {@code current}. */
	private static void request(String where, String path, Shape old, Shape current, Consumer<String> breaks) {
		if (!comparable(where, path, old, current, breaks)) {
			return;
		}
		current.properties().forEach((name, shape) -> {
			String property = join(path, name);
			Shape before = old.properties().get(name);
			if (before == null) {
				if (current.required().contains(name)) {
					breaks.accept("%s requires the new property '%s'".formatted(where, property));
				}
			}
			else {
				if (current.required().contains(name) && !old.required().contains(name)) {
					breaks.accept("%s property '%s' is now required".formatted(where, property));
				}
				request(where, property, before, shape, breaks);
			}
		});
		if (old.items() != null && current.items() != null) {
			request(where, path + "[]", old.items(), current.items(), breaks);
		}
		if (old.values() != null && current.values() != null) {
			request(where, path + "{}", old.values(), current.values(), breaks);
		}
	}

	/** Breaks when an answer of {@code current} may not read as one of {@code old}. */
	private static void answer(String where, String path, Shape old, Shape current, Consumer<String> breaks) {
		if (!comparable(where, path, old, current, breaks)) {
			return;
		}
		old.properties().forEach((name, before) -> {
			String property = join(path, name);
			Shape after = current.properties().get(name);
			if (after == null) {
				breaks.accept("%s no longer has the property '%s'".formatted(where, property));
			}
			else {
				answer(where, property, before, after, breaks);
			}
		});
		if (old.items() != null && current.items() != null) {
			answer(where, path + "[]", old.items(), current.items(), breaks);
		}
		if (old.values() != null && current.values() != null) {
			answer(where, path + "{}", old.values(), current.values(), breaks);
		}
	}

	/**
	 * Whether two shapes can be compared further: both known, of the same type, and not
	 * references back to an enclosing type (compared there); breaks when the types
	 * differ.
	 */
	private static boolean comparable(String where, String path, Shape old, Shape current, Consumer<String> breaks) {
		if (old == null || current == null || old.type().equals("any") || current.type().equals("any")) {
			return false;
		}
		if (!old.type().equals(current.type())) {
			String subject = path.isEmpty() ? where : "%s property '%s'".formatted(where, path);
			breaks.accept("%s changed its type from %s to %s".formatted(subject, old.type(), current.type()));
			return false;
		}
		return old.ref() == null && current.ref() == null;
	}

	private static String join(String path, String name) {
		return path.isEmpty() ? name : path + "." + name;
	}

}
