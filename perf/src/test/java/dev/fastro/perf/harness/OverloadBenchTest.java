package dev.fastro.perf.harness;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;

import dev.fastro.perf.Workload;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class OverloadBenchTest {

	@Test
	void runsOnlyWhenNamedAloneAndReportsApart() {
		RunnerOptions options = RunnerOptions.parse(List.of("--experiments", "overload"), Path.of("perf"));

		assertThat(options.experiments()).containsExactly(Experiment.OVERLOAD);
		assertThat(options.outputDirectory()).isEqualTo(Path.of("perf/overload"));
		assertThat(Plan.of(options)).isEmpty();
		assertThat(RunnerOptions.parse(List.of(), Path.of(".")).experiments()).doesNotContain(Experiment.OVERLOAD);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RunnerOptions.parse(List.of("--experiments", "main,overload"), Path.of("perf")))
			.withMessageContaining("run it alone");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RunnerOptions.parse(List.of("--experiments", "overload", "--side-by-side"), Path.of(".")))
			.withMessageContaining("one server at a time");
	}

	@Test
	void alwaysMeasuresVertxBesideTheNamedFastros() {
		assertThat(OverloadBench.servers(EnumSet.copyOf(RunnerOptions.DEFAULT_SERVERS)))
			.containsExactly(ServerKind.FASTRO, ServerKind.VERTX);
		assertThat(OverloadBench.servers(
				EnumSet.of(ServerKind.FASTRO, ServerKind.FASTRO_SHEDDING, ServerKind.FASTRO_ADAPTIVE, ServerKind.RAW)))
			.containsExactly(ServerKind.FASTRO, ServerKind.FASTRO_SHEDDING, ServerKind.FASTRO_ADAPTIVE,
					ServerKind.VERTX);
	}

	@Test
	void theSheddingServersTakePartInNoOtherExperiment() {
		RunnerOptions options = RunnerOptions.parse(
				List.of("--experiments", "main", "--servers", "fastro,fastro-shedding,fastro-adaptive"), Path.of("."));

		assertThat(Plan.of(options)).singleElement()
			.satisfies(group -> assertThat(group.servers()).extracting(ServerSpec::kind)
				.containsExactly(ServerKind.FASTRO));
	}

	@Test
	void configuresLoadSheddingWithFastrosKeys() {
		assertThat(ServerKind.FASTRO_SHEDDING.arguments(8080, 0))
			.contains("--fastro.load-shedding.max-in-flight=" + OverloadBench.MAX_IN_FLIGHT)
			.noneMatch(argument -> argument.startsWith("--fastro.load-shedding.adaptive"));
		assertThat(ServerKind.FASTRO_ADAPTIVE.arguments(8080, 0)).contains(
				"--fastro.load-shedding.max-in-flight=" + OverloadBench.ADAPTIVE_MAX_IN_FLIGHT,
				"--fastro.load-shedding.adaptive=true");
		assertThat(ServerKind.FASTRO.arguments(8080, 0)).noneMatch(argument -> argument.contains("load-shedding"));
	}

	@Test
	void refusesTheSheddingServersOfAFastroWithoutLoadShedding() {
		String without = "{\"properties\": [{\"name\": \"fastro.server.port\"}]}";
		String with = "{\"properties\": [{\"name\": \"fastro.load-shedding.max-in-flight\"}]}";

		assertThat(OverloadBench.missing(ServerKind.FASTRO_SHEDDING, without)).contains("no load shedding");
		assertThat(OverloadBench.missing(ServerKind.FASTRO_ADAPTIVE, without)).contains("no load shedding");
		assertThat(OverloadBench.missing(ServerKind.FASTRO, without)).isNull();
		assertThat(OverloadBench.missing(ServerKind.FASTRO_SHEDDING, with)).isNull();
	}

	@Test
	void theWorkIsTheSameEveryTime() {
		// The digest VertxServerTest expects from the Vert.x peer too.
		assertThat(Workload.work()).isEqualTo(Workload.WORK_ANSWER)
			.isEqualTo("96a12deebdc8a3421e923d2fc00a649326f0b5167b48ffd231941a415777308c");
	}

}
