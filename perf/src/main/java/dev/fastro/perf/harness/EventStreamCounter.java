package dev.fastro.perf.harness;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;

/**
 * Counts the events of a {@code text/event-stream} as its bytes arrive, in pieces cut
 * anywhere: as the HTML standard's parser dispatches them, an event is a blank line after
 * at least one {@code data} field. Comments (heartbeats) and events without data are no
 * events; lines end with CR LF, LF or CR. One counter per stream, used on one thread.
 */
final class EventStreamCounter {

	private static final byte[] DATA = "data".getBytes(StandardCharsets.US_ASCII);

	/** Bytes of the current line so far. */
	private int column;

	/** Whether the current line is a {@code data} field, as far as it has come. */
	private boolean dataField = true;

	/** Whether the event being read has a data field. */
	private boolean hasData;

	/** Whether the last byte was a CR, whose LF, if one follows, ends no other line. */
	private boolean afterCr;

	/**
	 * Reads more of the stream, leaving the buffer's indexes as they are.
	 * @param bytes the next bytes
	 * @return the events they completed
	 */
	int feed(ByteBuf bytes) {
		int events = 0;
		for (int i = bytes.readerIndex(); i < bytes.writerIndex(); i++) {
			byte b = bytes.getByte(i);
			boolean crlf = this.afterCr && b == '\n';
			this.afterCr = (b == '\r');
			if (crlf) {
				continue;
			}
			if (b == '\n' || b == '\r') {
				events += endOfLine();
			}
			else {
				if (this.column < DATA.length) {
					this.dataField &= (b == DATA[this.column]);
				}
				else if (this.column == DATA.length) {
					this.dataField &= (b == ':');
				}
				this.column++;
			}
		}
		return events;
	}

	private int endOfLine() {
		int events = 0;
		if (this.column == 0) {
			events = this.hasData ? 1 : 0;
			this.hasData = false;
		}
		else if (this.dataField && this.column >= DATA.length) {
			this.hasData = true;
		}
		this.column = 0;
		this.dataField = true;
		return events;
	}

}
