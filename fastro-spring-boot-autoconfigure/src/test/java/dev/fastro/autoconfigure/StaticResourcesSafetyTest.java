package dev.fastro.autoconfigure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * No request reaches a file outside a static location, nor a hidden one inside it,
 * whatever its spelling, over real HTTP/1.1 with request targets sent byte for byte.
 * Every file a test asks for exists, on this Linux file system, where it must not be
 * served from (beside the location, or hidden in it), so that a 404 is the refusal and
 * not a file that happens to be missing. A dot segment, spelled out or escaped, is
 * refused before routing with a 400, as any request's; the rest get past that and are
 * refused here with a 404.
 */
@ExtendWith(NettyLeakDetection.class)
class StaticResourcesSafetyTest {

	@TempDir
	static Path root;

	static Path location;

	private ApplicationContextRunner runner;

	@BeforeAll
	static void writeFiles() throws IOException {
		location = root.resolve("public");
		write(location.resolve("ok.txt"), "ok");
		write(root.resolve("secret.txt"), "secret");
		write(root.resolve("outside/secret.txt"), "secret outside");
		write(location.resolve(".env"), "PASSWORD=secret");
		write(location.resolve(".git/config"), "[core]");
		write(location.resolve("sub/.hidden/file.txt"), "hidden");
		write(location.resolve("sub/file.txt"), "visible");
		write(location.resolve("CON"), "a device on Windows");
		write(location.resolve("nul.txt"), "a device on Windows");
		write(location.resolve("COM1.log"), "a device on Windows");
		write(location.resolve("sub/lpt9"), "a device on Windows");
		write(location.resolve("ok.txt."), "Windows would read ok.txt");
		write(location.resolve("sub\\file.txt"), "a backslash in its name, a separator on Windows");
		write(location.resolve("%2e%2e/secret.txt"), "a literal name");
		Files.createSymbolicLink(location.resolve("escape.txt"), root.resolve("secret.txt"));
		Files.createSymbolicLink(location.resolve("outside"), root.resolve("outside"));
		Files.createSymbolicLink(location.resolve("to-hidden.txt"), location.resolve(".env"));
		Files.createSymbolicLink(location.resolve("inside.txt"), location.resolve("ok.txt"));
	}

