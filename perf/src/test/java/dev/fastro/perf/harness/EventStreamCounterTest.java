package dev.fastro.perf.harness;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EventStreamCounterTest {

	@Test
	void countsEventsWithDataAsEachServerWritesThem() {
		// Fastro's spelling, then Vert.x Web's and Reactor Netty's.
		assertThat(count("data:tick 0\n\ndata: tick 1\n\n")).isEqualTo(2);
	}

	@Test
	void countsAnEventCutAnywhereOnce() {
		String stream = "id: 7\ndata: tick 7\n\ndata: a\ndata: b\n\n";
		for (int cut = 0; cut <= stream.length(); cut++) {
			EventStreamCounter counter = new EventStreamCounter();
			int events = feed(counter, stream.substring(0, cut)) + feed(counter, stream.substring(cut));
			assertThat(events).as("cut at %d", cut).isEqualTo(2);
		}
	}

	@Test
	void leavesOutCommentsAndEventsWithoutData() {
		assertThat(count(":\n\nid: 1\nevent: x\n\n: heartbeat\n\ndatum: no\n\ndata\n\n")).isEqualTo(1);
	}

	@Test
	void takesEveryLineEnding() {
		assertThat(count("data: a\r\n\r\ndata: b\r\rdata: c\n\n")).isEqualTo(3);
		// One event of two data lines: each CR LF ends one line, not two.
		assertThat(count("data: a\r\ndata: b\r\n\r\n")).isEqualTo(1);
	}

	@Test
	void waitsForTheBlankLineThatEndsTheEvent() {
		assertThat(count("data: a\n")).isZero();
	}

	private static int count(String stream) {
		return feed(new EventStreamCounter(), stream);
	}

	private static int feed(EventStreamCounter counter, String text) {
		ByteBuf bytes = Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
		try {
			int events = counter.feed(bytes);
			assertThat(bytes.readerIndex()).isZero();
			return events;
		}
		finally {
			bytes.release();
		}
	}

}
