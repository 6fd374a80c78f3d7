package dev.fastro.demo.proxy;

import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.JSON;

/**
 * Clients that send GETs to {@code /proxy/echo} over keep-alive connections to a proxy,
 * each on its own thread, one request after another, each with an id of its own, until
 * they have sent as many as asked, run out of time, or are stopped. Every request that
 * does not end in a 2xx {@link Echo} of its own id is a failure, counted by kind in a
 * {@link LoadTally}; the connection is opened again after it, and after a
 * {@code connection: close}.
 */
final class LoadClient {

	/**
	 * A proxy that holds a request longer than this (while it retries, say) has failed
	 * it.
	 */
	private static final Duration READ_TIMEOUT = Duration.ofSeconds(5);

	private final int port;

	private final List<Thread> threads = new ArrayList<>();

	private final AtomicInteger left;

	private final long deadline;

	private final AtomicBoolean stopped = new AtomicBoolean();

	private final LoadTally tally = new LoadTally();

	private LoadClient(int port, int requests, Duration max) {
		this.port = port;
		this.left = new AtomicInteger(requests);
		this.deadline = System.nanoTime() + max.toNanos();
	}

	/**
	 * Starts {@code connections} clients of {@code port} that send {@code requests}
	 * requests between them, for at most {@code max}.
	 */
	static LoadClient start(int port, int connections, int requests, Duration max) {
		LoadClient load = new LoadClient(port, requests, max);
		for (int i = 0; i < connections; i++) {
			String client = "c" + i;
			Thread thread = new Thread(() -> load.run(client), "load-" + client);
			thread.setDaemon(true);
			load.threads.add(thread);
			thread.start();
		}
		return load;
	}

	/** What was counted so far. */
	LoadTally tally() {
		return this.tally;
	}

	/** Tells the clients to stop after their current request, and waits for them. */
	LoadTally stop() throws InterruptedException {
		this.stopped.set(true);
		return awaitEnd();
	}

	/** Waits for the clients to have sent every request or run out of time. */
	LoadTally awaitEnd() throws InterruptedException {
		for (Thread thread : this.threads) {
			thread.join();
		}
		return this.tally;
	}

	private boolean goOn() {
		return !this.stopped.get() && System.nanoTime() - this.deadline < 0 && this.left.getAndDecrement() > 0;
	}

	private void run(String client) {
		RawHttp connection = null;
		for (long n = 0; goOn(); n++) {
			String id = client + "-" + n;
			try {
				if (connection == null) {
					connection = new RawHttp(this.port, READ_TIMEOUT);
				}
				RawResponse response = connection.send(rawRequest("GET", "/proxy/echo?id=" + id)).read();
				this.tally.answered(id, response.status(),
						(response.status() / 100 == 2) ? JSON.readValue(response.body(), Echo.class) : null);
				if ("close".equalsIgnoreCase(response.header("connection"))) {
					connection = closed(connection);
				}
			}
			catch (SocketTimeoutException ex) {
				this.tally.failed(LoadTally.Failure.TIMEOUT, id, ex);
				connection = closed(connection);
			}
			catch (EOFException ex) {
				this.tally.failed(LoadTally.Failure.CLOSED_WITHOUT_ANSWER, id, ex);
				connection = closed(connection);
			}
			catch (IOException ex) {
				this.tally.failed(LoadTally.Failure.RESET, id, ex);
				connection = closed(connection);
			}
			catch (AssertionError ex) {
				this.tally.failed(LoadTally.Failure.MALFORMED_ANSWER, id, ex);
				connection = closed(connection);
			}
		}
		closed(connection);
	}

	private static RawHttp closed(RawHttp connection) {
		if (connection != null) {
			try {
				connection.close();
			}
			catch (IOException ex) {
				// Closing a connection that failed: nothing more to learn from it.
			}
		}
		return null;
	}

}
