package dev.fastro.perf.harness;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The Lua scripts run by real wrk against a small server that records every path it is
 * asked for: the random ids have the distributions they are meant to have, and pipelined
 * runs count requests exactly. Needs wrk, and is skipped without it, like
 * {@link PerfSmokeTest}.
 */
class WrkScriptRunTest {

	private static final int IDS = 1_000_000;

	@TempDir
	Path scripts;

	private final ConcurrentLinkedQueue<String> paths = new ConcurrentLinkedQueue<>();

	private final List<Socket> connections = new ArrayList<>();

	private ServerSocket server;

	@BeforeEach
	void start() throws IOException {
		String missing = Prerequisites.missing();
		assumeTrue(missing == null, () -> "Skipped, wrk cannot run: " + missing);
		this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		Thread acceptor = new Thread(this::accept, "recording-server");
		acceptor.setDaemon(true);
		acceptor.start();
	}

	@AfterEach
	void stop() throws IOException {
		if (this.server != null) {
			this.server.close();
		}
		synchronized (this.connections) {
			for (Socket socket : this.connections) {
				socket.close();
			}
		}
	}

	@Test
	void zipfIdsComeWithProbabilityOneOverKTimesTheHarmonicNumber() throws Exception {
		WrkResult result = run(Scenario.URL_PARAMS_ZIPF, 1);
		List<Long> ids = ids();
		assertThat(ids).hasSizeGreaterThan(2_000).allSatisfy(id -> assertThat(id).isBetween(1L, (long) IDS));
		double harmonic = harmonic(IDS);
		// P(1) = 1/H(1e6) = 6.9%; P(id <= 1000) = H(1000)/H(1e6) = 52.0%.
		assertThat(fraction(ids, 1)).isCloseTo(1 / harmonic, within(0.02));
		assertThat(fraction(ids, 1000)).isCloseTo(harmonic(1000) / harmonic, within(0.05));
		assertThat(fraction(ids, IDS / 2)).isCloseTo(harmonic(IDS / 2) / harmonic, within(0.03));
		assertThat(result.valid()).isTrue();
	}

	@Test
	void uniformIdsPipelinedSpreadOverAllIdsAndAreCountedExactly() throws Exception {
		WrkResult result = run(Scenario.URL_PARAMS_UNIFORM, 16);
		List<Long> ids = ids();
		assertThat(ids).hasSizeGreaterThan(2_000).allSatisfy(id -> assertThat(id).isBetween(1L, (long) IDS));
		assertThat(fraction(ids, IDS / 2)).isCloseTo(0.5, within(0.05));
		assertThat(fraction(ids, IDS / 10)).isCloseTo(0.1, within(0.03));
		// n uniform draws from N ids hit N(1 - e^(-n/N)) distinct ones on average: no
		// batch repeats itself.
		double distinct = IDS * (1 - Math.exp(-ids.size() / (double) IDS));
		assertThat((double) new HashSet<>(ids).size()).isCloseTo(distinct, within(distinct * 0.02));
		// wrk counts every answer of a batch; the server saw those and at most the
		// unanswered batches.
		assertThat(result.requests()).isBetween(ids.size() - 4L * 16, (long) ids.size());
		assertThat(result.valid()).isTrue();
	}

	@Test
	void aFixedRequestPipelinedIsCountedExactly() throws Exception {
		WrkResult result = run(Scenario.URL_PARAMS, 16);
		assertThat(this.paths).allMatch(path -> path.equals("/user/123"));
		assertThat(result.requests()).isBetween(this.paths.size() - 4L * 16, (long) this.paths.size());
		assertThat(result.requests()).isGreaterThan(2_000);
	}

	private WrkResult run(Scenario scenario, int pipeline) throws Exception {
		WrkRunner wrk = new WrkRunner(0, this.scripts);
		return wrk.run(URI.create("http://127.0.0.1:" + this.server.getLocalPort()),
				new Load(scenario.probe(), pipeline), 4, 1);
	}

	private List<Long> ids() {
		List<Long> ids = new ArrayList<>();
		for (String path : this.paths) {
			assertThat(path).startsWith("/user/");
			ids.add(Long.parseLong(path.substring("/user/".length())));
		}
		return ids;
	}

	private static double fraction(List<Long> ids, long atMost) {
		return ids.stream().filter(id -> id <= atMost).count() / (double) ids.size();
	}

	private static double harmonic(int n) {
		double sum = 0;
		for (int k = 1; k <= n; k++) {
			sum += 1.0 / k;
		}
		return sum;
	}

	private void accept() {
		while (!this.server.isClosed()) {
			try {
				Socket socket = this.server.accept();
				synchronized (this.connections) {
					this.connections.add(socket);
				}
				Thread connection = new Thread(() -> serve(socket), "recording-connection");
				connection.setDaemon(true);
				connection.start();
			}
			catch (IOException closed) {
				return;
			}
		}
	}

	/**
	 * Answers GETs in order, one connection at a time, flushing once the pipelined batch
	 * is read.
	 */
	private void serve(Socket socket) {
		try (socket) {
			InputStream in = new BufferedInputStream(socket.getInputStream());
			OutputStream out = new BufferedOutputStream(socket.getOutputStream());
			while (true) {
				String requestLine = line(in);
				if (requestLine == null) {
					return;
				}
				for (String header = line(in); header != null && !header.isEmpty(); header = line(in)) {
					// GETs only: no body to skip.
				}
				String path = requestLine.split(" ")[1];
				this.paths.add(path);
				byte[] body = ("User " + path.substring(path.lastIndexOf('/') + 1)).getBytes(StandardCharsets.UTF_8);
				out.write(("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: " + body.length + "\r\n\r\n")
					.getBytes(StandardCharsets.ISO_8859_1));
				out.write(body);
				if (in.available() == 0) {
					out.flush();
				}
			}
		}
		catch (IOException closed) {
			// wrk went away.
		}
	}

	private static String line(InputStream in) throws IOException {
		StringBuilder line = new StringBuilder();
		for (int b = in.read(); b != '\n'; b = in.read()) {
			if (b < 0) {
				return null;
			}
			if (b != '\r') {
				line.append((char) b);
			}
		}
		return line.toString();
	}

}
