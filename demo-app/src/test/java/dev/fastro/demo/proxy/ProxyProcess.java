package dev.fastro.demo.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * nginx or HAProxy, run by a test from a configuration template under
 * {@code src/test/resources/proxy/}: its {@code @name@} placeholders are filled in
 * ({@code @dir@}, the proxy's own directory, always), the proxy is started in the
 * foreground, and it counts as started once it accepts connections on every port it was
 * given. A machine without the proxy skips the test, naming the Debian package.
 */
final class ProxyProcess implements AutoCloseable {

	private static final Pattern PLACEHOLDER = Pattern.compile("@([A-Za-z]+)@");

	private static final List<String> SBIN = List.of("/usr/sbin", "/usr/local/sbin", "/sbin");

	private final String name;

	private final Process process;

	private final Path directory;

	private final Path output;

	private ProxyProcess(String name, Process process, Path directory, Path output) {
		this.name = name;
		this.process = process;
		this.directory = directory;
		this.output = output;
	}

	/**
	 * Starts nginx from {@code template} in {@code directory}, and waits until it listens
	 * on {@code ports}.
	 * @param values the placeholders' values, {@code @dir@} aside
	 */
	static ProxyProcess nginx(Path directory, String template, Map<String, Object> values, int... ports) {
		Path nginx = installed("nginx");
		Path config = render(template, directory, values);
		// As root, nginx's workers would run as nobody, who cannot enter the test's
		// directory; anyone else's run as themselves.
		String global = "daemon off;" + ("root".equals(System.getProperty("user.name")) ? " user root;" : "");
		return start("nginx", directory, ports, nginx.toString(), "-p", directory.toString(), "-e",
				directory.resolve("error.log").toString(), "-c", config.toString(), "-g", global);
	}

	/**
	 * Starts HAProxy from {@code template} in {@code directory}, and waits until it
	 * listens on {@code ports}; its log goes to standard output, kept in
	 * {@link #output()}.
	 * @param values the placeholders' values, {@code @dir@} aside
	 */
	static ProxyProcess haproxy(Path directory, String template, Map<String, Object> values, int... ports) {
		Path haproxy = installed("haproxy");
		Path config = render(template, directory, values);
		return start("haproxy", directory, ports, haproxy.toString(), "-f", config.toString(), "-db");
	}

	private static Path installed(String name) {
		String path = System.getenv("PATH");
		Stream<String> directories = Stream.concat((path != null) ? Stream.of(path.split(":")) : Stream.empty(),
				SBIN.stream());
		Path binary = directories.map((directory) -> Path.of(directory, name))
			.filter(Files::isExecutable)
			.findFirst()
			.orElse(null);
		assumeTrue(binary != null, () -> name + " not found: apt-get install " + name + " (.ci/run installs it)");
		return binary;
	}

	private static Path render(String template, Path directory, Map<String, Object> values) {
		String text;
		try (InputStream in = ProxyProcess.class.getResourceAsStream("/proxy/" + template)) {
			assertThat(in).as("template proxy/%s", template).isNotNull();
			text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		text = text.replace("@dir@", directory.toString());
		for (Map.Entry<String, Object> value : values.entrySet()) {
			text = text.replace("@" + value.getKey() + "@", String.valueOf(value.getValue()));
		}
		assertThat(PLACEHOLDER.matcher(text).results().map(MatchResult::group))
			.as("placeholders of proxy/%s without a value", template)
			.isEmpty();
		Path config = directory.resolve(template);
		try {
			Files.writeString(config, text);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return config;
	}

	private static ProxyProcess start(String name, Path directory, int[] ports, String... command) {
		Path output = directory.resolve(name + ".out");
		Process process;
		try {
			process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		ProxyProcess proxy = new ProxyProcess(name, process, directory, output);
		List<Integer> waiting = new ArrayList<>();
		for (int port : ports) {
			waiting.add(port);
		}
		await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20)).untilAsserted(() -> {
			assertThat(process.isAlive()).as("%s running; it printed:\n%s", name, proxy.outputText()).isTrue();
			waiting.removeIf(ProxyProcess::accepts);
			assertThat(waiting).as("ports %s does not listen on yet", name).isEmpty();
		});
		return proxy;
	}

	private static boolean accepts(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	/** The directory the proxy's configuration, logs and temporary files are in. */
	Path directory() {
		return this.directory;
	}

	/** Where the proxy's standard output and error go: HAProxy's log. */
	Path output() {
		return this.output;
	}

	/** Everything the proxy printed so far. */
	String outputText() {
		return read(this.output);
	}

	/** The lines of a file the proxy writes in its directory, such as a log. */
	static List<String> lines(Path file) {
		return read(file).lines().toList();
	}

	private static String read(Path file) {
		try {
			return Files.exists(file) ? Files.readString(file, StandardCharsets.ISO_8859_1) : "";
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Stops the proxy at once (SIGTERM) and waits for it to end. */
	@Override
	public void close() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
			this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

	@Override
	public String toString() {
		return this.name;
	}

}
