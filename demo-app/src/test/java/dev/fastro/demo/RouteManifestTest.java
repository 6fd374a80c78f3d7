package dev.fastro.demo;

import java.nio.file.Path;

import dev.fastro.manifest.ManifestRoute;
import dev.fastro.manifest.RouteManifest;
import dev.fastro.test.manifest.RouteManifests;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

import static dev.fastro.test.manifest.RouteManifestAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo still serves every client of its committed route manifest. A change meant to
 * break them is recorded by running this test with {@code -Dfastro.manifest.update=true}.
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
class RouteManifestTest {

	private static final Path MANIFEST = Path.of("src/test/resources/routes-manifest.json");

	@Autowired
	ApplicationContext context;

	@Test
	void servesEveryClientOfTheCommittedManifest() {
		assertThat(RouteManifests.of(this.context)).isCompatibleWith(MANIFEST);
	}

	@Test
	void describesTheBodiesTheDemoReadsAndWrites() {
		RouteManifest manifest = RouteManifests.of(this.context);

		ManifestRoute find = route(manifest, "GET /users/{id:[0-9]+}");
		assertThat(find.path()).containsExactly(new ManifestRoute.PathParameter("id", "[0-9]+", "integer"));
		assertThat(find.answers()).containsOnlyKeys("200", "404");
		assertThat(find.answers().get("200").shape().properties()).containsOnlyKeys("id", "name", "email");
		ManifestRoute add = route(manifest, "POST /users");
		assertThat(add.body().shape().required()).containsExactly("email", "name");
		assertThat(add.answers().get("201").shape().properties()).containsOnlyKeys("id", "name", "email");
		ManifestRoute sum = route(manifest, "GET /async/sum");
		assertThat(sum.query()).extracting(ManifestRoute.Parameter::name).containsExactly("a", "b");
	}

	private static ManifestRoute route(RouteManifest manifest, String route) {
		return manifest.routes().stream().filter((entry) -> entry.toString().equals(route)).findFirst().orElseThrow();
	}

}
