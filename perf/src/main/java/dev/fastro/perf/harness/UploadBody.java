package dev.fastro.perf.harness;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.SplittableRandom;

import dev.fastro.perf.Workload;

/**
 * The upload bench's body: generated as it is sent, never stored whole, the same bytes
 * for the same length every time. It is made of 1 MiB blocks of random bytes (from a
 * fixed seed), each block stamped with its index in its first 8 bytes, so a server that
 * loses, repeats or reorders a block answers another digest; the last block is cut to the
 * length.
 */
final class UploadBody {

	/** The size of a generated block, and of the writes of a body with a length. */
	static final int BLOCK = 1 << 20;

	/**
	 * The size of a chunk of a chunked body: 64 KiB, the upload buffer curl uses by
	 * default.
	 */
	static final int CHUNK = 64 * 1024;

	private static final long SEED = 0x5eed_f457_0L;

	private static final byte[] CRLF = { '\r', '\n' };

	private static final byte[] LAST_CHUNK = "0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

	private final long length;

	/** The block being sent; its first 8 bytes are stamped anew for every block. */
	private final byte[] block = new byte[BLOCK];

	private String expectedAnswer;

	/**
	 * A body.
	 * @param length its length in bytes
	 */
	UploadBody(long length) {
		if (length < 0) {
			throw new IllegalArgumentException("a body of " + length + " bytes");
		}
		this.length = length;
		new SplittableRandom(SEED).nextBytes(this.block);
	}

	/**
	 * The body's length.
	 * @return bytes
	 */
	long length() {
		return this.length;
	}

	/**
	 * What every server must answer for this body, computed once by generating the body
	 * and hashing it here, before any upload is timed.
	 * @return {@code "<length> <sha-256 hex>"}, as {@link Workload#uploadAnswer} writes
	 * it
	 */
	synchronized String expectedAnswer() {
		if (this.expectedAnswer == null) {
			MessageDigest digest = Workload.uploadDigest();
			forEachBlock((bytes, count) -> digest.update(bytes, 0, count));
			this.expectedAnswer = Workload.uploadAnswer(this.length, digest);
		}
		return this.expectedAnswer;
	}

	/**
	 * Writes the body, with a {@code content-length} in one write per block, or chunked
	 * in {@link #CHUNK}-byte chunks; the caller has written the head, and buffers the
	 * output (the chunks' size lines are a few bytes each).
	 * @param out where to write
	 * @param framing how the body is framed
	 * @throws IOException if a write fails, as when the server closes the connection
	 */
	synchronized void writeTo(OutputStream out, UploadFraming framing) throws IOException {
		try {
			forEachBlock((bytes, count) -> {
				if (framing == UploadFraming.CONTENT_LENGTH) {
					out.write(bytes, 0, count);
					return;
				}
				for (int offset = 0; offset < count; offset += CHUNK) {
					int size = Math.min(CHUNK, count - offset);
					out.write((Integer.toHexString(size) + "\r\n").getBytes(StandardCharsets.US_ASCII));
					out.write(bytes, offset, size);
					out.write(CRLF);
				}
			});
		}
		catch (UncheckedIOException ex) {
			throw ex.getCause();
		}
		if (framing == UploadFraming.CHUNKED) {
			out.write(LAST_CHUNK);
		}
	}

	private void forEachBlock(BlockSink sink) {
		long sent = 0;
		for (long index = 0; sent < this.length; index++) {
			stamp(index);
			int count = (int) Math.min(BLOCK, this.length - sent);
			try {
				sink.accept(this.block, count);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			sent += count;
		}
	}

	private void stamp(long index) {
		for (int i = 0; i < Long.BYTES; i++) {
			this.block[i] = (byte) (index >>> (56 - 8 * i));
		}
	}

	@FunctionalInterface
	private interface BlockSink {

		void accept(byte[] bytes, int count) throws IOException;

	}

}
