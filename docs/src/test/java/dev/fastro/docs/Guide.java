package dev.fastro.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The project's documentation as its readers meet it: the README and the other pages at
 * the top of the repository, every page of the guide under {@code docs/}, and perf's
 * README.
 */
record Guide(Path root, List<Page> pages) {

	static Guide of(Path root) {
		Path top = root.toAbsolutePath().normalize();
		try (Stream<Path> guide = Files.walk(top.resolve("docs"))) {
			List<Path> files = Stream
				.concat(Stream.of("README.md", "CONTRIBUTING.md", "CHANGELOG.md", "perf/README.md").map(top::resolve),
						guide.filter((path) -> path.toString().endsWith(".md"))
							.filter((path) -> !top.resolve("docs").relativize(path).startsWith("target")))
				.sorted()
				.toList();
			return new Guide(top, files.stream().map(Page::read).toList());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The guide at the root this module's build names, or the parent of the working
	 * directory.
	 */
	static Guide ofThisRepository() {
		return of(Path.of(System.getProperty("docs.root", "..")));
	}

	/**
	 * Whether the tests write what they expect into the pages instead of failing on a
	 * difference.
	 */
	static boolean updating() {
		return Boolean.getBoolean("docs.update");
	}

}
