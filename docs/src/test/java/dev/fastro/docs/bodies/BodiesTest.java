package dev.fastro.docs.bodies;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** "Request bodies, forms and uploads": bodies read whole, in process. */
class BodiesTest {

	@TempDir
	Path directory;

	private FastroTestClient client() {
		Bodies bodies = new Bodies();
		return FastroTestClient.bindTo(bodies.items(), bodies.notes(), bodies.newsletter(),
				bodies.avatars(this.directory));
	}

	@Test
	void readsJsonIntoAClassOrAGenericType() {
		FastroTestClient client = client();
		assertThat(client.post("/items").json(new Bodies.Item("a-1", 2)).exchange()).hasStatus(201)
			.hasJsonBody("{\"sku\":\"a-1\",\"quantity\":2}");
		assertThat(client.post("/items/batch")
			.json("[{\"sku\":\"a-1\",\"quantity\":2},{\"sku\":\"b-2\",\"quantity\":1}]")
			.exchange()).hasStatus(200).hasBody("Received 2 items");
	}

	@Test
	void readsJsonInTheCharsetOfItsContentType() {
		byte[] latin1 = "{\"sku\":\"café\",\"quantity\":1}".getBytes(StandardCharsets.ISO_8859_1);
		assertThat(client().post("/items").body(latin1, "application/json; charset=ISO-8859-1").exchange())
			.hasStatus(201)
			.hasJsonBody("{\"sku\":\"café\",\"quantity\":1}");
	}

	@Test
	void refusesJsonItCannotRead() {
		FastroTestClient client = client();
		assertThat(client.post("/items").body("{\"sku\":\"a-1\"}", "text/plain").exchange()).isProblem(415,
				"Expected a JSON body (content-type application/json), got 'text/plain'");
		assertThat(client.post("/items").json("").exchange()).isProblem(400,
				"Request body is empty; expected JSON for Item");
		assertThat(client.post("/items").json("{\"sku\":").exchange()).hasStatus(400)
			.problem()
			.extracting("detail")
			.asString()
			.startsWith("Malformed JSON at line 1, column");
		assertThat(client.post("/items").json("{\"sku\":\"a-1\",\"quantity\":\"x\"}").exchange()).isProblem(400,
				"JSON does not fit Item at field 'quantity': \"x\" is not an integer");
	}

	@Test
	void readsTextInItsCharsetAndBytesAsSent() {
		FastroTestClient client = client();
		byte[] latin1 = "café".getBytes(StandardCharsets.ISO_8859_1);
		assertThat(client.put("/notes/1").body(latin1, "text/plain; charset=ISO-8859-1").exchange())
			.hasBody("Saved 4 characters");
		assertThat(client.put("/notes/1").body("café", "text/plain").exchange()).hasBody("Saved 4 characters");
		assertThat(client.put("/blobs/1").body("café", "text/plain").exchange()).hasBody("Saved 5 bytes");
		assertThat(client.put("/notes/1").body("café", "text/plain; charset=no-such-charset").exchange())
			.hasStatus(415);
	}

	@Test
	void readsFormFields() {
		assertThat(client().post("/subscriptions")
			.formField("email", "ada@example.com")
			.formField("topic", "releases")
			.formField("topic", "security")
			.exchange()).hasStatus(200).hasBody("Subscribed ada@example.com to [releases, security]");
	}

	@Test
	void savesAnUploadUnderANameOfItsOwn() throws IOException {
		byte[] png = { (byte) 0x89, 'P', 'N', 'G' };
		TestResponse response = client().post("/avatars")
			.formField("caption", "Me")
			.file("avatar", "../../avatar.png", "image/png", png)
			.exchange();
		assertThat(response).hasStatus(200);
		Bodies.Saved saved = response.body(Bodies.Saved.class);
		assertThat(saved.size()).isEqualTo(4);
		assertThat(saved.caption()).isEqualTo("Me");
		assertThat(saved.file()).endsWith(".png").doesNotContain("avatar");
		assertThat(Files.readAllBytes(this.directory.resolve(saved.file()))).isEqualTo(png);
	}

	@Test
	void listsTheFilesOfAField() {
		assertThat(client().post("/albums")
			.file("photos", "a.jpg", "image/jpeg", new byte[] { 1 })
			.file("photos", "b.jpg", "image/jpeg", new byte[] { 2 })
			.exchange()).hasStatus(200).hasJsonBody("[\"a.jpg\",\"b.jpg\"]");
	}

	@Test
	void refusesUploadsOfABodyThatIsNotMultipart() {
		FastroTestClient client = client();
		assertThat(client.post("/avatars").formField("caption", "Me").exchange()).isProblem(415,
				"Expected a multipart/form-data body, got 'application/x-www-form-urlencoded'");
		assertThat(client.post("/avatars")
			.formField("caption", "Me")
			.file("other", "a.png", "image/png", new byte[1])
			.exchange()).isProblem(400, "No file in the field 'avatar'");
	}

}
