package dev.fastro.demo;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.fastro.test.ModuleBoundary;

/**
 * The demo is written as a user's application would be, and tested as one: with Fastro's
 * public API alone, in its tests too.
 */
@AnalyzeClasses(packages = "dev.fastro", importOptions = ModuleBoundary.ThisModule.class)
class PublicApiOnlyTest {

	@ArchTest
	static final ArchRule usesNoInternalPackage = ModuleBoundary.USES_NO_INTERNAL_PACKAGE;

}
