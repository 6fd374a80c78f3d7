package dev.fastro.docs;

import java.util.ArrayList;
import java.util.List;

import dev.fastro.docs.SampleBlocks.Sample;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The documentation cannot rot: every Java sample is the tagged region of a source this
 * module compiles and tests, every relative link resolves, and the configuration
 * reference lists every {@code fastro.*} key as the metadata does. With
 * {@code -Ddocs.update=true} the samples and the reference are written into the pages
 * instead.
 */
class DocumentationTest {

	private final Guide guide = Guide.ofThisRepository();

	@Test
	void everyJavaSampleShowsItsTestedSource() {
		List<String> problems = new ArrayList<>();
		for (Page page : this.guide.pages()) {
			List<Sample> samples = SampleBlocks.of(page, problems);
			if (Guide.updating()) {
				page.write(SampleBlocks.rewritten(page, samples));
				continue;
			}
			for (Sample sample : samples) {
				if (!sample.shown().equals(sample.expected())) {
					problems.add(sample.location() + ": differs from " + this.guide.root().relativize(sample.source())
							+ "#" + sample.tag() + " (-Ddocs.update=true copies it)");
				}
			}
		}
		assertThat(problems).isEmpty();
	}

	@Test
	void everyRelativeLinkResolves() {
		List<String> broken = new ArrayList<>();
		this.guide.pages().forEach((page) -> broken.addAll(Links.broken(page, this.guide.root())));
		assertThat(broken).isEmpty();
	}

	@Test
	void configurationReferenceListsEveryPropertyAsTheMetadataDoes() {
		Page configuration = Page.read(this.guide.root().resolve("docs/configuration.md"));
		List<String> expected = PropertyReference.rewritten(configuration.lines());
		if (Guide.updating()) {
			configuration.write(expected);
			return;
		}
		assertThat(configuration.lines()).as("docs/configuration.md (-Ddocs.update=true rewrites its table)")
			.isEqualTo(expected);
	}

}
