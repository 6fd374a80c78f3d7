package dev.fastro.test.client;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroStaticResourcesAutoConfiguration;
import dev.fastro.http.Routes;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.autoconfigure.FastroTestClientAutoConfiguration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Files through the in-process client: whole and framed by their length as the server
 * sends them, in ranges, for {@code HEAD}, and from the static locations.
 */
@ExtendWith(NettyLeakDetection.class)
class InProcessFilesTest {

	private static final String TEXT = "0123456789".repeat(10_000);

	@TempDir
	static Path site;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroStaticResourcesAutoConfiguration.class, FastroTestClientAutoConfiguration.class))
		.withUserConfiguration(FileRoutes.class);

	@BeforeAll
	static void writeFiles() throws Exception {
		Files.writeString(site.resolve("notes.txt"), TEXT, StandardCharsets.UTF_8);
		Files.writeString(site.resolve("index.html"), "<h1>Home</h1>", StandardCharsets.UTF_8);
	}

	@Test
	void sendsAFileAHandlerAnswersWith() {
		this.runner
			.run(context -> assertThat(context.getBean(FastroTestClient.class).get("/notes").exchange()).hasStatus(200)
				.hasContentType("text/plain; charset=utf-8")
				.hasHeader("accept-ranges", "bytes")
				.hasBody(TEXT));
	}

	@Test
	void sendsAFileThroughRoutesAlone() {
		FastroTestClient client = FastroTestClient
			.bindTo(Routes.builder().get("/notes", ctx -> site.resolve("notes.txt")).build());
		assertThat(client.get("/notes").exchange()).hasStatus(200)
			.hasContentType("text/plain; charset=utf-8")
			.hasHeader("content-length", "100000")
			.hasBody(TEXT);
		assertThat(client.get("/notes").exchange().header("etag")).matches("\"[A-Za-z0-9_-]{43}\"");
	}

	@Test
	void sendsARangeOfIt() {
		this.runner.run(context -> assertThat(
				context.getBean(FastroTestClient.class).get("/notes").header("range", "bytes=95000-").exchange())
			.hasStatus(206)
			.hasHeader("content-range", "bytes 95000-99999/100000")
			.hasBody(TEXT.substring(95000)));
	}

	@Test
	void answersHeadWithTheLengthAndNoBody() {
		this.runner
			.run(context -> assertThat(context.getBean(FastroTestClient.class).head("/notes").exchange()).hasStatus(200)
				.hasHeader("content-length", "100000")
				.hasEmptyBody());
	}

	@Test
	void servesStaticResources() {
		this.runner.withPropertyValues("spring.web.resources.static-locations=file:" + site)
			.run(context -> assertThat(context.getBean(FastroTestClient.class).get("/").exchange()).hasStatus(200)
				.hasContentType("text/html; charset=utf-8")
				.hasBody("<h1>Home</h1>"));
	}

	@Configuration(proxyBeanMethods = false)
	static class FileRoutes {

		@Bean
		Routes fileRoutes() {
			return Routes.builder().get("/notes", ctx -> site.resolve("notes.txt")).build();
		}

	}

}
