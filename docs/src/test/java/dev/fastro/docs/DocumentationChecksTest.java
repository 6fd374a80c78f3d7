package dev.fastro.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.fastro.docs.SampleBlocks.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checks of {@link DocumentationTest} find what they are for, on pages made to break
 * them.
 */
class DocumentationChecksTest {

	@TempDir
	Path root;

	@Test
	void aSampleThatDiffersFromItsSourceIsSeenAndRewritten() throws IOException {
		write("src/Hello.java", """
				class Hello {
					// tag::hello[]
					String hello() {
						return "Hello";
					}
					// end::hello[]
				}
				""");
		Page page = write("page.md", """
				<!-- sample: src/Hello.java#hello -->
				```java
				String hello() {
				    return "Hi";
				}
				```
				""");
		List<String> problems = new ArrayList<>();
		List<Sample> samples = SampleBlocks.of(page, problems);
		assertThat(problems).isEmpty();
		assertThat(samples).singleElement().satisfies((sample) -> {
			assertThat(sample.shown()).isNotEqualTo(sample.expected());
			assertThat(sample.expected()).containsExactly("String hello() {", "    return \"Hello\";", "}");
		});
		assertThat(SampleBlocks.rewritten(page, samples)).containsExactly("<!-- sample: src/Hello.java#hello -->",
				"```java", "String hello() {", "    return \"Hello\";", "}", "```");
	}

	@Test
	void aJavaBlockWithoutItsSourceOrTagIsAProblem() throws IOException {
		write("src/Hello.java", "class Hello {}\n");
		Page page = write("page.md", """
				```java
				class Untested {}
				```

				<!-- sample: src/Missing.java#hello -->
				```java
				```

				<!-- sample: src/Hello.java#hello -->
				```java
				```
				""");
		List<String> problems = new ArrayList<>();
		SampleBlocks.of(page, problems);
		assertThat(problems).hasSize(3)
			.anySatisfy((problem) -> assertThat(problem).contains(":1: a Java sample that no test compiles"))
			.anySatisfy((problem) -> assertThat(problem).contains(":5: no sample source src/Missing.java"))
			.anySatisfy((problem) -> assertThat(problem).contains(":9: ").contains("has no tag hello"));
	}

	@Test
	void brokenRelativeLinksAreSeenAndOthersAreNot() throws IOException {
		write("docs/routes.md", "# Routes\n\n## Path parameters\n");
		Page page = write("README.md", """
				# Fastro

				[routes](docs/routes.md), [parameters](docs/routes.md#path-parameters), [top](#fastro),
				[site](https://example.com/missing), `[code](nowhere.md)`, [docs](docs/)

				[missing](docs/missing.md) and [bad anchor](docs/routes.md#nope) and [up](../outside.md)

				[ref]: docs/gone.md

				```
				[fenced](nowhere.md)
				```
				""");
		assertThat(Links.broken(page, this.root)).containsExactly(page + ":6: docs/missing.md: no such file",
				page + ":6: docs/routes.md#nope: no heading or anchor 'nope' in docs/routes.md",
				page + ":6: ../outside.md: outside the repository", page + ":8: docs/gone.md: no such file");
	}

	@Test
	void headingAnchorsAreGitHubs() {
		assertThat(Page.slug("Cross-origin requests (CORS)")).isEqualTo("cross-origin-requests-cors");
		assertThat(Page.slug("Coming from `RouterFunction`")).isEqualTo("coming-from-routerfunction");
		assertThat(Page.slug("Behind nginx or HAProxy")).isEqualTo("behind-nginx-or-haproxy");
		assertThat(Page.slug("Links to [the guide](docs/README.md)")).isEqualTo("links-to-the-guide");
	}

	private Page write(String name, String text) throws IOException {
		Path path = this.root.resolve(name);
		Files.createDirectories(path.getParent());
		Files.writeString(path, text);
		return Page.read(path);
	}

}
