package dev.fastro.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Java samples of a page. Each is a fenced {@code java} block right after a comment
 * that names where it comes from,
 * {@code <!-- sample: src/test/java/dev/fastro/docs/routes/Groups.java#groups -->} (a
 * path relative to the page), and shows the lines between {@code // tag::groups[]} and
 * {@code // end::groups[]} of that compiled, tested source: tabs as four spaces, common
 * indentation removed, the lines of other tags left out.
 */
final class SampleBlocks {

	private static final Pattern MARKER = Pattern.compile("^<!-- sample: (\\S+)#([\\w-]+) -->$");

	private static final Pattern JAVA_FENCE = Pattern.compile("^```java\\s*$");

	private static final Pattern TAG_LINE = Pattern.compile("^\\s*// (?:tag|end)::[\\w-]+\\[\\]\\s*$");

	/** A sample: where the page shows it, what it shows, and the source it must show. */
	record Sample(Page page, int line, Path source, String tag, List<String> shown) {

		List<String> expected() {
			return region(this.source, this.tag);
		}

		String location() {
			return this.page + ":" + (this.line + 1);
		}

	}

	private SampleBlocks() {
	}

	/**
	 * The samples of a page. A {@code java} block without its marker, a marker without a
	 * block, a source or tag that does not exist is a problem, added to {@code problems}.
	 */
	static List<Sample> of(Page page, List<String> problems) {
		List<Sample> samples = new ArrayList<>();
		List<String> lines = page.lines();
		for (int i = 0; i < lines.size(); i++) {
			Matcher marker = MARKER.matcher(lines.get(i));
			if (marker.matches()) {
				if (i + 1 >= lines.size() || !JAVA_FENCE.matcher(lines.get(i + 1)).matches()) {
					problems.add(page + ":" + (i + 1) + ": a sample marker not followed by a ```java block");
					continue;
				}
				Path source = page.path().resolveSibling(marker.group(1)).normalize();
				int end = closingFence(lines, i + 2);
				if (Files.isRegularFile(source)) {
					samples.add(new Sample(page, i, source, marker.group(2), List.copyOf(lines.subList(i + 2, end))));
				}
				else {
					problems.add(page + ":" + (i + 1) + ": no sample source " + marker.group(1));
				}
				i = end;
			}
			else if (JAVA_FENCE.matcher(lines.get(i)).matches()) {
				problems.add(page + ":" + (i + 1)
						+ ": a Java sample that no test compiles; include it from a source with <!-- sample: path#tag -->");
				i = closingFence(lines, i + 1);
			}
		}
		for (Sample sample : samples) {
			if (!hasTag(sample.source(), sample.tag())) {
				problems.add(sample.location() + ": " + sample.source() + " has no tag " + sample.tag());
			}
		}
		return samples;
	}

	/** The page's lines with each sample's block replaced by what its source holds. */
	static List<String> rewritten(Page page, List<Sample> samples) {
		List<String> lines = new ArrayList<>(page.lines());
		for (int i = samples.size() - 1; i >= 0; i--) {
			Sample sample = samples.get(i);
			int start = sample.line() + 2;
			List<String> block = lines.subList(start, start + sample.shown().size());
			block.clear();
			block.addAll(sample.expected());
		}
		return lines;
	}

	/** The lines of a source between its tag's start and end, as a sample shows them. */
	static List<String> region(Path source, String tag) {
		List<String> region = new ArrayList<>();
		boolean inside = false;
		for (String line : read(source)) {
			String trimmed = line.trim();
			if (trimmed.equals("// tag::" + tag + "[]")) {
				inside = true;
			}
			else if (trimmed.equals("// end::" + tag + "[]")) {
				inside = false;
			}
			else if (inside && !TAG_LINE.matcher(line).matches()) {
				region.add(line.replace("\t", "    ").stripTrailing());
			}
		}
		int indent = region.stream()
			.filter((line) -> !line.isBlank())
			.mapToInt((line) -> line.length() - line.stripLeading().length())
			.min()
			.orElse(0);
		return region.stream().map((line) -> line.isBlank() ? "" : line.substring(indent)).toList();
	}

	private static boolean hasTag(Path source, String tag) {
		return read(source).stream().anyMatch((line) -> line.trim().equals("// tag::" + tag + "[]"));
	}

	private static int closingFence(List<String> lines, int from) {
		for (int i = from; i < lines.size(); i++) {
			if (lines.get(i).startsWith("```")) {
				return i;
			}
		}
		return lines.size();
	}

	private static List<String> read(Path source) {
		try {
			return Files.readAllLines(source, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
