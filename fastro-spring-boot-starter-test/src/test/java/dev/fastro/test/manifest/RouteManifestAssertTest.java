package dev.fastro.test.manifest;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.fastro.http.Routes;
import dev.fastro.manifest.RouteManifest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.manifest.RouteManifestAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The running application's manifest, checked against the one committed: a test that
 * fails listing what would break, and says how to create or rewrite the file.
 */
class RouteManifestAssertTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class))
		.withUserConfiguration(AccountRoutes.class);

	@TempDir
	Path directory;

	@AfterEach
	void stopUpdating() {
		System.clearProperty(RouteManifestAssert.UPDATE);
	}

	@Test
	void readsTheApplicationsRoutesWithItsJsonSettings() {
		this.runner.withPropertyValues("spring.jackson.property-naming-strategy=SNAKE_CASE").run((context) -> {
			RouteManifest manifest = RouteManifests.of(context);
			assertThat(manifest.routes()).extracting(Object::toString)
				.containsExactly("POST /accounts", "GET /accounts/{id:[0-9]+}");
			assertThat(manifest.routes().get(1).answers().get("200").shape().properties())
				.containsOnlyKeys("account_id", "owner_name");
		});
	}

	@Test
	void passesForTheManifestItWasWrittenFrom() {
		this.runner.run((context) -> {
			Path file = this.directory.resolve("routes-manifest.json");
			RouteManifests.of(context).write(file);
			assertThat(RouteManifests.of(context)).isCompatibleWith(file);
		});
	}

	@Test
	void failsListingEveryBreakingChange() {
		RouteManifest previous = RouteManifest.of(Routes.builder()
			.get("/accounts/{id}", ctx -> "")
			.delete("/accounts/{id}", ctx -> "")
			.post("/accounts", ctx -> "")
			.describe((doc) -> doc.returns(201, Account.class))
			.build()
			.routes(), JsonMapper.builder().build());
		this.runner.run((context) -> assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(RouteManifests.of(context)).isCompatibleWith(previous))
			.withMessageContaining("4 changes would break them")
			.withMessageContaining("- GET /accounts/{id}: path parameter 'id' no longer takes every value it took")
			.withMessageContaining("- GET /accounts/{id}: path parameter 'id' changed its type from string to integer")
			.withMessageContaining("- DELETE /accounts/{id}: the route was removed")
			.withMessageContaining("- POST /accounts: now requires a body of application/json"));
	}

	@Test
	void failsSayingHowToCreateAMissingManifest() {
		Path file = this.directory.resolve("routes-manifest.json");
		this.runner.run((context) -> assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(RouteManifests.of(context)).isCompatibleWith(file))
			.withMessageContaining("Expected a route manifest at " + file.toAbsolutePath())
			.withMessageContaining("-Dfastro.manifest.update=true"));
	}

	@Test
	void rewritesTheManifestWhenAskedTo() throws Exception {
		Path file = this.directory.resolve("routes-manifest.json");
		Files.writeString(file, "{ \"routes\" : [ { \"method\" : \"GET\", \"pattern\" : \"/gone\" } ] }\n");
		System.setProperty(RouteManifestAssert.UPDATE, "true");
		this.runner.run((context) -> {
			assertThat(RouteManifests.of(context)).isCompatibleWith(file);
			assertThat(RouteManifest.read(file)).isEqualTo(RouteManifests.of(context));
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class AccountRoutes {

		@Bean
		Routes accounts() {
			return Routes.builder()
				.get("/accounts/{id:[0-9]+}", ctx -> new Account(ctx.paramLong("id"), "Ada"))
				.describe((doc) -> doc.param("id", long.class).returns(200, Account.class))
				.post("/accounts", ctx -> ctx.body(Account.class))
				.describe((doc) -> doc.accepts(Account.class).returns(201, Account.class))
				.build();
		}

	}

	record Account(long accountId, String ownerName) {
	}

}
