package dev.fastro;

import java.util.List;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The arrows between Fastro's packages point one way: the router knows nothing else, the
 * request pipeline knows no server and no Spring, the server and the observation of
 * requests (beside it, over the pipeline) know no Spring and not each other, CORS is the
 * one piece of the pipeline built on Spring's {@code CorsConfiguration}, security (beside
 * them, over the pipeline and the router's pattern matching) is built on Spring Security
 * and knows no server, the route manifest and the OpenAPI document (beside them, over the
 * routes as declared and the router's patterns) know no server either, rate limits (over
 * the pipeline, on Bucket4j) know no server and no Spring, and only the
 * auto-configuration knows them all. Each layer is an API package and its
 * {@code internal} package.
 */
@AnalyzeClasses(packages = "dev.fastro", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

	@ArchTest
	static final ArchRule layersDependOnlyDownwards = layeredArchitecture().consideringOnlyDependenciesInLayers()
		.layer("router")
		.definedBy("dev.fastro.router..")
		.layer("http")
		.definedBy("dev.fastro.http..")
		.layer("server")
		.definedBy("dev.fastro.server..")
		.layer("observation")
		.definedBy("dev.fastro.observation..")
		.layer("cors")
		.definedBy("dev.fastro.cors..")
		.layer("security")
		.definedBy("dev.fastro.security..")
		.layer("manifest")
		.definedBy("dev.fastro.manifest..")
		.layer("openapi")
		.definedBy("dev.fastro.openapi..")
		.layer("ratelimit")
		.definedBy("dev.fastro.ratelimit..")
		.layer("autoconfigure")
		.definedBy("dev.fastro.autoconfigure..")
		.whereLayer("autoconfigure")
		.mayNotBeAccessedByAnyLayer()
		.whereLayer("server")
		.mayOnlyBeAccessedByLayers("autoconfigure")
		.whereLayer("observation")
		.mayOnlyBeAccessedByLayers("autoconfigure")
		.whereLayer("cors")
		.mayOnlyBeAccessedByLayers("autoconfigure")
		.whereLayer("security")
		.mayOnlyBeAccessedByLayers("autoconfigure")
		.whereLayer("manifest")
		.mayOnlyBeAccessedByLayers("autoconfigure")
		.whereLayer("openapi")
		.mayOnlyBeAccessedByLayers("autoconfigure")
		.whereLayer("ratelimit")
		.mayOnlyBeAccessedByLayers("autoconfigure")
		.whereLayer("http")
		.mayOnlyBeAccessedByLayers("server", "observation", "cors", "security", "manifest", "openapi", "ratelimit",
				"autoconfigure")
		.whereLayer("router")
		.mayOnlyBeAccessedByLayers("http", "server", "security", "manifest", "openapi", "autoconfigure");

	@ArchTest
	static final ArchRule openApiKnowsNoServer = noClasses().that()
		.resideInAPackage("dev.fastro.openapi..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("dev.fastro.server..", "reactor.netty..");

	@ArchTest
	static final ArchRule routerIsAPlainLibrary = noClasses().that()
		.resideInAPackage("dev.fastro.router..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("io.netty..", "reactor..", "org.springframework..", "tools.jackson..");

	@ArchTest
	static final ArchRule pipelineKnowsNoServerAndNoSpring = noClasses().that()
		.resideInAPackage("dev.fastro.http..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("reactor.netty..", "org.springframework..");

	@ArchTest
	static final ArchRule observationKnowsNoServerAndNoSpring = noClasses().that()
		.resideInAPackage("dev.fastro.observation..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("dev.fastro.server..", "reactor.netty..", "org.springframework..");

	@ArchTest
	static final ArchRule manifestKnowsNoServer = noClasses().that()
		.resideInAPackage("dev.fastro.manifest..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("reactor.netty..", "org.springframework..");

	@ArchTest
	static final ArchRule rateLimitKnowsNoServerAndNoSpring = noClasses().that()
		.resideInAPackage("dev.fastro.ratelimit..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("dev.fastro.server..", "reactor.netty..", "org.springframework..");

	@ArchTest
	static final ArchRule serverKnowsNoSpring = noClasses().that()
		.resideInAPackage("dev.fastro.server..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("org.springframework..");

	@ArchTest
	static final ArchRule layersAreFreeOfCycles = slices().matching("dev.fastro.(*)..").should().beFreeOfCycles();

	@ArchTest
	static final ArchRule apiExposesNoInternalType = methods().that()
		.arePublic()
		.and()
		.areDeclaredInClassesThat(describe("public API classes",
				(JavaClass type) -> type.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.PUBLIC)
						&& !type.getPackageName().contains(".internal")))
		.should()
		.haveRawReturnType(describe("a type outside internal packages",
				(JavaClass type) -> !type.getPackageName().contains(".internal")))
		.andShould()
		.haveRawParameterTypes(describe("types outside internal packages", (List<JavaClass> types) -> types.stream()
			.noneMatch((type) -> type.getPackageName().contains(".internal"))));

}
