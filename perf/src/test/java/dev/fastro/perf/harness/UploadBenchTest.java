package dev.fastro.perf.harness;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The upload bench's servers on a small body, so that the bench cannot rot: native
 * Reactor Netty, Fastro and raw Netty, each in its own JVM started as the bench starts it
 * (its 64 MB heap, raw Netty's upload handler), take 4 MiB with a {@code content-length}
 * and chunked from the bench's client, and answer its length and SHA-256 digest. The
 * three start at once, so the test takes about one Spring Boot start.
 */
class UploadBenchTest {

	private static final List<ServerKind> SERVERS = List.of(ServerKind.NATIVE, ServerKind.FASTRO, ServerKind.RAW);

	@TempDir
	Path logs;

	@Test
	@Timeout(60)
	void everyServerHashesASmallUploadWhateverItsFraming() throws Exception {
		UploadOptions options = UploadOptions.parse(List.of(), this.logs);
		UploadBody body = new UploadBody(4 << 20);
		List<String> flags = new ArrayList<>(UploadBench.serverFlags(options, this.logs));
		flags.add("-XX:TieredStopAtLevel=1");
		List<ServerProcess> servers = new ArrayList<>();
		try {
			for (ServerKind kind : SERVERS) {
				servers.add(ServerProcess.start(new ServerSpec(kind, 0), flags, UploadOptions.serverArguments(kind),
						freePort(), System.getProperty("java.class.path"), this.logs, null, null));
			}
			for (ServerProcess server : servers) {
				server.awaitReady(Duration.ofSeconds(50));
				for (UploadFraming framing : UploadFraming.values()) {
					UploadResult result = UploadClient.upload(server.baseUri().getPort(), body, framing,
							Duration.ofSeconds(10));
					assertThat(result.problem(body.expectedAnswer()))
						.as("%s, %s: %s", server.label(), framing.id(), server.logTail())
						.isNull();
					assertThat(result.answer()).startsWith("4194304 ");
				}
			}
		}
		finally {
			servers.forEach(ServerProcess::stop);
		}
	}

	private static int freePort() throws Exception {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
