package dev.fastro.test.manifest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import dev.fastro.manifest.BreakingChange;
import dev.fastro.manifest.RouteManifest;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on a {@link RouteManifest}: whether an application's routes still
 * serve the clients of its previous release.
 *
 * <pre>{@code
 * assertThat(RouteManifests.of(context))
 *     .isCompatibleWith(Path.of("src/test/resources/routes-manifest.json"));
 * }</pre>
 *
 * When a change is meant to break clients, run the test once with the system property
 * {@value #UPDATE} set to {@code true}: the file is rewritten with the current routes,
 * and its diff shows the change for review.
 */
public final class RouteManifestAssert extends AbstractAssert<RouteManifestAssert, RouteManifest> {

	/** The system property that rewrites the manifest file instead of checking it. */
	public static final String UPDATE = "fastro.manifest.update";

	RouteManifestAssert(RouteManifest actual) {
		super(actual, RouteManifestAssert.class);
	}

	/**
	 * Creates an assertion on {@code manifest}.
	 * @param manifest the application's current manifest
	 * @return the assertion
	 */
	public static RouteManifestAssert assertThat(RouteManifest manifest) {
		return new RouteManifestAssert(manifest);
	}

	/**
	 * Verifies no change from {@code previous} would break its clients.
	 * @param previous the manifest of the release clients were written for
	 * @return this assertion
	 */
	public RouteManifestAssert isCompatibleWith(RouteManifest previous) {
		isNotNull();
		List<BreakingChange> changes = this.actual.breakingChangesSince(previous);
		if (!changes.isEmpty()) {
			failWithMessage(
					"Expected the routes to serve the clients of the previous manifest, but %d %s would "
							+ "break them:%n%s",
					changes.size(), (changes.size() == 1) ? "change" : "changes",
					changes.stream()
						.map((change) -> "- " + change)
						.collect(Collectors.joining(System.lineSeparator())));
		}
		return this;
	}

	/**
	 * Verifies no change from the manifest in {@code file} would break its clients. With
	 * the system property {@value #UPDATE} set to {@code true}, writes the current
	 * manifest to {@code file} instead.
	 * @param file the manifest file committed with the previous release
	 * @return this assertion
	 */
	public RouteManifestAssert isCompatibleWith(Path file) {
		isNotNull();
		if (Boolean.getBoolean(UPDATE)) {
			this.actual.write(file);
			return this;
		}
		if (!Files.exists(file)) {
			failWithMessage("Expected a route manifest at %s, but there is none. Create it by running this test "
					+ "with -D%s=true, and commit it.", file.toAbsolutePath(), UPDATE);
		}
		return isCompatibleWith(RouteManifest.read(file));
	}

}
