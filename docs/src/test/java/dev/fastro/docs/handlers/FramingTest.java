package dev.fastro.docs.handlers;

import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestResponse;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Framing" of the Handlers page, in process. What the connection adds (chunks, the
 * {@code content-length: 0} of a 205) is tested over the wire by the demo app's
 * {@code AppFaultsTest}.
 */
class FramingTest {

	private final FastroTestClient client = FastroTestClient.bindTo(Routes.builder().get("/length", (ctx) -> {
		ctx.header("content-length", "999").header("transfer-encoding", "chunked");
		return "hello";
	})
		.get("/204", (ctx) -> Response.status(204).body("dropped"))
		.get("/304", (ctx) -> Response.status(304).body(Flux.just(1, 2)))
		.get("/crlf-response", (ctx) -> Response.ok("x").header("x-name", "a\r\nx-injected: yes"))
		.get("/crlf-context", (ctx) -> {
			ctx.header("x-name", "a\r\nx-injected: yes");
			return "x";
		})
		.get("/status-101", (ctx) -> Response.status(101))
		.get("/content-type", (ctx) -> {
			ctx.contentType("text/html");
			return Response.ok("a,b").contentType("text/plain").contentType("text/csv");
		})
		.get("/nulls", (ctx) -> {
			ctx.header("x-removed", "set").header("x-kept", "yes").header("x-removed", null);
			return Response.ok("x").header("x-never", null);
		})
		.build());

	@Test
	void aWholeBodyHasItsOwnLengthWhateverTheHandlerSet() {
		assertThat(this.client.get("/length").exchange()).hasHeader("content-length", "5")
			.doesNotHaveHeader("transfer-encoding")
			.hasBody("hello");
	}

	@Test
	void statusesWithoutContentDropTheBody() {
		assertThat(this.client.get("/204").exchange()).hasStatus(204)
			.doesNotHaveHeader("content-length")
			.hasEmptyBody();
		assertThat(this.client.get("/304").exchange()).hasStatus(304)
			.doesNotHaveHeader("content-length")
			.hasEmptyBody();
	}

	@Test
	void aHeaderHttpDoesNotAllowIsNeverSent() {
		for (String path : new String[] { "/crlf-response", "/crlf-context", "/status-101" }) {
			TestResponse response = this.client.get(path).exchange();
			assertThat(response).as(path).hasStatus(500).doesNotHaveHeader("x-injected");
			assertThat(response.header("x-name")).as(path).isNull();
		}
	}

	@Test
	void aResponseHasOneContentTypeTheLastGiven() {
		assertThat(this.client.get("/content-type").exchange().headers("content-type")).containsExactly("text/csv");
	}

	@Test
	void aNullValueRemovesWithTheContextAndAddsNothingWithAResponse() {
		assertThat(this.client.get("/nulls").exchange()).hasStatus(200)
			.doesNotHaveHeader("x-removed")
			.doesNotHaveHeader("x-never")
			.hasHeader("x-kept", "yes");
	}

}
