package dev.fastro.perf.harness;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code java} each server runs on: the harness's own for every server that runs on
 * it, and a JDK 21 or later for the servers that need one (virtual threads, Helidon 4)
 * when the harness runs on an older one.
 */
public final class JavaRuntime {

	/**
	 * Where a JDK 21+ is looked for when the harness's own is older; the system property
	 * {@code perf.java21} (a {@code java} executable) overrides it.
	 */
	static final String NEWER_JAVA = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java";

	private JavaRuntime() {
	}

	/**
	 * The harness's own {@code java}.
	 * @return its path
	 */
	static Path own() {
		return Path.of(System.getProperty("java.home"), "bin", "java");
	}

	/**
	 * The {@code java} to start a server with.
	 * @param kind the server
	 * @return its path, or {@code null} if the server needs a newer JDK than any found
	 */
	static Path forServer(ServerKind kind) {
		if (Runtime.version().feature() >= kind.minimumJava()) {
			return own();
		}
		Path newer = Path.of(System.getProperty("perf.java21", NEWER_JAVA));
		return Files.isExecutable(newer) ? newer : null;
	}

	/**
	 * Why a server cannot run here, for the report.
	 * @param kind the server
	 * @return the reason, or {@code null} if it can run
	 */
	static String missing(ServerKind kind) {
		if (forServer(kind) != null) {
			return null;
		}
		return "needs Java " + kind.minimumJava() + " or later; the harness runs on Java " + Runtime.version().feature()
				+ " and there is no " + System.getProperty("perf.java21", NEWER_JAVA)
				+ " (set -Dperf.java21=/path/to/bin/java)";
	}

}
