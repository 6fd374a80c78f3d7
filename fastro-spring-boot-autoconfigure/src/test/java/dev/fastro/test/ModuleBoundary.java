package dev.fastro.test;

import java.net.URI;
import java.nio.file.Path;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The boundary every module but the auto-configuration keeps: it uses Fastro through its
 * API and its SPI ({@code dev.fastro.http.spi}), never an internal package, which any
 * release may change and no other module may implement. Each such module checks its own
 * classes, main and test, in a test of its own:
 *
 * <pre class="code">
 * &#64;AnalyzeClasses(packages = "dev.fastro", importOptions = ModuleBoundary.ThisModule.class)
 * class PublicApiOnlyTest {
 *
 *     &#64;ArchTest
 *     static final ArchRule usesNoInternalPackage = ModuleBoundary.USES_NO_INTERNAL_PACKAGE;
 *
 * }
 * </pre>
 */
public final class ModuleBoundary {

	/** No class depends on a class of an internal package of Fastro's. */
	public static final ArchRule USES_NO_INTERNAL_PACKAGE = noClasses().should()
		.dependOnClassesThat()
		.resideInAPackage("dev.fastro..internal..")
		.because("an internal package is not API: only the auto-configuration's module may use it");

	private ModuleBoundary() {
	}

	/**
	 * Imports the classes of the module whose tests run, main and test, and none of the
	 * modules or jars on its class path: those under the working directory, which is the
	 * module's own when Maven or an IDE runs its tests.
	 */
	public static final class ThisModule implements ImportOption {

		private static final Path MODULE = Path.of("").toAbsolutePath();

		@Override
		public boolean includes(Location location) {
			URI uri = location.asURI();
			return "file".equals(uri.getScheme()) && Path.of(uri).startsWith(MODULE);
		}

	}

}
