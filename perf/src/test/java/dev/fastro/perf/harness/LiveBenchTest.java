package dev.fastro.perf.harness;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LiveBenchTest {

	@Test
	void theLiveExperimentsRunOnlyWhenNamedAndPlanNoWrkGroup() {
		RunnerOptions options = RunnerOptions.parse(List.of("--experiments", "websocket,sse,idle"), Path.of("."));

		assertThat(options.experiments()).containsExactly(Experiment.WEBSOCKET, Experiment.SSE, Experiment.IDLE)
			.allMatch(Experiment::live);
		assertThat(Plan.of(options)).isEmpty();
		assertThat(RunnerOptions.parse(List.of(), Path.of(".")).experiments()).noneMatch(Experiment::live);
	}

	@Test
	void theLiveExperimentsReportApartFromTheOthers() {
		assertThat(RunnerOptions.parse(List.of("--experiments", "idle"), Path.of("perf")).outputDirectory())
			.isEqualTo(Path.of("perf/live"));
		assertThat(RunnerOptions.parse(List.of("--experiments", "idle", "--out", "/tmp/x"), Path.of("perf"))
			.outputDirectory()).isEqualTo(Path.of("/tmp/x"));
		assertThat(RunnerOptions.parse(List.of("--experiments", "main"), Path.of("perf")).outputDirectory())
			.isEqualTo(Path.of("perf"));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RunnerOptions.parse(List.of("--experiments", "main,websocket"), Path.of("perf")))
			.withMessageContaining("apart from the others");
	}

	@Test
	void alwaysMeasuresVertxAndTheRawWebSocketServerBesideTheNamedNativeAndFastro() {
		EnumSet<ServerKind> named = EnumSet.copyOf(RunnerOptions.DEFAULT_SERVERS);

		assertThat(LiveBench.servers(Experiment.WEBSOCKET, null, named)).containsExactly(ServerKind.NATIVE,
				ServerKind.FASTRO, ServerKind.RAW_WEBSOCKET, ServerKind.VERTX);
		assertThat(LiveBench.servers(Experiment.SSE, null, named)).containsExactly(ServerKind.NATIVE, ServerKind.FASTRO,
				ServerKind.VERTX);
		assertThat(LiveBench.servers(Experiment.IDLE, LiveBench.Held.HTTP, EnumSet.of(ServerKind.FASTRO)))
			.containsExactly(ServerKind.FASTRO, ServerKind.VERTX);
		assertThat(LiveBench.servers(Experiment.IDLE, LiveBench.Held.WEBSOCKET, EnumSet.of(ServerKind.FASTRO)))
			.containsExactly(ServerKind.FASTRO, ServerKind.RAW_WEBSOCKET, ServerKind.VERTX);
	}

	@Test
	void spreadsConnectionsOverLoopbackAddresses() {
		assertThat(LiveClient.sourceAddress(0)).isEqualTo(new InetSocketAddress("127.0.0.1", 0));
		assertThat(LiveClient.sourceAddress(LiveClient.CONNECTIONS_PER_ADDRESS - 1))
			.isEqualTo(new InetSocketAddress("127.0.0.1", 0));
		assertThat(LiveClient.sourceAddress(LiveClient.CONNECTIONS_PER_ADDRESS))
			.isEqualTo(new InetSocketAddress("127.0.0.2", 0));
	}

	@Test
	void labelsTheCases() {
		assertThat(LiveBench.caseLabel(Experiment.WEBSOCKET, 64)).isEqualTo("64 B");
		assertThat(LiveBench.caseLabel(Experiment.WEBSOCKET, 16 * 1024)).isEqualTo("16 KiB");
		assertThat(LiveBench.caseLabel(Experiment.SSE, 5_000)).isEqualTo("5,000");
	}

}
