package dev.fastro.docs.handlers;

import dev.fastro.docs.handlers.BookApi.BookHandlers;
import dev.fastro.docs.handlers.BookRoutes.Book;
import dev.fastro.docs.handlers.BookRoutesTest.ShelfOfBooks;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** "Handlers as methods" of the Handlers page. */
class BookApiTest {

	private final FastroTestClient client = FastroTestClient
		.bindTo(new BookApi().bookApiRoutes(new BookHandlers(new ShelfOfBooks())));

	@Test
	void routesNameTheirHandlersByMethodReference() {
		assertThat(this.client.get("/api/books/1").exchange()).isProblem(404, "No book 1");
		assertThat(this.client.post("/api/books").json(new Book("1", "Emma")).exchange()).hasStatus(201)
			.hasHeader("location", "/api/books/1");
		assertThat(this.client.get("/api/books/1").exchange()).hasJsonBody("{\"isbn\":\"1\",\"title\":\"Emma\"}");
	}

}
