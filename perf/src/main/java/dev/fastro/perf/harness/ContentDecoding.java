package dev.fastro.perf.harness;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.decoder.DirectDecompress;

/**
 * Undoes a response's {@code Content-Encoding}, so a compressed answer is checked byte
 * for byte against the expected body: gzip with the JDK, Brotli with {@code brotli4j}.
 */
final class ContentDecoding {

	private ContentDecoding() {
	}

	/**
	 * Decodes a body.
	 * @param coding the {@code Content-Encoding}: {@code gzip} or {@code br}
	 * @param body the encoded body
	 * @return the decoded body
	 * @throws IOException if the body is not valid in that coding, or the coding is
	 * another
	 */
	static byte[] decode(String coding, byte[] body) throws IOException {
		switch (coding) {
			case "gzip" -> {
				try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
					return in.readAllBytes();
				}
			}
			case "br" -> {
				Brotli4jLoader.ensureAvailability();
				DirectDecompress decoded = Decoder.decompress(body);
				if (decoded.getResultStatus() != DecoderJNI.Status.DONE) {
					throw new IOException("not a whole Brotli stream: " + decoded.getResultStatus());
				}
				return decoded.getDecompressedData();
			}
			default -> throw new IOException("no decoder for content-encoding " + coding);
		}
	}

}
