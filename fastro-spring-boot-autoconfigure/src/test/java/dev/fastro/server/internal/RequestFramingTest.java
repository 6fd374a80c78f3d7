package dev.fastro.server.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RequestFraming} finds every request head in a connection's bytes, pipelined
 * requests with bodies of either framing included, wherever the bytes are split across
 * reads.
 */
class RequestFramingTest {

	private static final String GET = "GET / HTTP/1.1\r\nhost: a\r\n\r\n";

	private static final String POST = "POST /json HTTP/1.1\r\nhost: a\r\ncontent-length: 19\r\n\r\n"
			+ "{\"GET\":\"\r\n\r\n x:y\"}";

	private static final String CHUNKED = "POST /json HTTP/1.1\r\nhost: a\r\ntransfer-encoding: chunked\r\n\r\n"
			+ "5;ext=1\r\n\r\n\r\n \r\n13\r\n\r\n folded? no: data\r\n0\r\nx-trailer: 1\r\n\r\n";

	private static final String FOLDED = "GET / HTTP/1.1\r\nhost: a\r\nx-a: 1\r\n  more\r\n\r\n";

	private static final String FOLDED_TRAILER = "POST / HTTP/1.1\r\nhost: a\r\ntransfer-encoding: chunked\r\n\r\n"
			+ "0\r\nx-t: 1\r\n\tmore\r\n\r\n";

	@Test
	void findsEveryHeadOfPipelinedRequestsInOneRead() {
		Scan scan = scan(List.of(GET, POST, CHUNKED, "\r\n" + GET), List.of());
		assertThat(scan.headEnds).isEqualTo(scan.expectedHeadEnds);
		assertThat(scan.foldedHeads).containsExactly(false, false, false, false);
		assertThat(scan.framing.isIdle()).isTrue();
	}

	@Test
	void findsTheSameHeadsWhereverTheBytesAreSplit() {
		List<String> requests = List.of(POST, CHUNKED, FOLDED, GET);
		int length = String.join("", requests).length();
		List<Integer> everyByte = new ArrayList<>();
		for (int split = 1; split < length; split++) {
			Scan twoReads = scan(requests, List.of(split));
			assertThat(twoReads.headEnds).as("split at %d", split).isEqualTo(twoReads.expectedHeadEnds);
			assertThat(twoReads.foldedHeads).as("split at %d", split).containsExactly(false, false, true, false);
			assertThat(twoReads.framing.isIdle()).as("split at %d", split).isTrue();
			everyByte.add(split);
		}
		Scan byteByByte = scan(requests, everyByte);
		assertThat(byteByByte.headEnds).isEqualTo(byteByByte.expectedHeadEnds);
		assertThat(byteByByte.foldedHeads).containsExactly(false, false, true, false);
	}

	@Test
	void tellsWhetherTheBytesEndInAHeadOrABody() {
		RequestFraming framing = new RequestFraming();
		assertThat(framing.isIdle()).isTrue();
		scan(framing, "GET / HT");
		assertThat(framing.inHead()).isTrue();
		scan(framing, "TP/1.1\r\nhost: a\r\ncontent-length: 4\r\n\r\n");
		framing.expectBody(4);
		assertThat(framing.inBody()).isTrue();
		scan(framing, "abcd");
		assertThat(framing.isIdle()).isTrue();
	}

	@Test
	void refusesAFoldedTrailerLine() {
		RequestFraming framing = chunkedBodyScanned(FOLDED_TRAILER.substring(FOLDED_TRAILER.indexOf("0\r\n")));
		assertThat(framing.takeBodyRefusal()).isEqualTo("Obsolete line folding in the trailers");
		assertThat(framing.takeBodyRefusal()).as("cleared once taken").isNull();
		assertLost(framing);
	}

