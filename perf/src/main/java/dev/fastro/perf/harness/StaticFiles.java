package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The files of the static-files experiment: 1 KiB, 64 KiB and 10 MiB of pseudo-random
 * bytes (the same bytes in every run, so no server can compress them), written once per
 * run into a directory every server serves, each at {@code /<name>}.
 */
public final class StaticFiles {

	/** The files, smallest first. */
	static final List<StaticFile> FILES = List.of(new StaticFile("1 KiB", "file-1k.bin", 1024),
			new StaticFile("64 KiB", "file-64k.bin", 64 * 1024),
			new StaticFile("10 MiB", "file-10m.bin", 10 * 1024 * 1024));

	/**
	 * wrk's connections for a file of at least {@link #LARGE_FILE_BYTES}: few, so that
	 * the bytes in flight stay within what the loopback's socket buffers hold and the run
	 * measures the server sending, not the kernel's memory pressure.
	 */
	static final int LARGE_FILE_CONNECTIONS = 4;

	/** The size from which a file is fetched with {@link #LARGE_FILE_CONNECTIONS}. */
	static final int LARGE_FILE_BYTES = 1024 * 1024;

	/** The seed of the files' bytes. */
	private static final long SEED = 0x5EED_F11EL;

	private StaticFiles() {
	}

	/**
	 * Writes every file into a directory.
	 * @param directory the directory, created if needed
	 * @return the directory
	 * @throws IOException if a file cannot be written
	 */
	static Path write(Path directory) throws IOException {
		Files.createDirectories(directory);
		for (StaticFile file : FILES) {
			Files.write(directory.resolve(file.name()), file.bytes());
		}
		return directory;
	}

	/**
	 * The arguments that make a server serve the directory, besides its own.
	 * @param kind the server
	 * @param directory the files' directory
	 * @return Fastro's {@code spring.web.resources.static-locations}, Vert.x's
	 * {@code --static-files}; none for nginx, whose configuration names it
	 * @throws IllegalArgumentException for a server that serves no static files here
	 */
	static List<String> arguments(ServerKind kind, Path directory) {
		return switch (kind) {
			case FASTRO -> List.of("--spring.web.resources.static-locations=file:" + directory.toAbsolutePath() + "/");
			case VERTX -> List.of("--static-files=" + directory.toAbsolutePath());
			case NGINX -> List.of();
			default -> throw new IllegalArgumentException(kind.label() + " serves no static files in this harness");
		};
	}

	/**
	 * The cases of the experiment: for each file a plain {@code GET}, then its 304
	 * revalidation.
	 * @param connections wrk's connections, fewer for a large file's {@code GET}
	 * @param rounds the rounds
	 * @param servers the servers
	 * @return the cases
	 */
	static List<Case> cases(int connections, int rounds, java.util.Set<ServerKind> servers) {
		List<Case> cases = new ArrayList<>();
		for (StaticFile file : FILES) {
			int fetch = (file.size() >= LARGE_FILE_BYTES) ? Math.min(connections, LARGE_FILE_CONNECTIONS) : connections;
			cases.add(new Case(Experiment.STATIC, file.label(), file.probe(), fetch, 1, rounds, servers));
			cases.add(new Case(Experiment.STATIC, Revalidation.label(file.label()), Revalidation.of(file.probe()),
					connections, 1, rounds, servers));
		}
		return cases;
	}

	/**
	 * One file of the experiment.
	 *
	 * @param label its name in the report
	 * @param name its file name, and path under {@code /}
	 * @param size its size in bytes
	 */
	record StaticFile(String label, String name, int size) {

		/**
		 * The file's bytes: pseudo-random, from a fixed seed and the size.
		 * @return the bytes
		 */
		byte[] bytes() {
			byte[] bytes = new byte[this.size];
			new SplittableRandom(SEED + this.size).nextBytes(bytes);
			return bytes;
		}

		/**
		 * The plain {@code GET} and its answer: 200 with the file's bytes, whatever the
		 * content type each server picks for {@code .bin}.
		 * @return the probe
		 */
		Probe probe() {
			return new Probe(Request.get("/" + this.name), new ExpectedResponse(200, null, bytes(), Map.of()));
		}

	}

}
