package dev.fastro.perf.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class UploadOptionsTest {

	@Test
	void theDefaultsAreTheIssuesBench() {
		UploadOptions options = UploadOptions.parse(List.of(), Path.of("perf"));

		assertThat(options.bytes()).isEqualTo(1073741824L);
		assertThat(options.rounds()).isEqualTo(5);
		assertThat(options.heap()).isEqualTo("64m");
		assertThat(options.servers()).containsExactly(ServerKind.NATIVE, ServerKind.FASTRO, ServerKind.RAW);
		assertThat(options.framings()).containsExactly(UploadFraming.CONTENT_LENGTH, UploadFraming.CHUNKED);
		assertThat(options.outputDirectory()).isEqualTo(Path.of("perf", "streamed-upload"));
	}

	@Test
	void theDefaultReportDirectoryIsNoFileOfThePerfModule() {
		// Surefire runs in the perf module's directory, where the perf/upload script is.
		Path out = UploadOptions.parse(List.of(), Path.of("")).outputDirectory();

		assertThat(Files.isRegularFile(out)).as(out.toAbsolutePath().toString()).isFalse();
	}

	@Test
	void onlyServersWithTheUploadRouteAreTaken() {
		assertThat(UploadOptions.parse(List.of("--servers", "raw,fastro", "--mib", "4"), Path.of("perf")))
			.satisfies(options -> assertThat(options.servers()).containsExactly(ServerKind.RAW, ServerKind.FASTRO))
			.satisfies(options -> assertThat(options.bytes()).isEqualTo(4L << 20));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> UploadOptions.parse(List.of("--servers", "webflux"), Path.of("perf")))
			.withMessageContaining("webflux has no upload route");
	}

}
