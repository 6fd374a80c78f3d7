package dev.fastro.perf.harness;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks for the programs the harness runs, and says how to install a missing one.
 */
public final class Prerequisites {

	private Prerequisites() {
	}

	/**
	 * Checks that {@code wrk} and {@code taskset} are installed.
	 * @throws IllegalStateException naming the missing program and its install command
	 */
	public static void check() {
		require("wrk", "apt-get install -y wrk");
		require("taskset", "apt-get install -y util-linux");
	}

	private static void require(String program, String install) {
		String path = System.getenv().getOrDefault("PATH", "");
		for (String directory : path.split(File.pathSeparator)) {
			if (!directory.isEmpty() && Files.isExecutable(Path.of(directory, program))) {
				return;
			}
		}
		throw new IllegalStateException(program + " is not installed (not on the PATH). Install it with: " + install);
	}
}
