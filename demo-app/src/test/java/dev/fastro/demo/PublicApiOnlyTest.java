package dev.fastro.demo;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The demo is written as a user's application would be: with Fastro's public API alone.
 */
@AnalyzeClasses(packages = "dev.fastro.demo", importOptions = ImportOption.DoNotIncludeTests.class)
class PublicApiOnlyTest {

	@ArchTest
	static final ArchRule usesNoInternalPackage = noClasses().should()
		.dependOnClassesThat()
		.resideInAPackage("dev.fastro..internal..");

}
