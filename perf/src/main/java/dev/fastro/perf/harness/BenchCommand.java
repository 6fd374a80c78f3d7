package dev.fastro.perf.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The command line of perf's benches, {@code perf/run} ({@link PerfRunner}) and
 * {@code perf/upload} ({@link UploadBench}). {@code --help} prints the usage. Otherwise
 * the options are read, with the perf directory ({@code -Dperf.dir}) as the default place
 * of the report, the bench runs and writes its report, and the report's path is printed;
 * the report states the command line the script passes as {@code -Dperf.command}.
 *
 * <p>
 * Exit status: 0 when the bench ran and reported no failure; 1 when it reported failures
 * (after writing the report that says how) or stopped on an error; 2 when the options are
 * wrong or something the bench needs is missing, with one line saying what.
 *
 * @param <O> the bench's options
 */
public final class BenchCommand<O> {

	private final String name;

	private final String usage;

	private final String defaultPerfDirectory;

	private final Parser<O> parser;

	private final Bench<O> bench;

	/**
	 * A bench's command line.
	 * @param name the bench's class, for the command line a report states when the script
	 * gave none
	 * @param usage the text of {@code --help}
	 * @param defaultPerfDirectory the perf directory when {@code -Dperf.dir} is not set
	 * @param parser reads the options
	 * @param bench runs the bench and writes its report
	 */
	BenchCommand(String name, String usage, String defaultPerfDirectory, Parser<O> parser, Bench<O> bench) {
		this.name = name;
		this.usage = usage;
		this.defaultPerfDirectory = defaultPerfDirectory;
		this.parser = parser;
		this.bench = bench;
	}

	/**
	 * Runs the bench as a {@code main} method does, and exits with its status unless it
	 * is 0.
	 * @param args the command line's arguments
	 */
	void main(String[] args) {
		int status = run(List.of(args), System.out, System.err);
		if (status != 0) {
			System.exit(status);
		}
	}

	/**
	 * Runs the bench.
	 * @param args the command line's arguments
	 * @param out where the usage and the report's path go
	 * @param err where the problems go
	 * @return the exit status
	 */
	int run(List<String> args, PrintStream out, PrintStream err) {
		if (args.contains("--help")) {
			out.print(this.usage);
			return 0;
		}
		try {
			O options = this.parser.parse(args, Path.of(System.getProperty("perf.dir", this.defaultPerfDirectory)));
			String command = System.getProperty("perf.command", this.name + " " + String.join(" ", args));
			Outcome outcome = this.bench.run(options, command);
			out.println("Report: " + outcome.report().toAbsolutePath().normalize());
			if (outcome.failures().isEmpty()) {
				return 0;
			}
			err.println(outcome.failures().size() + " problem(s), see the report:");
			outcome.failures().forEach(err::println);
			return 1;
		}
		catch (IllegalArgumentException | IllegalStateException ex) {
			err.println(ex.getMessage());
			return 2;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			ex.printStackTrace(err);
			return 1;
		}
		catch (Exception ex) {
			ex.printStackTrace(err);
			return 1;
		}
	}

	/**
	 * Reads a bench's options.
	 *
	 * @param <O> the options
	 */
	@FunctionalInterface
	interface Parser<O> {

		/**
		 * Reads the options.
		 * @param args the command line's arguments
		 * @param perfDirectory the perf module's directory
		 * @return the options
		 * @throws IllegalArgumentException for an unknown or malformed option
		 */
		O parse(List<String> args, Path perfDirectory);

	}

	/**
	 * Runs a bench and writes its report.
	 *
	 * @param <O> the options
	 */
	@FunctionalInterface
	interface Bench<O> {

		/**
		 * Runs the bench.
		 * @param options its options
		 * @param command the command line to state in the report
		 * @return the report and what went wrong
		 * @throws IOException if a server, a load generator or a file fails
		 * @throws InterruptedException if interrupted
		 */
		Outcome run(O options, String command) throws IOException, InterruptedException;

	}

	/**
	 * What a run produced.
	 *
	 * @param report the report file
	 * @param failures what went wrong that the run reports as failures (the upload
	 * bench's failed uploads, servers that did not start, their logs' out-of-memory
	 * errors and leak reports), empty when nothing did
	 */
	public record Outcome(Path report, List<String> failures) {
	}

}
