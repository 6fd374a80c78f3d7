package dev.fastro.perf.harness;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BenchCommandTest {

	private final ByteArrayOutputStream out = new ByteArrayOutputStream();

	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	private final List<String> commands = new ArrayList<>();

	@Test
	void helpPrintsTheUsageAndRunsNothing() {
		assertThat(run(List.of("--rounds", "2", "--help"), List.of())).isZero();
		assertThat(this.out.toString(StandardCharsets.UTF_8)).isEqualTo("Usage: test [options]\n");
		assertThat(this.commands).isEmpty();
	}

	@Test
	void printsTheReportAndStatesTheCommandLine() {
		assertThat(run(List.of("--rounds", "2"), List.of())).isZero();
		assertThat(this.out.toString(StandardCharsets.UTF_8))
			.isEqualTo("Report: " + Path.of("out/BENCHMARK.md").toAbsolutePath() + "\n");
		assertThat(this.commands).containsExactly(System.getProperty("perf.command", "TestBench --rounds 2"));
		assertThat(this.err.toString(StandardCharsets.UTF_8)).isEmpty();
	}

	@Test
	void failuresTheBenchReportsExitWithOneAfterTheReport() {
		assertThat(run(List.of(), List.of("Fastro, round 1: the warm-up failed"))).isEqualTo(1);
		assertThat(this.out.toString(StandardCharsets.UTF_8)).startsWith("Report: ");
		assertThat(this.err.toString(StandardCharsets.UTF_8))
			.isEqualTo("1 problem(s), see the report:\nFastro, round 1: the warm-up failed\n");
	}

	@Test
	void wrongOptionsExitWithTwoAndOneLine() {
		BenchCommand<String> command = new BenchCommand<>("TestBench", "", ".", (args, perf) -> {
			throw new IllegalArgumentException("Unknown option: --round");
		}, (options, line) -> {
			throw new AssertionError("never run");
		});
		assertThat(command.run(List.of("--round", "2"), print(this.out), print(this.err))).isEqualTo(2);
		assertThat(this.err.toString(StandardCharsets.UTF_8)).isEqualTo("Unknown option: --round\n");
	}

	@Test
	void anErrorOfTheBenchExitsWithOne() {
		BenchCommand<String> command = new BenchCommand<>("TestBench", "", ".", (args, perf) -> "options",
				(options, line) -> {
					throw new IOException("wrk died");
				});
		assertThat(command.run(List.of(), print(this.out), print(this.err))).isEqualTo(1);
		assertThat(this.err.toString(StandardCharsets.UTF_8)).contains("java.io.IOException: wrk died");
	}

	private int run(List<String> args, List<String> failures) {
		BenchCommand<List<String>> command = new BenchCommand<>("TestBench", "Usage: test [options]\n", ".",
				(arguments, perf) -> arguments, (options, line) -> {
					this.commands.add(line);
					return new BenchCommand.Outcome(Path.of("out/BENCHMARK.md"), failures);
				});
		return command.run(args, print(this.out), print(this.err));
	}

	private static PrintStream print(ByteArrayOutputStream bytes) {
		return new PrintStream(bytes, true, StandardCharsets.UTF_8);
	}

}
