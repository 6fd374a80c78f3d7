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
		String missing = missing();
		if (missing != null) {
			throw new IllegalStateException(missing);
		}
	}

	/**
	 * Says what {@link #check()} would fail on, for a caller that skips rather than
	 * fails.
	 * @return the missing program and its install command, or {@code null} when both are
	 * installed
	 */
	public static String missing() {
		if (!onPath("wrk")) {
			return problem("wrk", "apt-get install -y wrk");
		}
		if (!onPath("taskset")) {
			return problem("taskset", "apt-get install -y util-linux");
		}
		return null;
	}

	/**
	 * Checks that {@code h2load} is installed, for a run that measures HTTP/2.
	 * @throws IllegalStateException naming it and its install command
	 */
	public static void checkH2load() {
		if (!onPath("h2load")) {
			throw new IllegalStateException(problem("h2load", "apt-get install -y nghttp2-client"));
		}
	}

	/**
	 * Checks that nginx is installed, for a run of the static-files experiment.
	 * @throws IllegalStateException naming it and its install command
	 */
	public static void checkNginx() {
		if (!Files.isExecutable(NginxConfig.binary())) {
			throw new IllegalStateException(NginxConfig.binary()
					+ " is not installed. Install it with: apt-get install -y nginx (or name another with -Dperf.nginx=)");
		}
	}

	private static boolean onPath(String program) {
		String path = System.getenv().getOrDefault("PATH", "");
		for (String directory : path.split(File.pathSeparator)) {
			if (!directory.isEmpty() && Files.isExecutable(Path.of(directory, program))) {
				return true;
			}
		}
		return false;
	}

	private static String problem(String program, String install) {
		return program + " is not installed (not on the PATH). Install it with: " + install;
	}

}