	@ParameterizedTest
	@ValueSource(strings = { "zz\r\n", "\t27\r\n", " 27\r\n", "\u000b27\r\n", "\r\n27\r\n", ";x\r\n", "-1\r\n",
			"+27\r\n", "0x27\r\n", "2 7\r\n", "27 \r\n", "27\t\r\n", "27\n", "27\r\r\n", "27\rx\n", "27\u000c\r\n",
			"27;a\u0000b\r\n", "27;a\nb\r\n", "27;a\rb\r\n", "27;a=\u007f\r\n", "ffffffffffffffffff\r\n",
			"2\r\n{}XX\r\n", "2\r\n{}\n0\r\n\r\n", "2\r\n{}\r\n\t0\r\n\r\n" })
	void refusesAMalformedChunkLineAndLosesTheFraming(String body) {
		RequestFraming framing = chunkedBodyScanned(body + GET);
		assertThat(framing.takeBodyRefusal()).as("refusal of %s", body).isNotNull();
		assertLost(framing);
	}

	@ParameterizedTest
	@ValueSource(strings = { "0\r\n", "27\r\n", "00Aa;x\r\n", "1 ;x\r\n", "1\t ;x=y\r\n", "1;x=\"a b\\\"\"\r\n" })
	void acceptsAWellFormedChunkLine(String line) {
		RequestFraming framing = chunkedBodyScanned(line);
		assertThat(framing.takeBodyRefusal()).as("refusal of %s", line).isNull();
		assertThat(framing.inBody()).isTrue();
	}

	private static RequestFraming chunkedBodyScanned(String body) {
		RequestFraming framing = new RequestFraming();
		scan(framing, "POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n");
		framing.expectBody(RequestFraming.CHUNKED);
		scan(framing, body);
		return framing;
	}

	private static void assertLost(RequestFraming framing) {
		assertThat(framing.isIdle()).isFalse();
		assertThat(framing.inHead()).isFalse();
		assertThat(framing.inBody()).isFalse();
	}

	/**
	 * Scans the requests' bytes in reads split at {@code splits}. At each head found, it
	 * plays the codec: it tells the body framing of the request whose head ends there.
	 */
	private static Scan scan(List<String> requests, List<Integer> splits) {
		Scan scan = new Scan();
		Map<Integer, Long> bodies = new HashMap<>();
		int offset = 0;
		for (String request : requests) {
			int headEnd = offset + request.indexOf("\r\n\r\n") + 4;
			scan.expectedHeadEnds.add(headEnd);
			bodies.put(headEnd, bodyLength(request));
			offset += request.length();
		}
		ByteBuf bytes = Unpooled.copiedBuffer(String.join("", requests), StandardCharsets.ISO_8859_1);
		List<Integer> readEnds = new ArrayList<>(splits);
		readEnds.add(offset);
		int from = 0;
		for (int readEnd : readEnds) {
			while (from < readEnd) {
				from = scan.framing.scan(bytes, from, readEnd);
				if (scan.framing.awaitsBodyFraming()) {
					scan.headEnds.add(from);
					scan.foldedHeads.add(scan.framing.takeFoldedHead());
					scan.framing.expectBody(bodies.getOrDefault(from, 0L));
				}
			}
		}
		return scan;
	}

	private static void scan(RequestFraming framing, String text) {
		ByteBuf bytes = Unpooled.copiedBuffer(text, StandardCharsets.ISO_8859_1);
		int from = 0;
		while (from < bytes.writerIndex()) {
			from = framing.scan(bytes, from, bytes.writerIndex());
		}
	}

	/** The body framing the codec reads from a head. */
	private static long bodyLength(String request) {
		String lower = request.substring(0, request.indexOf("\r\n\r\n") + 2).toLowerCase(Locale.ROOT);
		if (lower.contains("transfer-encoding: chunked")) {
			return RequestFraming.CHUNKED;
		}
		int at = lower.indexOf("content-length: ");
		return (at < 0) ? 0 : Long.parseLong(lower.substring(at + 16, lower.indexOf('\r', at)));
	}

	private static final class Scan {

		final RequestFraming framing = new RequestFraming();

		final List<Integer> expectedHeadEnds = new ArrayList<>();

		final List<Integer> headEnds = new ArrayList<>();

		final List<Boolean> foldedHeads = new ArrayList<>();

	}

}
