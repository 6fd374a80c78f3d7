package dev.fastro.docs.bodies;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Random;

import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Bodies as they arrive": streamed bodies, which the in-process client sends in 8 KB
 * chunks.
 */
class StreamingTest {

	private static final byte[] BODY = new byte[100_000];

	static {
		new Random(42).nextBytes(BODY);
	}

	@TempDir
	Path directory;

	@Test
	void hashesABodyAsItArrives() throws NoSuchAlgorithmException {
		String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(BODY));
		FastroTestClient client = FastroTestClient.bindTo(new Streaming().hashes());
		assertThat(client.post("/hash").body(BODY, "application/octet-stream").exchange()).hasStatus(200)
			.hasContentType("text/plain; charset=utf-8")
			.hasBody(expected);
	}

	@Test
	void storesABodyFromItsInputStream() throws IOException {
		FastroTestClient client = FastroTestClient.bindTo(new Streaming().files(this.directory));
		assertThat(client.put("/files/report-1").body(BODY, "application/octet-stream").exchange()).hasStatus(201)
			.hasJsonBody("{\"name\":\"report-1\",\"size\":100000}");
		assertThat(Files.readAllBytes(this.directory.resolve("report-1"))).isEqualTo(BODY);
		assertThat(client.put("/files/..%2Fescape").body(BODY, "application/octet-stream").exchange()).hasStatus(404);
	}

	@Test
	void savesThePartsAsTheyArrive() throws IOException {
		FastroTestClient client = FastroTestClient.bindTo(new Streaming().videos(this.directory));
		TestResponse response = client.post("/videos")
			.formField("title", "Holidays")
			.file("video", "beach.mp4", "video/mp4", BODY)
			.exchange();
		assertThat(response).hasStatus(200);
		String[] saved = response.body(String[].class);
		assertThat(saved).hasSize(1);
		assertThat(Files.readAllBytes(this.directory.resolve(saved[0]))).isEqualTo(BODY);
	}

}
