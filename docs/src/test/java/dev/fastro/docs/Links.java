package dev.fastro.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relative links of a page, inline ({@code [text](target)}) or as reference
 * definitions ({@code [name]: target}), outside code. Each must name a file or directory
 * of the repository and, with a {@code #fragment} into a Markdown page, one of its
 * anchors.
 */
final class Links {

	private static final Pattern INLINE = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

	private static final Pattern DEFINITION = Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s+(\\S+)");

	private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");

	private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

	private Links() {
	}

	/**
	 * What is wrong with the relative links of a page, one entry for each broken link.
	 */
	static List<String> broken(Page page, Path root) {
		List<String> broken = new ArrayList<>();
		boolean[] fenced = page.fenced();
		for (int i = 0; i < fenced.length; i++) {
			if (fenced[i]) {
				continue;
			}
			String line = CODE_SPAN.matcher(page.lines().get(i)).replaceAll("");
			for (String target : targets(line)) {
				String problem = problem(page, root, target);
				if (problem != null) {
					broken.add(page + ":" + (i + 1) + ": " + target + ": " + problem);
				}
			}
		}
		return broken;
	}

	private static List<String> targets(String line) {
		List<String> targets = new ArrayList<>();
		Matcher inline = INLINE.matcher(line);
		while (inline.find()) {
			targets.add(inline.group(1));
		}
		Matcher definition = DEFINITION.matcher(line);
		if (definition.find()) {
			targets.add(definition.group(1));
		}
		targets.removeIf((target) -> SCHEME.matcher(target).find());
		return targets;
	}

	private static String problem(Page page, Path root, String target) {
		int hash = target.indexOf('#');
		String file = (hash < 0) ? target : target.substring(0, hash);
		String fragment = (hash < 0) ? null : target.substring(hash + 1);
		Path resolved = file.isEmpty() ? page.path() : page.path().resolveSibling(file).normalize();
		if (!resolved.startsWith(root)) {
			return "outside the repository";
		}
		if (!Files.exists(resolved)) {
			return "no such file";
		}
		if (fragment != null && resolved.toString().endsWith(".md")
				&& !Page.read(resolved).anchors().contains(fragment)) {
			return "no heading or anchor '" + fragment + "' in " + root.relativize(resolved);
		}
		return null;
	}

}
