package dev.fastro.perf;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.fastro.test.ModuleBoundary;

/**
 * The benchmarks and the harness measure Fastro through its API and its SPI alone, in
 * their tests too.
 */
@AnalyzeClasses(packages = "dev.fastro", importOptions = ModuleBoundary.ThisModule.class)
class PublicApiOnlyTest {

	@ArchTest
	static final ArchRule usesNoInternalPackage = ModuleBoundary.USES_NO_INTERNAL_PACKAGE;

}