	StaticResourcesSafetyTest() {
		this.runner = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
					FastroServerAutoConfiguration.class, FastroStaticResourcesAutoConfiguration.class))
			.withPropertyValues("fastro.server.port=0", "spring.web.resources.static-locations=file:" + location);
	}

	@Test
	void servesWhatIsInTheLocationThroughASymbolicLinkThatStaysInIt() {
		this.runner.run(context -> {
			assertThat(get(context, "/ok.txt").bodyString()).isEqualTo("ok");
			assertThat(get(context, "/inside.txt").bodyString()).isEqualTo("ok");
			assertThat(get(context, "/sub/file.txt").bodyString()).isEqualTo("visible");
		});
	}

	@Test
	void refusesDotDotSegmentsBeforeRouting() {
		this.runner.run(context -> {
			assertThat(get(context, "/../secret.txt").status()).isEqualTo(400);
			assertThat(get(context, "/sub/../../secret.txt").status()).isEqualTo(400);
		});
	}

	@Test
	void refusesEscapedDotSegmentsBeforeRouting() {
		this.runner.run(context -> {
			assertThat(get(context, "/%2e%2e/secret.txt").status()).isEqualTo(400);
			assertThat(get(context, "/%2E%2E%2Fsecret.txt").status()).isEqualTo(400);
			assertThat(get(context, "/sub%2f..%2f..%2fsecret.txt").status()).isEqualTo(400);
		});
	}

	@Test
	void refusesAnEscapedSlashInASegment() {
		this.runner.run(context -> {
			assertThat(get(context, "/sub%2ffile.txt").status()).isEqualTo(404);
			assertThat(get(context, "/%2fetc%2fpasswd").status()).isEqualTo(404);
		});
	}

	@Test
	void refusesBackslashesRawAndEscaped() {
		this.runner.run(context -> {
			assertThat(get(context, "/..\\secret.txt").status()).isEqualTo(404);
			assertThat(get(context, "/sub\\..\\..\\secret.txt").status()).isEqualTo(404);
			assertThat(get(context, "/sub\\file.txt").status()).isEqualTo(404);
			assertThat(get(context, "/..%5csecret.txt").status()).isEqualTo(404);
			assertThat(get(context, "/sub%5cfile.txt").status()).isEqualTo(404);
		});
	}

	@Test
	void refusesOverlongUtf8Dots() {
		this.runner.run(context -> {
			assertThat(get(context, "/%c0%ae%c0%ae/secret.txt").status()).isEqualTo(400);
			assertThat(get(context, "/%e0%80%ae%e0%80%ae/secret.txt").status()).isEqualTo(400);
		});
	}

	@Test
	void decodesADoubleEncodingOnceToANameThatIsNoDot() {
		this.runner.run(context -> {
			RawResponse response = get(context, "/%252e%252e/secret.txt");
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.bodyString()).isEqualTo("a literal name");
			assertThat(get(context, "/%252e%252e%252fsecret.txt").status()).isEqualTo(404);
		});
	}

	@Test
	void refusesNul() {
		this.runner.run(context -> {
			assertThat(get(context, "/ok.txt%00").status()).isEqualTo(404);
			assertThat(get(context, "/ok.txt%00.html").status()).isEqualTo(404);
		});
	}

	@Test
	void refusesAbsolutePaths() {
		this.runner.run(context -> {
			assertThat(get(context, "//ok.txt").status()).isEqualTo(404);
			assertThat(get(context, "//etc/passwd").status()).isEqualTo(404);
			assertThat(get(context, "/" + root.resolve("secret.txt")).status()).isEqualTo(404);
			assertThat(get(context, "/C:/Windows/win.ini").status()).isEqualTo(404);
			assertThat(get(context, "/c:%5cwindows%5cwin.ini").status()).isEqualTo(404);
		});
	}

	@Test
	void refusesASymbolicLinkToAFileOutsideTheLocation() {
		this.runner.run(context -> assertThat(get(context, "/escape.txt").status()).isEqualTo(404));
	}

	@Test
	void refusesASymbolicLinkToADirectoryOutsideTheLocation() {
		this.runner.run(context -> assertThat(get(context, "/outside/secret.txt").status()).isEqualTo(404));
	}

	@Test
	void refusesWindowsDeviceNames() {
		this.runner.run(context -> {
			assertThat(get(context, "/CON").status()).isEqualTo(404);
			assertThat(get(context, "/nul.txt").status()).isEqualTo(404);
			assertThat(get(context, "/COM1.log").status()).isEqualTo(404);
			assertThat(get(context, "/sub/lpt9").status()).isEqualTo(404);
		});
	}

	@Test
	void refusesNamesWindowsWouldReadAsOthers() {
		this.runner.run(context -> {
			assertThat(get(context, "/ok.txt.").status()).isEqualTo(404);
			assertThat(get(context, "/ok.txt%20").status()).isEqualTo(404);
			assertThat(get(context, "/ok.txt::$DATA").status()).isEqualTo(404);
		});
	}

	@Test
	void refusesHiddenFiles() {
		this.runner.run(context -> {
			assertThat(get(context, "/.env").status()).isEqualTo(404);
			assertThat(get(context, "/%2eenv").status()).isEqualTo(404);
		});
	}

	@Test
	void refusesFilesInHiddenDirectories() {
		this.runner.run(context -> {
			assertThat(get(context, "/.git/config").status()).isEqualTo(404);
			assertThat(get(context, "/sub/.hidden/file.txt").status()).isEqualTo(404);
		});
	}

	@Test
	void refusesASymbolicLinkToAHiddenFile() {
		this.runner.run(context -> assertThat(get(context, "/to-hidden.txt").status()).isEqualTo(404));
	}

	@Test
	void neverListsADirectory() {
		this.runner.run(context -> {
			assertThat(get(context, "/sub/").status()).isEqualTo(404);
			assertThat(get(context, "/sub").status()).isEqualTo(404);
			assertThat(get(context, "/").status()).isEqualTo(404);
		});
	}

	private static void write(Path file, String content) {
		TestFiles.write(file.getParent(), file.getFileName().toString(), content.getBytes(StandardCharsets.UTF_8));
	}

	private static RawResponse get(ConfigurableApplicationContext context, String target) throws IOException {
		try (RawHttp raw = new RawHttp(context.getBean(FastroServer.class).port())) {
			return raw.send(rawRequest("GET", target)).read();
		}
	}

}
