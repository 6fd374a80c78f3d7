package dev.fastro.autoconfigure;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import dev.fastro.http.internal.FileResults;
import dev.fastro.http.internal.NoRouteFallback;
import dev.fastro.test.TestFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.MediaTypeFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@link FastroStaticResourcesAutoConfiguration} creates: file results always (with
 * spring-web), static resources only when they are on and one of their locations exists,
 * so that an application without them pays nothing for them.
 */
class FastroStaticResourcesAutoConfigurationTest {

	@TempDir
	Path site;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroStaticResourcesAutoConfiguration.class));

	@Test
	void servesFilesAndTheStaticResourcesOfAnExistingLocation() {
		TestFiles.write(this.site, "index.html", "<h1>Home</h1>".getBytes(StandardCharsets.UTF_8));
		this.runner.withPropertyValues("spring.web.resources.static-locations=file:" + this.site)
			.run(context -> assertThat(context).hasSingleBean(FileResults.class).hasSingleBean(NoRouteFallback.class));
	}

	@Test
	void addsNoStaticResourcesWhenNoLocationExists() {
		// Swagger UI's WebJar, on this class path, has Spring Boot's default location
		// META-INF/resources/ and WebJars' own: hidden, none of them exists.
		ApplicationContextRunner withoutWebJars = this.runner.withClassLoader(new FilteredClassLoader(
				new ClassPathResource("META-INF/resources/"), new ClassPathResource("META-INF/resources/webjars/")));
		withoutWebJars.run(
				context -> assertThat(context).hasSingleBean(FileResults.class).doesNotHaveBean(NoRouteFallback.class));
		withoutWebJars.withPropertyValues("spring.web.resources.static-locations=file:" + this.site.resolve("missing"))
			.run(context -> assertThat(context).doesNotHaveBean(NoRouteFallback.class));
	}

	@Test
	void addsNoStaticResourcesWithAddMappingsFalse() {
		this.runner
			.withPropertyValues("spring.web.resources.static-locations=file:" + this.site,
					"spring.web.resources.add-mappings=false")
			.run(context -> assertThat(context).hasSingleBean(FileResults.class)
				.doesNotHaveBean(NoRouteFallback.class));
	}

	@Test
	void servesWebJarsAloneWhenOnlyTheyArePresent() throws IOException {
		Path jar = TestFiles.jar(this.site.resolve("lib.jar"),
				Map.of("META-INF/resources/webjars/lib/1.0/lib.js", "lib()".getBytes(StandardCharsets.UTF_8)));
		try (URLClassLoader loader = new URLClassLoader(new URL[] { jar.toUri().toURL() },
				getClass().getClassLoader())) {
			this.runner.withClassLoader(loader)
				.run(context -> assertThat(context).hasSingleBean(NoRouteFallback.class));
		}
	}

	@Test
	void backsOffWithoutSpringWeb() {
		this.runner.withClassLoader(new FilteredClassLoader(MediaTypeFactory.class))
			.withPropertyValues("spring.web.resources.static-locations=file:" + this.site)
			.run(context -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(FileResults.class)
				.doesNotHaveBean(NoRouteFallback.class));
	}

	@Test
	void backsOffWhenFastroIsDisabled() {
		this.runner
			.withPropertyValues("fastro.enabled=false", "spring.web.resources.static-locations=file:" + this.site)
			.run(context -> assertThat(context).doesNotHaveBean(FileResults.class)
				.doesNotHaveBean(NoRouteFallback.class));
	}

	@Test
	void failsAtStartUpNamingAPathPatternThatIsNoPrefix() {
		this.runner
			.withPropertyValues("spring.web.resources.static-locations=file:" + this.site,
					"fastro.static.path-pattern=/assets/*.js")
			.run(context -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("fastro.static.pathPattern")
				.hasMessageContaining("/assets/*.js"));
		this.runner.withPropertyValues("fastro.static.webjars-path-pattern=webjars")
			.run(context -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("fastro.static.webjarsPathPattern"));
	}

	@Test
	void failsAtStartUpNamingALocationNeitherOnTheClassPathNorOnTheFileSystem() {
		this.runner.withPropertyValues("spring.web.resources.static-locations=https://example.com/assets/")
			.run(context -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("https://example.com/assets/"));
	}

}
