package dev.fastro.demo.hardening;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import dev.fastro.demo.DemoApplication;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.boot.test.context.TestComponent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;

import static dev.fastro.demo.hardening.HostileAssertions.assertServing;
import static dev.fastro.test.TestHttp.PROBLEM_JSON;
import static dev.fastro.test.TestHttp.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random bytes, and valid requests randomly mutated (methods, targets with random
 * percent-escapes, header names and values, bodies, then flipped, inserted, deleted bytes
 * and truncations), sent over raw sockets to the demo app with the hardening settings.
 * Every answer must be well-formed HTTP/1.1, an error must be a problem, and none may be
 * a server error; no answer (a clean close) is fine. After each, {@code GET /} on a new
 * connection must still answer 200.
 * <p>
 * jqwik does not run JUnit Jupiter extensions, so this class starts the app itself and
 * checks for Netty buffer leaks itself.
 */
class RandomRequestsPropertyTest {

	private static final Set<String> STANDARD_METHODS = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT",
			"OPTIONS", "TRACE", "PATCH");

	private static ConfigurableApplicationContext app;

	private static int port;

	private static List<String> earlierLeaks = List.of();

	@BeforeContainer
	static void start() {
		// Installs the recording leak detector before the server allocates its first
		// buffer; what it finds now leaked before this class, and is reported with
		// this class's leaks.
		earlierLeaks = NettyLeakDetection.collectLeaks();
		String[] args = Arrays.stream(HostileApp.PROPERTIES).map(property -> "--" + property).toArray(String[]::new);
		app = new SpringApplicationBuilder(DemoApplication.class)
			.initializers(context -> context.getBeanFactory()
				.registerSingleton("hostileExcludeTestComponents", new ExcludeTestComponents()))
			.run(args);
		port = app.getEnvironment().getRequiredProperty("local.fastro.port", Integer.class);
	}

	@AfterContainer
	static void stop() {
		if (app != null) {
			app.close();
		}
		List<String> leaks = NettyLeakDetection.collectLeaks();
		if (!leaks.isEmpty() || !earlierLeaks.isEmpty()) {
			throw new AssertionError(leaks.size() + " Netty buffer leak(s) in RandomRequestsPropertyTest, and "
					+ earlierLeaks.size() + " found before it started:\n" + String.join("\n\n", leaks)
					+ (earlierLeaks.isEmpty() ? "" : "\n\nBefore it started:\n" + String.join("\n\n", earlierLeaks)));
		}
	}

	@Property(tries = 2000)
	void everyAnswerIsWellFormedAndNoServerError(@ForAll("hostileRequests") HostileRequest request) throws IOException {
		RawHttp.Received received;
		try (RawHttp wire = new RawHttp(port)) {
			wire.trySend(request.bytes());
			try {
				// Nothing more comes: the server must answer what it could parse, then
				// close.
				wire.shutdownOutput();
			}
			catch (IOException ex) {
				// Already closed by the server.
			}
			received = wire.readUntilClose(Duration.ofSeconds(4));
		}
		assertThat(received.ended()).as("the server ended the connection after our FIN; it sent %s", received.text())
			.isTrue();
		// An HTTP/1.0 request may be answered HTTP/1.0 (Netty echoes the version),
		// anything else HTTP/1.1.
		List<RawResponse> responses = parse(received, request.versionIsHttp10());
		Statistics.label("answer")
			.collect(responses.isEmpty() ? "none" : responses.get(responses.size() - 1).status() / 100 + "xx");
		for (RawResponse response : responses) {
			assertAcceptable(request, response);
		}
		assertServing(() -> new RawHttp(port));
	}

	/**
	 * The responses, strictly parsed; after a reset, a response cut short at the end is
	 * no fault.
	 */
	private static List<RawResponse> parse(RawHttp.Received received, boolean http10) throws IOException {
		if (received.end() == RawHttp.End.EOF) {
			return RawHttp.parseAll(received.bytes(), http10);
		}
		InputStream in = new ByteArrayInputStream(received.bytes());
		List<RawResponse> responses = new ArrayList<>();
		while (in.available() > 0) {
			try {
				responses.add(RawHttp.readResponse(in, false, http10));
			}
			catch (EOFException ex) {
				break;
			}
		}
		return responses;
	}

	private static void assertAcceptable(HostileRequest request, RawResponse response) {
		int status = response.status();
		if (status < 200) {
			assertThat(status).as("interim status").isEqualTo(100);
			return;
		}
		boolean server = status >= 500;
		boolean unknownVersion = status == 505 && !request.versionIsHttp1();
		boolean unknownMethod = status == 501 && !STANDARD_METHODS.contains(request.method());
		assertThat(!server || unknownVersion || unknownMethod)
			.as("status %s is not a server error", response.statusLine())
			.isTrue();
		if (status >= 400) {
			assertThat(response.header("content-type")).as("content-type of %s", response.statusLine())
				.isEqualTo(PROBLEM_JSON);
			assertThat(json(response.bodyString()).get("status").asInt()).as("problem %s", response.bodyString())
				.isEqualTo(status);
		}
	}

	// ---- generators

	/** Bytes sent as one write; shown escaped when a property fails. */
	record HostileRequest(byte[] bytes) {

		/**
		 * The request line, after the empty lines and control characters a server skips
		 * before it.
		 */
		private String firstLine() {
			String text = new String(this.bytes, StandardCharsets.ISO_8859_1);
			int start = 0;
			while (start < text.length()
					&& (Character.isISOControl(text.charAt(start)) || Character.isWhitespace(text.charAt(start)))) {
				start++;
			}
			int end = text.indexOf('\n', start);
			return ((end < 0) ? text.substring(start) : text.substring(start, end)).replace("\r", "");
		}

		String method() {
			String line = firstLine();
			int space = line.indexOf(' ');
			return (space < 0) ? line : line.substring(0, space);
		}

		boolean versionIsHttp10() {
			return firstLine().endsWith(" HTTP/1.0");
		}

		boolean versionIsHttp1() {
			String line = firstLine();
			return line.endsWith(" HTTP/1.1") || line.endsWith(" HTTP/1.0");
		}

		@Override
		public String toString() {
			StringBuilder text = new StringBuilder("\"");
			for (byte b : this.bytes) {
				int c = b & 0xFF;
				switch (c) {
					case '\r' -> text.append("\\r");
					case '\n' -> text.append("\\n");
					case '\t' -> text.append("\\t");
					case '"' -> text.append("\\\"");
					case '\\' -> text.append("\\\\");
					default -> {
						if (c < 0x20 || c >= 0x7F) {
							text.append(String.format("\\x%02X", c));
						}
						else {
							text.append((char) c);
						}
					}
				}
			}
			return text.append("\" (").append(this.bytes.length).append(" bytes)").toString();
		}

	}

	@Provide
	Arbitrary<HostileRequest> hostileRequests() {
		Arbitrary<byte[]> randomBytes = Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(300);
		Arbitrary<byte[]> randomText = Arbitraries.strings()
			.withChars("GETPOSTHDLUAC /:;,.?&=%_-\r\n\t\u0000HTTP/1.019azAZ")
			.ofMinLength(1)
			.ofMaxLength(200)
			.map(RandomRequestsPropertyTest::latin1);
		Arbitrary<byte[]> valid = validRequests();
		Arbitrary<byte[]> mutated = Combinators.combine(valid, mutations().list().ofMinSize(1).ofMaxSize(3))
			.as((bytes, mutations) -> {
				byte[] result = bytes;
				for (Mutation mutation : mutations) {
					result = mutation.apply(result);
				}
				return result;
			});
		return Arbitraries
			.frequencyOf(Tuple.of(1, randomBytes), Tuple.of(1, randomText), Tuple.of(2, valid), Tuple.of(6, mutated))
			.filter(bytes -> bytes.length > 0)
			.map(HostileRequest::new);
	}

	private Arbitrary<byte[]> validRequests() {
		Arbitrary<String> version = Arbitraries.frequencyOf(Tuple.of(20, Arbitraries.just("HTTP/1.1")),
				Tuple.of(2, Arbitraries.just("HTTP/1.0")),
				Tuple.of(1, Arbitraries.of("HTTP/2.0", "HTTP/9.9", "http/1.1", "HTTP/1.1.1", "HTTP/11", "HTTP/")));
		Arbitrary<List<String>> headers = header().list().ofMaxSize(8);
		Arbitrary<Boolean> host = Arbitraries.integers().between(0, 9).map(n -> n > 0);
		return Combinators.combine(method(), target(), version, host, headers, body())
			.as((method, target, v, withHost, lines, body) -> {
				StringBuilder request = new StringBuilder(method).append(' ')
					.append(target)
					.append(' ')
					.append(v)
					.append("\r\n");
				if (withHost) {
					request.append("host: localhost\r\n");
				}
				for (String line : lines) {
					request.append(line).append("\r\n");
				}
				request.append(body);
				return latin1(request.toString());
			});
	}

	private Arbitrary<String> method() {
		return Arbitraries.frequencyOf(Tuple.of(12, Arbitraries.of("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS")),
				Tuple.of(2, Arbitraries.strings().withCharRange('A', 'Z').ofMinLength(1).ofMaxLength(10)),
				Tuple.of(1,
						Arbitraries.strings()
							.withChars("GETPOST!#$%&'*+-.^_`|~@()<>,;:\\\"/[]?={}\t\u0000\u007f\u00e9")
							.ofMinLength(1)
							.ofMaxLength(8)));
	}

	private Arbitrary<String> target() {
		Arbitrary<String> escape = Arbitraries.frequencyOf(
				Tuple.of(4,
						Arbitraries.strings().withChars("0123456789ABCDEFabcdef").ofLength(2).map(hex -> "%" + hex)),
				Tuple.of(2, Arbitraries.of("%zz", "%", "%4", "%G0", "%C0%AF", "%FF", "%00", "%2F", "%25", "%E2%82",
						"%E2%82%AC", "%F0%9F%98%80", "%ED%A0%80", "%C3%A9", "%0D%0A")));
		Arbitrary<String> word = Arbitraries.of("", "user", "users", "query", "json", "files", "async", "greeting",
				"sum", "middleware", "admin", "stats", "reports", "slow", "uploads", "1", "42", "x", ".", "..", "-1",
				"99999999999999999999");
		Arbitrary<String> junk = Arbitraries.strings()
			.withChars("abz09-._~!$&'()*+,;=:@ \"<>[]\\^`{|}\t\u0000\u007f\u00e9\u00ff")
			.ofMaxLength(6);
		Arbitrary<String> segment = Arbitraries.frequencyOf(Tuple.of(6, word), Tuple.of(2, escape), Tuple.of(1, junk),
				Tuple.of(2, Combinators.combine(word, escape).as(String::concat)));
		Arbitrary<String> path = segment.list().ofMaxSize(4).map(segments -> "/" + String.join("/", segments));
		Arbitrary<String> parameter = Combinators
			.combine(Arbitraries.of("name", "a", "b", "p", "x"),
					Arbitraries.frequencyOf(Tuple.of(3, word), Tuple.of(2, escape), Tuple.of(1, junk)))
			.as((name, value) -> name + "=" + value);
		Arbitrary<String> query = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just("")),
				Tuple.of(3, parameter.list().ofMaxSize(4).map(list -> "?" + String.join("&", list))),
				Tuple.of(1, parameter.list().ofMinSize(18).ofMaxSize(26).map(list -> "?" + String.join("&", list))));
		Arbitrary<String> target = Combinators.combine(path, query).as(String::concat);
		return Arbitraries.frequencyOf(Tuple.of(20, target), Tuple.of(1,
				Arbitraries.of("*", "", "http://localhost/user/1", "//x", "user/1", "/" + "a".repeat(1100))));
	}

	private Arbitrary<String> header() {
		Arbitrary<String> name = Arbitraries.frequencyOf(
				Tuple.of(4,
						Arbitraries.of("accept", "x-a", "cookie", "authorization", "content-type", "content-length",
								"transfer-encoding", "expect", "connection", "te", "trailer", "upgrade", "range",
								"if-none-match", "x-forwarded-for")),
				Tuple.of(2, Arbitraries.strings().withChars("abcxyz-_.!#$%&'*+^`|~09").ofMinLength(1).ofMaxLength(12)),
				Tuple.of(1,
						Arbitraries.strings().withChars("ab :;@()<>\"/[]?={}\t\u0000\r\n\u007f\u00e9").ofMaxLength(6)));
		Arbitrary<String> value = Arbitraries.frequencyOf(
				Tuple.of(4,
						Arbitraries.of("", "1", "-1", "0", "100", "99999999999999999999", "chunked", "gzip, chunked",
								"chunked, identity", "100-continue", "close", "keep-alive", "Upgrade", "websocket",
								"h2c", "application/json", "application/x-www-form-urlencoded",
								"text/plain; charset=utf-8", "Bearer demo-token", "bytes=0-1", "a=b; c=d")),
				Tuple.of(2, Arbitraries.strings().ofMaxLength(20).withCharRange(' ', '~')),
				Tuple.of(1,
						Arbitraries.strings().withChars("ab ,;\t\u0000\r\n\u0001\u007f\u00e9\u00ff").ofMaxLength(8)),
				Tuple.of(1, Arbitraries.integers().between(100, 3000).map("v"::repeat)));
		return Combinators.combine(name, value).as((n, v) -> n + ": " + v);
	}

	/** A blank line and a body: none, framed by content-length, or chunked. */
	private Arbitrary<String> body() {
		Arbitrary<String> content = Arbitraries.frequencyOf(
				Tuple.of(3,
						Arbitraries.of("{\"name\":\"n\",\"email\":\"e\"}", "{}", "null", "[1,2]", "a=1&b=2",
								"{\"name\":", "\"x\"", "1e999999999", "{\"name\":\"\\ud800\"}")),
				Tuple.of(1, Arbitraries.strings().ofMaxLength(60).withCharRange(' ', '~')));
		Arbitrary<String> type = Arbitraries.of("content-type: application/json\r\n",
				"content-type: application/x-www-form-urlencoded\r\n", "content-type: text/plain\r\n", "");
		return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just("\r\n")),
				Tuple.of(3,
						Combinators.combine(type, content)
							.as((t, c) -> t + "content-length: " + c.length() + "\r\n\r\n" + c)),
				Tuple.of(2,
						Combinators.combine(type, content)
							.as((t, c) -> t + "transfer-encoding: chunked\r\n\r\n"
									+ (c.isEmpty() ? "" : Integer.toHexString(c.length()) + "\r\n" + c + "\r\n")
									+ "0\r\n\r\n")));
	}

	/**
	 * A change to the bytes of a request, at a position given as a fraction of its
	 * length.
	 */
	private interface Mutation {

		byte[] apply(byte[] bytes);

	}

	private Arbitrary<Mutation> mutations() {
		Arbitrary<Double> at = Arbitraries.doubles().between(0, 1);
		Arbitrary<byte[]> insert = Arbitraries.frequencyOf(
				Tuple.of(3,
						Arbitraries
							.of("\r", "\n", "\u0000", " ", ":", "\r\n", "\r\n\r\n", "%", "\t", " HTTP/1.1", "\r\n ",
									"\r\ncontent-length: 5", "\r\ntransfer-encoding: chunked", "\u00ff")
							.map(RandomRequestsPropertyTest::latin1)),
				Tuple.of(1, Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(4)));
		Arbitrary<Mutation> truncate = at.map(f -> (Mutation) bytes -> Arrays.copyOf(bytes, index(bytes, f)));
		Arbitrary<Mutation> flip = Combinators.combine(at, Arbitraries.bytes()).as((f, b) -> (Mutation) bytes -> {
			byte[] copy = bytes.clone();
			if (copy.length > 0) {
				copy[Math.min(copy.length - 1, index(copy, f))] = b;
			}
			return copy;
		});
		Arbitrary<Mutation> inserted = Combinators.combine(at, insert).as((f, more) -> (Mutation) bytes -> {
			int i = index(bytes, f);
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			out.write(bytes, 0, i);
			out.writeBytes(more);
			out.write(bytes, i, bytes.length - i);
			return out.toByteArray();
		});
		Arbitrary<Mutation> deleted = Combinators.combine(at, Arbitraries.integers().between(1, 8))
			.as((f, n) -> (Mutation) bytes -> {
				int i = index(bytes, f);
				int end = Math.min(bytes.length, i + n);
				ByteArrayOutputStream out = new ByteArrayOutputStream();
				out.write(bytes, 0, i);
				out.write(bytes, end, bytes.length - end);
				return out.toByteArray();
			});
		Arbitrary<Mutation> duplicated = Combinators.combine(at, Arbitraries.integers().between(1, 40))
			.as((f, n) -> (Mutation) bytes -> {
				int i = index(bytes, f);
				int end = Math.min(bytes.length, i + n);
				ByteArrayOutputStream out = new ByteArrayOutputStream();
				out.write(bytes, 0, end);
				out.write(bytes, i, bytes.length - i);
				return out.toByteArray();
			});
		return Arbitraries.frequencyOf(Tuple.of(2, truncate), Tuple.of(3, flip), Tuple.of(3, inserted),
				Tuple.of(2, deleted), Tuple.of(1, duplicated));
	}

	private static int index(byte[] bytes, double fraction) {
		return (int) Math.min(bytes.length, Math.floor(bytes.length * fraction));
	}

	private static byte[] latin1(String text) {
		return text.getBytes(StandardCharsets.ISO_8859_1);
	}

	/**
	 * Leaves out the test-only configurations of the other test classes, as
	 * {@code @SpringBootTest} does.
	 */
	static final class ExcludeTestComponents extends TypeExcludeFilter {

		@Override
		public boolean match(MetadataReader reader, MetadataReaderFactory factory) {
			return reader.getAnnotationMetadata().isAnnotated(TestComponent.class.getName());
		}

		@Override
		public boolean equals(Object other) {
			return other instanceof ExcludeTestComponents;
		}

		@Override
		public int hashCode() {
			return ExcludeTestComponents.class.hashCode();
		}

	}

}
