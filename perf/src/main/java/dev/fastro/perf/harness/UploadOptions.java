package dev.fastro.perf.harness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The options of {@code perf/upload}.
 *
 * @param rounds rounds: each server starts anew, warms up and is measured once per
 * framing in every round
 * @param bytes the measured body's length
 * @param warmupSeconds how long each server is warmed up with smaller uploads before it
 * is measured; 0 for none
 * @param servers the servers, in the order of the first round
 * @param framings the framings measured, in the order of the first round
 * @param heap the servers' fixed heap, as {@code -Xmx} takes it
 * @param outputDirectory where the report and the CSV go
 * @param serverCpu the core the servers are pinned to
 * @param clientCpu the core the client is pinned to
 */
public record UploadOptions(int rounds, long bytes, int warmupSeconds, List<ServerKind> servers,
		List<UploadFraming> framings, String heap, Path outputDirectory, int serverCpu, int clientCpu) {

	/** The body of the bench: 1 GiB. */
	static final long GIB = 1L << 30;

	/** The servers that serve the upload route: the references and Fastro's app. */
	static final Set<ServerKind> UPLOAD_SERVERS = Set.of(ServerKind.NATIVE, ServerKind.RAW, ServerKind.FASTRO,
			ServerKind.FASTRO_REACTOR_NETTY, ServerKind.FASTRO_NO_LEAK_DETECTION);

	/** The usage text of {@code perf/upload --help}. */
	public static final String USAGE = """
			Usage: perf/upload [options]
			  --rounds N        rounds; each server starts anew in every round (default 5)
			  --mib N           the measured body, in MiB (default 1024: 1 GiB)
			  --warmup S        seconds of 256 MiB uploads to each server before it is measured (default 5)
			  --servers LIST    comma-separated: native,fastro,raw, and fastro-reactor-netty,
			                    fastro-no-leak-detection (default native,fastro,raw)
			  --framings LIST   comma-separated: content-length,chunked (default both)
			  --heap SIZE       the servers' fixed heap, -Xms and -Xmx (default 64m)
			  --out DIR         where BENCHMARK.md and upload-results.csv go (default perf/streamed-upload)
			  --server-cpu N    the servers' core (default 1)
			  --client-cpu N    the upload client's core (default 0)
			""";

	/**
	 * Parses {@code perf/upload}'s arguments.
	 * @param args the arguments
	 * @param perfDirectory the perf module's directory, under which the report goes by
	 * default
	 * @return the options
	 * @throws IllegalArgumentException for an unknown or malformed option
	 */
	public static UploadOptions parse(List<String> args, Path perfDirectory) {
		int rounds = 5;
		long bytes = GIB;
		int warmup = 5;
		List<ServerKind> servers = List.of(ServerKind.NATIVE, ServerKind.FASTRO, ServerKind.RAW);
		List<UploadFraming> framings = List.of(UploadFraming.CONTENT_LENGTH, UploadFraming.CHUNKED);
		String heap = "64m";
		Path out = perfDirectory.resolve("streamed-upload");
		int serverCpu = 1;
		int clientCpu = 0;
		for (int i = 0; i < args.size(); i++) {
			String option = args.get(i);
			if (i + 1 >= args.size()) {
				throw new IllegalArgumentException(option + " needs a value\n" + USAGE);
			}
			String value = args.get(++i);
			switch (option) {
				case "--rounds" -> rounds = positive(option, value);
				case "--mib" -> bytes = positive(option, value) * (1L << 20);
				case "--warmup" -> warmup = Integer.parseInt(value);
				case "--servers" -> servers = servers(value);
				case "--framings" -> framings = list(value).stream().map(UploadFraming::fromId).distinct().toList();
				case "--heap" -> heap = value;
				case "--out" -> out = Path.of(value);
				case "--server-cpu" -> serverCpu = Integer.parseInt(value);
				case "--client-cpu" -> clientCpu = Integer.parseInt(value);
				default -> throw new IllegalArgumentException("unknown option " + option + "\n" + USAGE);
			}
		}
		return new UploadOptions(rounds, bytes, warmup, servers, framings, heap, out, serverCpu, clientCpu);
	}

	private static List<ServerKind> servers(String value) {
		Set<ServerKind> servers = new LinkedHashSet<>();
		for (String id : list(value)) {
			ServerKind kind = ServerKind.fromId(id);
			if (!UPLOAD_SERVERS.contains(kind)) {
				throw new IllegalArgumentException(kind.id() + " has no upload route; expected some of "
						+ UPLOAD_SERVERS.stream().map(ServerKind::id).sorted().toList());
			}
			servers.add(kind);
		}
		return List.copyOf(servers);
	}

	private static List<String> list(String value) {
		List<String> items = new ArrayList<>();
		for (String item : value.split(",")) {
			if (!item.isBlank()) {
				items.add(item.trim());
			}
		}
		if (items.isEmpty()) {
			throw new IllegalArgumentException("an empty list: '" + value + "'");
		}
		return items;
	}

	private static int positive(String option, String value) {
		int number = Integer.parseInt(value);
		if (number < 1) {
			throw new IllegalArgumentException(option + " must be at least 1, not " + value);
		}
		return number;
	}

	/**
	 * The arguments a server needs beyond its usual ones to serve the upload route: raw
	 * Netty adds its upload handler only when asked, so the scenarios' pipeline stays as
	 * it is.
	 * @param kind the server
	 * @return the arguments
	 */
	static List<String> serverArguments(ServerKind kind) {
		return (kind == ServerKind.RAW) ? List.of("--upload=true") : List.of();
	}

}
