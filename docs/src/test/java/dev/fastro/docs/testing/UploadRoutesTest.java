package dev.fastro.docs.testing;

// tag::test[]
import dev.fastro.http.Handler;
import dev.fastro.http.Routes;
import dev.fastro.test.client.FastroTestClient;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UploadRoutesTest {

	FastroTestClient client = FastroTestClient.bindTo(Routes.builder()
		// The size of each chunk, as the handler receives them.
		.post("/chunks", Handler.streaming((ctx) -> ctx.bodyStream().map(ByteBuf::readableBytes).collectList()))
		.post("/small", Handler.streaming(10, (ctx) -> ctx.bodyStream().count()))
		.build());

	@Test
	void streamsTheBodyInChunks() {
		assertThat(this.client.post("/chunks").body(new byte[20_000], "application/octet-stream").exchange())
			.hasBody("[8192,8192,3616]");
	}

	@Test
	void refusesABodyOverTheRoutesLimit() {
		assertThat(this.client.post("/small").body(new byte[11], "application/octet-stream").exchange()).hasStatus(413);
	}

}
// end::test[]
