package dev.fastro.test;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The test starter reaches the application through Fastro's API and its SPI alone, in its
 * tests too.
 */
@AnalyzeClasses(packages = "dev.fastro", importOptions = ModuleBoundary.ThisModule.class)
class PublicApiOnlyTest {

	@ArchTest
	static final ArchRule usesNoInternalPackage = ModuleBoundary.USES_NO_INTERNAL_PACKAGE;

}
