package dev.fastro.perf;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

/**
 * What every comparison server serves besides the five scenarios, in one place so the
 * servers and the harness cannot drift apart.
 */
public final class Workload {

	/**
	 * The exact content type of every text answer (Spring's MediaType would print it
	 * differently).
	 */
	public static final String TEXT_PLAIN = "text/plain; charset=utf-8";

	/** The content type of the JSON answer. */
	public static final String APPLICATION_JSON = "application/json";

	/**
	 * The middleware counts of the middleware scaling experiment: one route per count.
	 */
	public static final List<Integer> MIDDLEWARE_COUNTS = List.of(0, 1, 5, 10, 25);

	/** The answer of the middleware scaling routes. */
	public static final String MIDDLEWARE_SCALING_BODY = "Hello world!";

	/** The path of the compression experiment's JSON answer. */
	public static final String COMPRESS_PATH = "/compress";

	/**
	 * The compression experiment's answer: 10 KiB of JSON, a list of user records whose
	 * values vary as real ones do, so it compresses like an API's answer rather than like
	 * one string repeated.
	 */
	public static final String COMPRESSIBLE_JSON = compressibleJson(10 * 1024);

	/**
	 * The path of the upload bench's route: {@code POST} a body of any length, streamed,
	 * and the server answers {@link #uploadAnswer(long, MessageDigest)}.
	 */
	public static final String UPLOAD_PATH = "/upload";

	/**
	 * The largest body the upload route takes: 2 GiB, above the bench's 1 GiB and far
	 * above any server's body limit for whole bodies.
	 */
	public static final long UPLOAD_LIMIT = 2L << 30;

	/** The digest every server computes over an uploaded body. */
	public static final String UPLOAD_DIGEST = "SHA-256";

	/**
	 * The path of the live experiments' WebSocket, which echoes every message: of the
	 * same kind, with the same payload.
	 */
	public static final String WEBSOCKET_PATH = "/ws/echo";

	/**
	 * The path of the live experiments' server-sent events: every subscriber gets the
	 * events of one shared ticker, {@link #event(long)}, one every
	 * {@link #EVENT_INTERVAL}.
	 */
	public static final String EVENTS_PATH = "/events";

	/** How often the shared ticker of {@link #EVENTS_PATH} sends an event. */
	public static final Duration EVENT_INTERVAL = Duration.ofSeconds(1);

	/**
	 * The path of the overload experiment's blocking route, which answers
	 * {@link #work()}.
	 */
	public static final String WORK_PATH = "/work";

	/**
	 * How many times {@link #work()} hashes {@link #WORK_BLOCK}: 2.25 MiB, about 1.5 ms
	 * of one core (the JDK's SHA-256 intrinsic hashes about 1.6 GB/s on the AMD EPYC of
	 * the committed reports), a fixed amount of work, not of time, so a server short of
	 * CPU takes longer per request rather than doing less.
	 */
	public static final int WORK_ROUNDS = 36;

	/** The block {@link #work()} hashes: 64 KiB of zeros, read only. */
	private static final byte[] WORK_BLOCK = new byte[64 * 1024];

	/**
	 * The answer of {@link #WORK_PATH}: the SHA-256 digest, in lowercase hex, of
	 * {@link #WORK_ROUNDS} times 64 KiB of zeros.
	 */
	public static final String WORK_ANSWER = work();

	private Workload() {
	}

	/**
	 * The path of the route that carries {@code count} pass-through middlewares.
	 * @param count how many middlewares the route has
	 * @return the path, for example {@code /mw/5}
	 */
	public static String middlewarePath(int count) {
		return "/mw/" + count;
	}

	/**
	 * The static prefix of the {@code index}-th generated route of the route-count
	 * experiment; the route is this prefix followed by an {@code id} parameter, and
	 * answers {@code "User " + id}.
	 * @param index the route's index, from 0
	 * @return the prefix, for example {@code /r42/user/}
	 */
	public static String generatedRoutePrefix(int index) {
		return "/r" + index + "/user/";
	}

	/**
	 * A new digest for an uploaded body.
	 * @return a SHA-256 digest
	 */
	public static MessageDigest uploadDigest() {
		try {
			return MessageDigest.getInstance(UPLOAD_DIGEST);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every JDK has " + UPLOAD_DIGEST, ex);
		}
	}

	/**
	 * The upload route's answer, {@code text/plain}: the body's length in bytes and its
	 * SHA-256 digest in lowercase hex, such as {@code 1073741824 5f3c...}.
	 * @param length how many bytes the body had
	 * @param digest the digest that saw them all; it is finished (and reset) here
	 * @return the answer
	 */
	public static String uploadAnswer(long length, MessageDigest digest) {
		return length + " " + HexFormat.of().formatHex(digest.digest());
	}

	/**
	 * The overload experiment's CPU work, done anew on every call: hashes 64 KiB of zeros
	 * {@link #WORK_ROUNDS} times with SHA-256.
	 * @return the digest in lowercase hex, always {@link #WORK_ANSWER}
	 */
	public static String work() {
		MessageDigest digest = uploadDigest();
		for (int i = 0; i < WORK_ROUNDS; i++) {
			digest.update(WORK_BLOCK);
		}
		return HexFormat.of().formatHex(digest.digest());
	}

	/**
	 * The data of the ticker's event number {@code tick}.
	 * @param tick the event's number, from 0
	 * @return the data, such as {@code tick 42}
	 */
	public static String event(long tick) {
		return "tick " + tick;
	}

	/**
	 * A JSON array of user records, cut to exactly {@code size} bytes by the length of
	 * the last record's {@code note}.
	 */
	private static String compressibleJson(int size) {
		String[] names = { "ada", "grace", "linus", "barbara", "ken", "margaret", "dennis", "frances" };
		String[] roles = { "\"reader\"", "\"reader\",\"writer\"", "\"admin\"" };
		StringBuilder json = new StringBuilder("[");
		String end = "\"}]";
		for (int id = 1;; id++) {
			String name = names[id % names.length];
			String record = "{\"id\":" + id + ",\"name\":\"" + name + " " + (id * 7919 % 1000) + "\",\"email\":\""
					+ name + id + "@example.com\",\"active\":" + (id % 3 != 0) + ",\"roles\":["
					+ roles[id % roles.length] + "],\"score\":" + (id * 37 % 101) + ",\"note\":\"";
			int room = size - json.length() - record.length() - end.length();
			// Room for at least one more full record, or the end.
			if (room < 200) {
				return json.append(record).append("x".repeat(Math.max(room, 0))).append(end).toString();
			}
			json.append(record).append("user since ").append(2000 + id % 25).append("\"},");
		}
	}

}
