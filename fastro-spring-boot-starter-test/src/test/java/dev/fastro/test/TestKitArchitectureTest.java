package dev.fastro.test;

import java.util.List;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The test starter sits above the auto-configuration: its client knows Fastro's layers
 * but not the slice built on it, neither knows the security customizers built on the
 * client, and its API names no internal type.
 */
@AnalyzeClasses(packages = { "dev.fastro.test.client", "dev.fastro.test.autoconfigure", "dev.fastro.test.security",
		"dev.fastro.test.manifest" }, importOptions = ImportOption.DoNotIncludeTests.class)
class TestKitArchitectureTest {

	@ArchTest
	static final ArchRule clientKnowsNoSlice = noClasses().that()
		.resideInAPackage("dev.fastro.test.client..")
		.should()
		.dependOnClassesThat()
		.resideInAPackage("dev.fastro.test.autoconfigure..");

	/** The customizers need Spring Security; the client and the slice work without it. */
	@ArchTest
	static final ArchRule clientAndSliceKnowNoSecurityCustomizers = noClasses().that()
		.resideInAnyPackage("dev.fastro.test.client..", "dev.fastro.test.autoconfigure..")
		.should()
		.dependOnClassesThat()
		.resideInAPackage("dev.fastro.test.security..");

	@ArchTest
	static final ArchRule apiExposesNoInternalType = methods().that()
		.arePublic()
		.and()
		.areDeclaredInClassesThat(
				describe("public API classes", (JavaClass type) -> type.getModifiers().contains(JavaModifier.PUBLIC)))
		.should()
		.haveRawReturnType(describe("a type outside internal packages",
				(JavaClass type) -> !type.getPackageName().contains(".internal")))
		.andShould()
		.haveRawParameterTypes(describe("types outside internal packages", (List<JavaClass> types) -> types.stream()
			.noneMatch(type -> type.getPackageName().contains(".internal"))));

}
