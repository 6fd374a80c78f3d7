package dev.fastro.docs.routes;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/** "Trailing slash" of the Routes page, with fastro.router.ignore-trailing-slash. */
class TrailingSlashTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(FastroAutoConfiguration.class))
		.withUserConfiguration(CatalogRoutes.class);

	@Test
	void aTrailingSlashIsIgnoredOnBothSides() {
		this.runner.withPropertyValues("fastro.router.ignore-trailing-slash=true").run((context) -> {
			FastroTestClient client = FastroTestClient.bindTo(context);
			assertThat(client.get("/users/ada/").exchange()).hasBody("User ada");
			assertThat(client.get("/users/new/").exchange()).hasBody("The sign-up form");
			assertThat(client.get("/files").exchange()).hasBody("File ");
		});
	}

}
