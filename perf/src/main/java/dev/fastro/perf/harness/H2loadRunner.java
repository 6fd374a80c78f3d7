package dev.fastro.perf.harness;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@code h2load} (Debian's {@code nghttp2-client}) for the HTTP/2 protocols, the way
 * {@link WrkRunner} runs wrk: one thread ({@code -t1}), pinned to the client's core with
 * {@code taskset}, {@code -c} connections each with one stream at a time ({@code -m1}),
 * the HTTP/2 counterpart of wrk's one request per connection, for {@code -D} seconds. It
 * speaks h2c by prior knowledge to an {@code http} address and negotiates h2 through ALPN
 * with an {@code https} one; a run that ends up on anything but HTTP/2 fails. A body goes
 * from a file with {@code -d}, its content type and any further header with {@code -H}.
 */
public final class H2loadRunner extends LoadGenerator {

	/** Streams each connection keeps open at once. */
	static final int STREAMS_PER_CONNECTION = 1;

	private final int cpu;

	private final Path dataDirectory;

	/**
	 * Creates a runner.
	 * @param cpu the core h2load is pinned to
	 * @param dataDirectory where request bodies are written for {@code -d}
	 */
	public H2loadRunner(int cpu, Path dataDirectory) {
		this.cpu = cpu;
		this.dataDirectory = dataDirectory;
	}

	@Override
	protected Process start(URI base, Load load, int connections, int seconds) throws IOException {
		return new ProcessBuilder(command(base, load, connections, seconds)).redirectErrorStream(true).start();
	}

	/**
	 * The command line of one run.
	 * @param base the server's base URI
	 * @param load the request; random ids and pipelining are wrk's alone
	 * @param connections how many connections
	 * @param seconds how long
	 * @return the command
	 * @throws IOException if the body's file cannot be written
	 */
	List<String> command(URI base, Load load, int connections, int seconds) throws IOException {
		Request request = load.request();
		if (request.ids() != null || load.pipelined()) {
			throw new IllegalArgumentException("h2load sends a fixed request, one per stream: " + load);
		}
		List<String> command = new ArrayList<>(List.of("taskset", "-c", Integer.toString(this.cpu), "h2load", "-t1",
				"-c" + connections, "-m" + STREAMS_PER_CONNECTION, "-D", seconds + "s"));
		if (request.body().length > 0) {
			Path data = Files.createTempFile(this.dataDirectory, "h2load-", ".body");
			Files.write(data, request.body());
			command.addAll(List.of("-d", data.toString()));
		}
		else if (!request.method().equals("GET")) {
			throw new IllegalArgumentException("h2load sends GET, or POST with -d: " + request);
		}
		if (request.contentType() != null) {
			command.addAll(List.of("-H", "content-type: " + request.contentType()));
		}
		request.headers().forEach((name, value) -> command.addAll(List.of("-H", name + ": " + value)));
		command.add(base.resolve(request.target()).toString());
		return command;
	}

	@Override
	protected WrkResult finish(Process process, int seconds) throws IOException, InterruptedException {
		String output = output(process, seconds, "h2load");
		String protocol = H2loadOutput.applicationProtocol(output);
		if (protocol == null || !protocol.startsWith("h2")) {
			throw new IOException("h2load did not speak HTTP/2 (application protocol " + protocol + "):\n" + output);
		}
		try {
			return H2loadOutput.parse(output);
		}
		catch (IllegalArgumentException ex) {
			throw new IOException("h2load exited with " + process.exitValue() + ": " + ex.getMessage(), ex);
		}
	}

}
