package dev.fastro.demo.proxy;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;

/**
 * What a {@link LoadClient} counted: requests sent, answered with a 2xx (by the instance
 * that answered), and failed, by kind, with the first few failures described; and the
 * connections of the proxy to Fastro the answers came over.
 */
final class LoadTally {

	/** How many failures are described, beyond being counted. */
	private static final int DESCRIBED = 20;

	private final long started = System.nanoTime();

	private final LongAdder sent = new LongAdder();

	private final Map<String, LongAdder> okByInstance = new ConcurrentHashMap<>();

	private final Map<Failure, LongAdder> failures = new EnumMap<>(Failure.class);

	private final Set<String> upstreamConnections = ConcurrentHashMap.newKeySet();

	private final List<String> described = new CopyOnWriteArrayList<>();

	LoadTally() {
		for (Failure failure : Failure.values()) {
			this.failures.put(failure, new LongAdder());
		}
	}

	/** The request {@code id} was answered {@code status}, with {@code echo} if a 2xx. */
	void answered(String id, int status, Echo echo) {
		this.sent.increment();
		if (echo == null) {
			count(Failure.ERROR_STATUS, id, "status " + status);
		}
		else if (!id.equals(echo.id())) {
			count(Failure.WRONG_ANSWER, id, "answered " + echo);
		}
		else {
			this.okByInstance.computeIfAbsent(echo.instance(), (instance) -> new LongAdder()).increment();
			this.upstreamConnections.add(echo.client() + ":" + echo.clientPort());
		}
	}

	/** The request {@code id} got no answer. */
	void failed(Failure failure, String id, Throwable cause) {
		this.sent.increment();
		count(failure, id, cause.toString());
	}

	private void count(Failure failure, String id, String what) {
		this.failures.get(failure).increment();
		if (this.described.size() < DESCRIBED) {
			long millis = (System.nanoTime() - this.started) / 1_000_000;
			this.described.add(millis + " ms: " + id + " " + failure + ": " + what);
		}
	}

	long sent() {
		return this.sent.sum();
	}

	long ok() {
		return this.okByInstance.values().stream().mapToLong(LongAdder::sum).sum();
	}

	/** The 2xx answers each instance gave. */
	Map<String, Long> okByInstance() {
		return this.okByInstance.entrySet()
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, (entry) -> entry.getValue().sum(), Long::sum, TreeMap::new));
	}

	long failed() {
		return this.failures.values().stream().mapToLong(LongAdder::sum).sum();
	}

	/**
	 * The distinct connections of the proxy to Fastro that carried the 2xx answers, as
	 * Fastro saw their peers: meaningful behind a proxy that sends no forwarded headers.
	 */
	int upstreamConnections() {
		return this.upstreamConnections.size();
	}

	/** The first failures, described. */
	List<String> describedFailures() {
		return List.copyOf(this.described);
	}

	@Override
	public String toString() {
		String kinds = this.failures.entrySet()
			.stream()
			.map((entry) -> entry.getKey().name().toLowerCase() + " " + entry.getValue().sum())
			.collect(Collectors.joining(", "));
		return "sent " + sent() + ", 2xx " + ok() + " " + okByInstance() + ", failed " + failed() + " (" + kinds + ")";
	}

	/** Why a request failed. */
	enum Failure {

		/** Answered, but not with a 2xx. */
		ERROR_STATUS,
		/** Answered with another request's echo. */
		WRONG_ANSWER,
		/** The connection was reset, or could not be opened. */
		RESET,
		/** The connection ended before the answer did. */
		CLOSED_WITHOUT_ANSWER,
		/** No answer within the client's read timeout. */
		TIMEOUT,
		/** Something came back that was no well-formed HTTP/1.1 answer. */
		MALFORMED_ANSWER

	}

}
