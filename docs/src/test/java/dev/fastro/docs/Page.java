package dev.fastro.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One Markdown page, as lines, with what the checks need to know of them: which lines are
 * inside a fenced code block, and the anchors its headings make.
 */
record Page(Path path, List<String> lines) {

	private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");

	private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

	private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");

	static Page read(Path path) {
		try {
			return new Page(path, Files.readAllLines(path, StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Whether each line is part of a fenced code block, its fences included. */
	boolean[] fenced() {
		boolean[] fenced = new boolean[this.lines.size()];
		boolean inside = false;
		for (int i = 0; i < fenced.length; i++) {
			boolean fence = FENCE.matcher(this.lines.get(i)).find();
			fenced[i] = inside || fence;
			if (fence) {
				inside = !inside;
			}
		}
		return fenced;
	}

	/**
	 * The anchors a link may name with {@code #}: GitHub's slugs of the headings, and
	 * HTML anchors.
	 */
	List<String> anchors() {
		List<String> anchors = new ArrayList<>();
		boolean[] fenced = fenced();
		for (int i = 0; i < fenced.length; i++) {
			if (fenced[i]) {
				continue;
			}
			var heading = HEADING.matcher(this.lines.get(i));
			if (heading.matches()) {
				String slug = slug(heading.group(1));
				String unique = slug;
				for (int n = 1; anchors.contains(unique); n++) {
					unique = slug + "-" + n;
				}
				anchors.add(unique);
			}
			var anchor = HTML_ANCHOR.matcher(this.lines.get(i));
			while (anchor.find()) {
				anchors.add(anchor.group(1));
			}
		}
		return anchors;
	}

	/**
	 * GitHub's anchor for a heading: the text of its links and code, lower case,
	 * punctuation dropped.
	 */
	static String slug(String heading) {
		String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
		return text.toLowerCase().replaceAll("[^\\p{L}\\p{N}\\p{M} _-]", "").replace(' ', '-');
	}

	void write(List<String> lines) {
		try {
			Files.write(this.path, lines, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public String toString() {
		return this.path.toString();
	}

}
