package dev.fastro.docs.testing;

import java.nio.charset.StandardCharsets;

import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import dev.fastro.http.Upload;
import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestResponse;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Each part of a request the builder sends reaches the handler as the page says. */
class RequestBuilderTest {

	record Order(String sku, int quantity) {
	}

	FastroTestClient client = FastroTestClient.bindTo(Routes.builder()
		.post("/orders", (ctx) -> Response.created("/orders/1", ctx.body(Order.class)))
		.post("/notes", (ctx) -> ctx.contentType() + ": " + ctx.bodyString())
		.post("/signup", (ctx) -> ctx.formParam("name") + " " + ctx.contentType())
		.post("/photos", (ctx) -> {
			Upload photo = ctx.upload("photo");
			return ctx.formParam("title") + " " + photo.filename() + " " + photo.size() + " "
					+ ctx.contentType().startsWith("multipart/form-data");
		})
		.get("/search", (ctx) -> ctx.queries("q") + " " + ctx.header("accept-language") + " " + ctx.cookie("session"))
		.get("/login", (ctx) -> {
			ctx.cookie("session", "s1");
			return null;
		})
		.build());

	@Test
	void sendsEachKindOfRequest() {
		// tag::requests[]
		TestResponse created = this.client.post("/orders").json(new Order("sku-1", 2)).exchange();
		TestResponse note = this.client.post("/notes").body("Hi", "text/plain").exchange();
		TestResponse signup = this.client.post("/signup").formField("name", "Ada L").exchange();
		TestResponse photo = this.client.post("/photos")
			.formField("title", "Cat")
			.file("photo", "cat.png", "image/png", new byte[] { 1, 2, 3 })
			.exchange();
		TestResponse search = this.client.get("/search?q=a")
			.query("q", "b&c")
			.header("accept-language", "fr")
			.cookie("session", "s1")
			.exchange();
		// end::requests[]
		assertThat(created).hasStatus(201).hasHeader("location", "/orders/1").hasJsonBody("""
				{"sku": "sku-1", "quantity": 2}""");
		assertThat(created.body(Order.class)).isEqualTo(new Order("sku-1", 2));
		assertThat(note).hasBody("text/plain: Hi");
		assertThat(signup).hasBody("Ada L application/x-www-form-urlencoded");
		assertThat(photo).hasBody("Cat cat.png 3 true");
		assertThat(search).hasBody("[a, b&c] fr s1");
	}

	@Test
	void readsWhatTheAnswerHolds() {
		TestResponse login = this.client.get("/login").exchange();
		assertThat(login).hasStatus(204).hasEmptyBody();
		assertThat(login.cookie("session")).isEqualTo("s1");
		TestResponse note = this.client.post("/notes").body("é".getBytes(StandardCharsets.UTF_8), null).exchange();
		assertThat(note.bodyString()).isEqualTo("null: é");
	}

}
