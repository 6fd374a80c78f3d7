package dev.fastro.perf.harness;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class MarkdownTemplateTest {

	private static final MarkdownTemplate TEMPLATE = MarkdownTemplate.parse("test.md", """
			A comment before the first fragment.

			<!-- fragment: section -->
			## {{title}}

			Measured over {{runs}}.{{note}}

			{{table}}


			{{problems}}

			<!-- fragment: note -->
			 A sentence that starts with a space.

			<!-- fragment: plain -->
			No placeholder.
			""");

	@Test
	void fillsInLinesAndBlocksAndDropsEmptyBlocks() {
		String text = TEMPLATE.fragment("section")
			.with("title", "Scenarios")
			.with("runs", "3 rounds")
			.with("note", TEMPLATE.render("note"))
			.with("table", "| a |\n|---|\n| 1 |\n")
			.with("problems", "")
			.render();
		assertThat(text).isEqualTo("""
				## Scenarios

				Measured over 3 rounds. A sentence that starts with a space.

				| a |
				|---|
				| 1 |""");
	}

	@Test
	void keepsOneBlankLineBetweenBlocks() {
		String text = TEMPLATE.fragment("section")
			.with("title", "T")
			.with("runs", "1 round")
			.with("note", "")
			.with("table", "")
			.with("problems", "- one\n- two")
			.render();
		assertThat(text).isEqualTo("## T\n\nMeasured over 1 round.\n\n- one\n- two");
	}

	@Test
	void aPlaceholderWithoutAValueFails() {
		assertThatIllegalStateException().isThrownBy(() -> TEMPLATE.fragment("section").with("title", "T").render())
			.withMessageContaining("test.md, fragment section: {{runs}} has no value");
	}

	@Test
	void aValueWithoutAPlaceholderFails() {
		assertThatIllegalStateException().isThrownBy(() -> TEMPLATE.fragment("plain").with("title", "T").render())
			.withMessageContaining("test.md, fragment plain: no placeholder for [title]");
	}

	@Test
	void aLineBreakWithinALineFails() {
		assertThatIllegalStateException()
			.isThrownBy(() -> TEMPLATE.fragment("section")
				.with("title", "two\nlines")
				.with("runs", "")
				.with("note", "")
				.with("table", "")
				.with("problems", "")
				.render())
			.withMessageContaining("{{title}} is within a line");
	}

	@Test
	void anUnknownFragmentFails() {
		assertThatIllegalStateException().isThrownBy(() -> TEMPLATE.fragment("missing"))
			.withMessageContaining("test.md has no fragment missing");
	}

	@Test
	void bracesThatAreNoPlaceholderFail() {
		assertThatIllegalStateException()
			.isThrownBy(() -> MarkdownTemplate.parse("bad.md", "<!-- fragment: a -->\nSee {{not a name}}.\n"))
			.withMessageContaining("bad.md, fragment a: braces that are no placeholder");
	}

	@Test
	void aFragmentNamedTwiceFails() {
		assertThatIllegalStateException()
			.isThrownBy(() -> MarkdownTemplate.parse("twice.md", "<!-- fragment: a -->\nA\n<!-- fragment: a -->\nB\n"))
			.withMessageContaining("the fragment a is there twice");
	}

	@Test
	void knowsWhichFragmentsWereNeverRendered() {
		MarkdownTemplate template = MarkdownTemplate.parse("t.md",
				"<!-- fragment: used -->\nA\n<!-- fragment: unused -->\nB\n");
		assertThat(template.render("used")).isEqualTo("A");
		assertThat(template.unrendered()).containsExactly("unused");
	}

}
