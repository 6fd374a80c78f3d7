package dev.fastro.perf.harness;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The prose of a report, kept as Markdown in a resource beside the class that writes the
 * report, so that it can be read and edited as text; the class fills in the numbers and
 * the tables.
 *
 * <p>
 * The resource is a series of fragments, each opened by a line
 * {@code <!-- fragment: name -->} and running to the next such line; anything before the
 * first is a comment. A fragment holds placeholders, {@code {{name}}}, which
 * {@link #fragment(String)} fills in:
 * <ul>
 * <li>A placeholder within a line takes one line of text, used exactly as given (spaces
 * included), or nothing.</li>
 * <li>A placeholder alone on its line takes a block: a paragraph, a list, a table, any
 * number of lines. When the block is empty, the line goes.</li>
 * <li>Blank lines only separate blocks: a run of them is one blank line, and a rendered
 * fragment neither starts nor ends with one.</li>
 * </ul>
 * Filling in fails loudly: an unknown fragment, a placeholder left without a value, a
 * value for no placeholder of the fragment, a line break in a value within a line, or
 * braces that are no placeholder all throw {@link IllegalStateException}.
 */
final class MarkdownTemplate {

	private static final Pattern MARKER = Pattern.compile("<!-- fragment: ([a-z0-9.-]+) -->");

	private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-zA-Z][a-zA-Z0-9]*)}}");

	private final String resource;

	private final Map<String, String> fragments;

	private final Set<String> rendered = ConcurrentHashMap.newKeySet();

	private MarkdownTemplate(String resource, Map<String, String> fragments) {
		this.resource = resource;
		this.fragments = fragments;
	}

	/**
	 * Reads a template from the class path.
	 * @param owner the class beside which the resource lies
	 * @param name the resource's name, relative to the owner's package
	 * @return the template
	 * @throws IllegalStateException if the resource is missing or malformed
	 */
	static MarkdownTemplate load(Class<?> owner, String name) {
		String resource = owner.getPackageName().replace('.', '/') + "/" + name;
		try (InputStream in = owner.getResourceAsStream(name)) {
			if (in == null) {
				throw new IllegalStateException("No template " + resource + " on the class path");
			}
			return parse(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the template " + resource, ex);
		}
	}

	/**
	 * Reads a template from its text.
	 * @param resource the template's name, for the messages
	 * @param text the template
	 * @return the template
	 * @throws IllegalStateException if a fragment is named twice, or braces are no
	 * placeholder
	 */
	static MarkdownTemplate parse(String resource, String text) {
		Map<String, String> fragments = new LinkedHashMap<>();
		String name = null;
		List<String> body = new ArrayList<>();
		for (String line : (text + "\n").lines().toList()) {
			Matcher marker = MARKER.matcher(line.strip());
			if (marker.matches()) {
				put(resource, fragments, name, body);
				name = marker.group(1);
				body = new ArrayList<>();
			}
			else if (name != null) {
				body.add(line);
			}
		}
		put(resource, fragments, name, body);
		return new MarkdownTemplate(resource, fragments);
	}

	private static void put(String resource, Map<String, String> fragments, String name, List<String> body) {
		if (name == null) {
			return;
		}
		String text = String.join("\n", body);
		String stray = PLACEHOLDER.matcher(text).replaceAll("");
		if (stray.contains("{{") || stray.contains("}}")) {
			throw new IllegalStateException(
					resource + ", fragment " + name + ": braces that are no placeholder {{name}}: " + text);
		}
		if (fragments.put(name, text) != null) {
			throw new IllegalStateException(resource + ": the fragment " + name + " is there twice");
		}
	}

	/**
	 * A fragment to fill in.
	 * @param name the fragment's name
	 * @return the fragment, its placeholders still to fill in
	 * @throws IllegalStateException if the template has no such fragment
	 */
	Fragment fragment(String name) {
		String text = this.fragments.get(name);
		if (text == null) {
			throw new IllegalStateException(this.resource + " has no fragment " + name);
		}
		return new Fragment(name, text);
	}

	/**
	 * A fragment without placeholders, rendered.
	 * @param name the fragment's name
	 * @return its text
	 */
	String render(String name) {
		return fragment(name).render();
	}

	/**
	 * The fragments never rendered so far, which a test that renders every kind of report
	 * expects to be none.
	 * @return their names, in the template's order
	 */
	Set<String> unrendered() {
		Set<String> names = new LinkedHashSet<>(this.fragments.keySet());
		names.removeAll(this.rendered);
		return names;
	}

	/** A fragment being filled in. */
	final class Fragment {

		private final String name;

		private final String text;

		private final Map<String, String> values = new LinkedHashMap<>();

		private Fragment(String name, String text) {
			this.name = name;
			this.text = text;
		}

		/**
		 * Fills in a placeholder.
		 * @param placeholder its name
		 * @param value its text (a number or anything else, as {@link String#valueOf})
		 * @return this fragment
		 */
		Fragment with(String placeholder, Object value) {
			if (this.values.put(placeholder, String.valueOf(value)) != null) {
				throw failure("the placeholder " + placeholder + " is filled in twice");
			}
			return this;
		}

		/**
		 * Renders the fragment.
		 * @return its text, without a line break at the end
		 * @throws IllegalStateException if a placeholder has no value, a value has no
		 * placeholder, or a value within a line has a line break
		 */
		String render() {
			Set<String> unused = new LinkedHashSet<>(this.values.keySet());
			List<String> lines = new ArrayList<>();
			for (String line : this.text.split("\n", -1)) {
				Matcher block = PLACEHOLDER.matcher(line);
				if (block.matches()) {
					String value = value(block.group(1), unused);
					if (!value.isEmpty()) {
						lines.addAll(List.of(value.split("\n", -1)));
					}
					continue;
				}
				Matcher inline = PLACEHOLDER.matcher(line);
				StringBuilder filled = new StringBuilder();
				while (inline.find()) {
					String value = value(inline.group(1), unused);
					if (value.contains("\n")) {
						throw failure("{{" + inline.group(1) + "}} is within a line, but its value has a line break: "
								+ value);
					}
					inline.appendReplacement(filled, Matcher.quoteReplacement(value));
				}
				inline.appendTail(filled);
				lines.add(filled.toString());
			}
			if (!unused.isEmpty()) {
				throw failure("no placeholder for " + unused);
			}
			MarkdownTemplate.this.rendered.add(this.name);
			return joinBlocks(lines);
		}

		private String value(String placeholder, Set<String> unused) {
			String value = this.values.get(placeholder);
			if (value == null) {
				throw failure("{{" + placeholder + "}} has no value");
			}
			unused.remove(placeholder);
			return value;
		}

		private IllegalStateException failure(String problem) {
			return new IllegalStateException(
					MarkdownTemplate.this.resource + ", fragment " + this.name + ": " + problem);
		}

	}

	/**
	 * The lines joined, each run of blank lines made one, none at the start or the end.
	 */
	private static String joinBlocks(List<String> lines) {
		StringBuilder text = new StringBuilder();
		boolean blank = false;
		for (String line : lines) {
			if (line.isEmpty()) {
				blank = true;
				continue;
			}
			if (!text.isEmpty()) {
				text.append(blank ? "\n\n" : "\n");
			}
			text.append(line);
			blank = false;
		}
		return text.toString();
	}

}
