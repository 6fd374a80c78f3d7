package dev.fastro.perf.harness;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UploadBodyTest {

	/** Two whole blocks and a part, so the last block is cut. */
	private static final long LENGTH = 2L * UploadBody.BLOCK + 12_345;

	@Test
	void withALengthTheBytesGoOutAsTheyAreAndHashToTheExpectedAnswer() throws Exception {
		UploadBody body = new UploadBody(LENGTH);
		ByteArrayOutputStream out = new ByteArrayOutputStream();

		body.writeTo(out, UploadFraming.CONTENT_LENGTH);

		byte[] bytes = out.toByteArray();
		assertThat(bytes).hasSize((int) LENGTH);
		assertThat(body.expectedAnswer()).isEqualTo(LENGTH + " " + sha256(bytes));
	}

	@Test
	void chunkedTheSameBytesGoOutIn64KibChunksAndALastChunk() throws Exception {
		UploadBody body = new UploadBody(LENGTH);
		ByteArrayOutputStream plain = new ByteArrayOutputStream();
		body.writeTo(plain, UploadFraming.CONTENT_LENGTH);
		ByteArrayOutputStream chunked = new ByteArrayOutputStream();

		body.writeTo(chunked, UploadFraming.CHUNKED);

		InputStream in = new ByteArrayInputStream(chunked.toByteArray());
		ByteArrayOutputStream decoded = new ByteArrayOutputStream();
		int chunks = 0;
		for (int size = Integer.parseInt(line(in), 16); size > 0; size = Integer.parseInt(line(in), 16)) {
			assertThat(size).isLessThanOrEqualTo(UploadBody.CHUNK);
			decoded.write(in.readNBytes(size));
			assertThat(line(in)).isEmpty();
			chunks++;
		}
		assertThat(line(in)).isEmpty();
		assertThat(in.read()).isEqualTo(-1);
		assertThat(decoded.toByteArray()).isEqualTo(plain.toByteArray());
		// 16 chunks per 1 MiB block, and the cut block's 12,345 bytes in one.
		assertThat(chunks).isEqualTo(33);
	}

	@Test
	void blocksDifferSoALostOrRepeatedBlockChangesTheDigest() throws Exception {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		new UploadBody(2L * UploadBody.BLOCK).writeTo(out, UploadFraming.CONTENT_LENGTH);
		byte[] bytes = out.toByteArray();
		byte[] first = Arrays.copyOfRange(bytes, 0, UploadBody.BLOCK);
		byte[] second = Arrays.copyOfRange(bytes, UploadBody.BLOCK, 2 * UploadBody.BLOCK);
		assertThat(first).isNotEqualTo(second);
		assertThat(new UploadBody(5).expectedAnswer()).isNotEqualTo(new UploadBody(6).expectedAnswer());
	}

	private static String line(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		for (int b = in.read(); b != '\n'; b = in.read()) {
			assertThat(b).isNotNegative();
			line.write(b);
		}
		String text = line.toString(StandardCharsets.US_ASCII);
		assertThat(text).endsWith("\r");
		return text.substring(0, text.length() - 1);
	}

	private static String sha256(byte[] bytes) throws Exception {
		return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
	}

}
