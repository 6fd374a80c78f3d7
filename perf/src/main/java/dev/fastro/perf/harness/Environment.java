package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarFile;

import org.springframework.boot.SpringBootVersion;
import org.springframework.core.SpringVersion;

/**
 * Where and how the numbers were produced, for the report's environment section.
 *
 * @param cpuModel the CPU's model name
 * @param cpuCount the cores the harness's JVM sees
 * @param coreSplit how the cores were split between the servers and wrk
 * @param os the operating system
 * @param jdk the JDK running the servers
 * @param jvmFlags the servers' JVM flags
 * @param versions the versions of the libraries that matter, by name
 * @param date when the run started
 * @param command the exact command that produced the report
 */
public record Environment(String cpuModel, int cpuCount, String coreSplit, String os, String jdk, List<String> jvmFlags,
		Map<String, String> versions, String date, String command) {

	/**
	 * Looks at this machine and this class path.
	 * @param command the exact command that produced the report
	 * @param serverCpu the core the servers are pinned to
	 * @param wrkCpu the core wrk is pinned to
	 * @return the environment
	 */
	public static Environment collect(String command, int serverCpu, int wrkCpu) {
		int cores = Runtime.getRuntime().availableProcessors();
		String split = "servers on core " + serverCpu + ", wrk on core " + wrkCpu
				+ ((cores > 2) ? "; the other " + (cores - 2) + " cores were left idle" : "");
		Map<String, String> versions = new LinkedHashMap<>();
		versions.put("Fastro", checkout(ServerProcess.repositoryRoot()));
		versions.put("Spring Boot", SpringBootVersion.getVersion());
		versions.put("Spring Framework", SpringVersion.getVersion());
		versions.put("Reactor Netty", manifestVersion(reactor.netty.http.server.HttpServer.class));
		versions.put("Netty", io.netty.util.Version.identify().get("netty-common").artifactVersion());
		versions.put("Jackson", tools.jackson.databind.cfg.PackageVersion.VERSION.toString());
		versions.put("wrk", wrkVersion());
		return new Environment(readCpuModel(), cores, split, readOsName(),
				System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"), JvmFlags.SERVER,
				versions, ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME), command);
	}

	/**
	 * The commit the servers were built from, and whether the checkout changed it:
	 * perf/run builds what is in the working tree, committed or not. Read before the run
	 * writes its report, which may be a tracked file.
	 * @param root the checkout
	 * @return such as {@code commit 13dafc8}, or {@code commit 13dafc8 with uncommitted
	 * changes}
	 */
	static String checkout(Path root) {
		String commit = output("git", "-C", root.toString(), "rev-parse", "--short", "HEAD").orElse("");
		if (commit.isEmpty()) {
			return "not a git checkout";
		}
		String changes = output("git", "-C", root.toString(), "status", "--porcelain", "--untracked-files=no")
			.orElse("");
		return "commit " + commit + (changes.isEmpty() ? "" : " with uncommitted changes");
	}

	private static String readCpuModel() {
		return firstValue(Path.of("/proc/cpuinfo"), "model name", ':').orElse(System.getProperty("os.arch"));
	}

	private static String readOsName() {
		String kernel = System.getProperty("os.name") + " " + System.getProperty("os.version");
		return firstValue(Path.of("/etc/os-release"), "PRETTY_NAME", '=')
			.map(name -> name.replace("\"", "") + ", " + kernel)
			.orElse(kernel);
	}

	private static Optional<String> firstValue(Path file, String key, char separator) {
		try {
			return Files.readAllLines(file, StandardCharsets.UTF_8)
				.stream()
				.filter(line -> line.startsWith(key) && line.indexOf(separator) > 0)
				.map(line -> line.substring(line.indexOf(separator) + 1).trim())
				.findFirst();
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

	/**
	 * Reactor Netty's jar has no Implementation-Version; its OSGi Bundle-Version says
	 * "1.3.6.RELEASE".
	 */
	private static String manifestVersion(Class<?> type) {
		try (JarFile jar = new JarFile(
				Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toFile())) {
			String version = jar.getManifest().getMainAttributes().getValue("Bundle-Version");
			return (version != null) ? version.replace(".RELEASE", "") : "unknown";
		}
		catch (Exception ex) {
			return "unknown";
		}
	}

	private static String wrkVersion() {
		// "wrk debian/4.1.0-3+b2 [epoll] Copyright (C) 2012 Will Glozer", then its usage
		return output("wrk", "-v").map((text) -> {
			String first = text.lines().findFirst().orElse("unknown");
			int copyright = first.indexOf(" Copyright");
			return ((copyright > 0) ? first.substring(0, copyright) : first).replaceFirst("^wrk ", "");
		}).orElse("not installed");
	}

	/**
	 * What a command writes to its standard output, whatever its exit status.
	 * @return the output, stripped, or empty if the command could not be run
	 */
	private static Optional<String> output(String... command) {
		try {
			Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
			process.waitFor();
			return Optional.of(output);
		}
		catch (IOException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
	}
}
