package dev.fastro.test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * An HTTP client of another implementation than Java's, run as a command ({@code curl},
 * {@code nghttp}, {@code h2load}): CI installs them; a machine without one skips the test
 * that needs it, saying so.
 */
public final class CommandLineClient {

	private CommandLineClient() {
	}

	/**
	 * Runs {@code command} to its end, within {@code max}, and returns what it printed
	 * (standard output and error together).
	 * @throws org.opentest4j.TestAbortedException when the command is not installed
	 */
	public static Result run(Duration max, String... command) throws IOException, InterruptedException {
		assumeTrue(isInstalled(command[0]), () -> "Skipped: " + command[0]
				+ " is not installed (apt-get install curl nghttp2-client; CI installs them)");
		Process process = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
		if (!process.waitFor(max.toMillis(), TimeUnit.MILLISECONDS)) {
			process.destroyForcibly();
			throw new IllegalStateException(String.join(" ", command) + " did not end within " + max);
		}
		return new Result(process.exitValue(),
				new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
	}

	private static boolean isInstalled(String name) {
		String path = System.getenv("PATH");
		return path != null && List.of(path.split(":"))
			.stream()
			.anyMatch((directory) -> new java.io.File(directory, name).canExecute());
	}

	/** How the command ended, and what it printed. */
	public record Result(int exitCode, String output) {

	}

}
