package dev.fastro.perf.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The static-files experiment without servers: the files, nginx's configuration, the plan
 * and the 304 revalidation made concrete from each server's validators.
 */
class StaticFilesTest {

	@TempDir
	Path directory;

	@Test
	void writesTheSameFilesOfTheirSizesEveryTime() throws Exception {
		Path files = StaticFiles.write(this.directory.resolve("a"));
		Path again = StaticFiles.write(this.directory.resolve("b"));
		assertThat(StaticFiles.FILES).extracting(StaticFiles.StaticFile::size)
			.containsExactly(1024, 64 * 1024, 10 * 1024 * 1024);
		for (StaticFiles.StaticFile file : StaticFiles.FILES) {
			byte[] bytes = Files.readAllBytes(files.resolve(file.name()));
			assertThat(bytes).hasSize(file.size()).isEqualTo(Files.readAllBytes(again.resolve(file.name())));
			assertThat(file.probe().request().target()).isEqualTo("/" + file.name());
			assertThat(file.probe().expected().body()).isEqualTo(bytes);
			assertThat(file.probe().expected().contentType()).isNull();
		}
		// Not all zeros, nor the same bytes for every size: nothing compresses them.
		assertThat(Files.readAllBytes(files.resolve("file-1k.bin"))).containsAnyOf((byte) 1, (byte) 2, (byte) 3)
			.isNotEqualTo(java.util.Arrays.copyOf(Files.readAllBytes(files.resolve("file-64k.bin")), 1024));
	}

	@Test
	void nginxRunsOneForegroundProcessWithSendfileOnTheFilesDirectory() {
		String config = NginxConfig.render(Path.of("/tmp/run/nginx-8081"), Path.of("/tmp/run/static"), 8081);
		assertThat(config).contains("daemon off;\n", "master_process off;\n", "worker_processes 1;\n",
				"pid /tmp/run/nginx-8081/nginx.pid;\n", "error_log /tmp/run/nginx-8081/error.log warn;\n",
				"sendfile on;\n", "open_file_cache max=10000 inactive=60s;\n", "tcp_nopush on;\n", "access_log off;\n",
				"listen 127.0.0.1:8081;\n", "root /tmp/run/static;\n",
				"client_body_temp_path /tmp/run/nginx-8081/client_body;\n");
		// Nothing from the system's configuration, whose paths need root.
		assertThat(config).doesNotContain("/etc/nginx", "/var/", "include", "user ");
		assertThat(NginxConfig.binary()).isEqualTo(Path.of("/usr/sbin/nginx"));
	}

	@Test
	void eachServerIsToldToServeTheDirectoryItsOwnWay() {
		Path files = Path.of("/tmp/run/static");
		assertThat(StaticFiles.arguments(ServerKind.FASTRO, files))
			.containsExactly("--spring.web.resources.static-locations=file:/tmp/run/static/");
		assertThat(StaticFiles.arguments(ServerKind.VERTX, files)).containsExactly("--static-files=/tmp/run/static");
		assertThat(StaticFiles.arguments(ServerKind.NGINX, files)).isEmpty();
		assertThatIllegalArgumentException().isThrownBy(() -> StaticFiles.arguments(ServerKind.NATIVE, files));
	}

	@Test
	void theExperimentRunsOnlyWhenAskedWithNginxAndTheServersNamed() {
		assertThat(Plan.of(RunnerOptions.parse(List.of(), Path.of("."))))
			.noneMatch(group -> group.name().equals("static files"));
		List<Group> groups = Plan.of(RunnerOptions
			.parse(List.of("--experiments", "main,static", "--servers", "native,fastro,vertx,nginx"), Path.of(".")));
		// nginx serves files only: never in the scenarios.
		assertThat(groups.get(0).servers()).extracting(ServerSpec::kind)
			.containsExactly(ServerKind.NATIVE, ServerKind.FASTRO, ServerKind.VERTX);
		Group files = groups.get(1);
		assertThat(files.name()).isEqualTo("static files");
		assertThat(files.servers()).extracting(ServerSpec::kind)
			.containsExactly(ServerKind.FASTRO, ServerKind.VERTX, ServerKind.NGINX);
		assertThat(files.servers()).allMatch(ServerSpec::staticFiles);
		assertThat(files.cases()).extracting(Case::label)
			.containsExactly("1 KiB", "1 KiB, 304", "64 KiB", "64 KiB, 304", "10 MiB", "10 MiB, 304");
		// Few connections for the 10 MiB GET only.
		assertThat(files.cases()).extracting(Case::connections).containsExactly(100, 100, 100, 100, 4, 100);
		assertThat(files.cases()).allMatch(one -> one.experiment() == Experiment.STATIC && one.rounds() == 3);
		// nginx, the 100% line, even when not named.
		assertThat(Plan.of(RunnerOptions.parse(List.of("--experiments", "static", "--servers", "fastro"), Path.of(".")))
			.get(0)
			.servers()).extracting(ServerSpec::kind).containsExactly(ServerKind.FASTRO, ServerKind.NGINX);
	}

	@Test
	void aRevalidationCarriesTheServersOwnEtagOrElseItsLastModified() {
		Probe fetch = StaticFiles.FILES.get(0).probe();
		Probe planned = Revalidation.of(fetch);
		assertThat(Revalidation.planned(planned)).isTrue();
		assertThat(Revalidation.planned(fetch)).isFalse();
		assertThat(planned.request()).isNotEqualTo(fetch.request());
		assertThat(Revalidation.fetch(planned)).isEqualTo(fetch.request());

		Probe byEtag = Revalidation.resolve(planned,
				Map.of("etag", List.of("\"5f-400\""), "last-modified", List.of("Mon, 01 Jan 2024 00:00:00 GMT")));
		assertThat(byEtag.request().target()).isEqualTo("/file-1k.bin");
		assertThat(byEtag.request().headers()).containsExactly(Map.entry("if-none-match", "\"5f-400\""));
		assertThat(byEtag.expected().status()).isEqualTo(304);
		assertThat(byEtag.expected().body()).isEmpty();
		assertThat(byEtag.expected().contentType()).isNull();

		Probe byDate = Revalidation.resolve(planned, Map.of("last-modified", List.of("Mon, 01 Jan 2024 00:00:00 GMT")));
		assertThat(byDate.request().headers())
			.containsExactly(Map.entry("if-modified-since", "Mon, 01 Jan 2024 00:00:00 GMT"));

		assertThat(Revalidation.resolve(planned, Map.of("content-length", List.of("1024")))).isNull();
	}

	@Test
	void anAnswerWhoseContentTypeIsLeftOpenIsCheckedByStatusAndBody() {
		ExpectedResponse notModified = Revalidation.of(StaticFiles.FILES.get(0).probe()).expected();
		assertThat(ResponseVerifier.differences(notModified, 304, Map.of(), new byte[0])).isEmpty();
		List<String> problems = ResponseVerifier.differences(notModified, 200, Map.of("content-type", List.of("x/y")),
				new byte[3]);
		assertThat(problems).hasSize(2).first().isEqualTo("status 200, expected 304");
		assertThat(problems.get(1)).startsWith("body ").endsWith(", expected ''");
	}

}
