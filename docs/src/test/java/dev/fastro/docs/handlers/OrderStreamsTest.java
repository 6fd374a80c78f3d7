package dev.fastro.docs.handlers;

import dev.fastro.docs.handlers.OrderStreams.Order;
import dev.fastro.http.HttpException;
import dev.fastro.http.Routes;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import static org.assertj.core.api.Assertions.assertThat;

/** "Streams" of the Handlers page. */
class OrderStreamsTest {

	private final FastroTestClient client = FastroTestClient.bindTo(
			new OrderStreams().orderFeeds(() -> Flux.just(new Order(1, "paid"), new Order(2, "shipped"))),
			Routes.builder()
				.get("/failing", (ctx) -> Flux.error(HttpException.notFound("No orders for customer 7")))
				.get("/empty", (ctx) -> Flux.empty())
				.build());

	@Test
	void aFluxIsAJsonArray() {
		assertThat(this.client.get("/orders").exchange()).hasStatus(200)
			.hasContentType("application/json")
			.hasBody("[{\"id\":1,\"status\":\"paid\"},{\"id\":2,\"status\":\"shipped\"}]");
		assertThat(this.client.get("/empty").exchange()).hasStatus(200).hasBody("[]");
	}

	@Test
	void aClientThatPrefersNdjsonGetsOneItemPerLine() {
		assertThat(this.client.get("/orders").header("accept", "application/x-ndjson").exchange()).hasStatus(200)
			.hasContentType("application/x-ndjson")
			.hasBody("{\"id\":1,\"status\":\"paid\"}\n{\"id\":2,\"status\":\"shipped\"}\n");
		assertThat(
				this.client.get("/orders").header("accept", "application/json;q=0.5, application/x-ndjson").exchange())
			.hasContentType("application/x-ndjson");
	}

	@Test
	void onATieJsonWins() {
		assertThat(this.client.get("/orders").header("accept", "application/x-ndjson, application/json").exchange())
			.hasContentType("application/json");
		assertThat(this.client.get("/orders").header("accept", "*/*").exchange()).hasContentType("application/json");
	}

	@Test
	void aStreamThatFailsBeforeItsFirstItemIsAnsweredAsAnException() {
		assertThat(this.client.get("/failing").exchange()).isProblem(404, "No orders for customer 7");
	}

	@Test
	void aHeadOnAnEndlessStreamIsAnsweredOnceItsFirstItemIsThere() {
		assertThat(this.client.head("/ticks").exchange()).hasStatus(200)
			.hasContentType("application/json")
			.hasEmptyBody();
	}

}
