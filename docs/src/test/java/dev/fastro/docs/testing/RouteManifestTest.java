package dev.fastro.docs.testing;

// tag::test[]
import java.nio.file.Path;

import dev.fastro.test.manifest.RouteManifests;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

import static dev.fastro.test.manifest.RouteManifestAssert.assertThat;

@SpringBootTest(properties = "fastro.server.port=0")
class RouteManifestTest {

	@Autowired
	ApplicationContext context;

	@Test
	void servesTheClientsOfTheLastRelease() {
		assertThat(RouteManifests.of(this.context))
			.isCompatibleWith(Path.of("src/test/resources/routes-manifest.json"));
	}

}
// end::test[]
