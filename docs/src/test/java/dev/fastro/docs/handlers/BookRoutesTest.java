package dev.fastro.docs.handlers;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

import dev.fastro.docs.handlers.BookRoutes.Book;
import dev.fastro.docs.handlers.BookRoutes.Books;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** "What a handler returns" of the Handlers page: each kind of result and its answer. */
class BookRoutesTest {

	private final ShelfOfBooks books = new ShelfOfBooks();

	private final FastroTestClient client = FastroTestClient
		.bindTo(new BookRoutes().bookstore(this.books, this::quote));

	private CompletionStage<BigDecimal> quote(String isbn) {
		return CompletableFuture.supplyAsync(() -> new BigDecimal("12.50"));
	}

	@Test
	void aStringIsPlainText() {
		assertThat(this.client.get("/").exchange()).hasStatus(200)
			.hasContentType("text/plain; charset=utf-8")
			.hasBody("Welcome to the bookshop");
	}

	@Test
	void anObjectIsJsonAndAnHttpExceptionItsProblem() {
		this.books.save(new Book("42", "Hitchhiker"));
		assertThat(this.client.get("/books/42").exchange()).hasStatus(200)
			.hasContentType("application/json")
			.hasJsonBody("{\"isbn\":\"42\",\"title\":\"Hitchhiker\"}");
		assertThat(this.client.get("/books/7").exchange()).isProblem(404, "No book 7");
	}

	@Test
	void bytesAreAnOctetStream() {
		assertThat(this.client.get("/books/42/cover").exchange()).hasStatus(200)
			.hasContentType("application/octet-stream")
			.hasBody("PNG 42");
	}

	@Test
	void aCompletionStageIsWrittenOnceItCompletes() {
		assertThat(this.client.get("/books/42/price").exchange()).hasStatus(200).hasJsonBody("12.50");
	}

	@Test
	void aResponseIsWrittenAsGiven() {
		assertThat(this.client.post("/books").json(new Book("9", "Dune")).exchange()).hasStatus(201)
			.hasHeader("location", "/books/9")
			.hasJsonBody("{\"isbn\":\"9\",\"title\":\"Dune\"}");
	}

	@Test
	void nullIsA204() {
		this.books.save(new Book("9", "Dune"));
		assertThat(this.client.delete("/books/9").exchange()).hasStatus(204).hasEmptyBody();
		assertThat(this.books.shelf).isEmpty();
	}

	static class ShelfOfBooks implements Books {

		final Map<String, Book> shelf = new ConcurrentHashMap<>();

		@Override
		public Optional<Book> find(String isbn) {
			return Optional.ofNullable(this.shelf.get(isbn));
		}

		@Override
		public Book save(Book book) {
			this.shelf.put(book.isbn(), book);
			return book;
		}

		@Override
		public void delete(String isbn) {
			this.shelf.remove(isbn);
		}

		@Override
		public byte[] cover(String isbn) {
			return ("PNG " + isbn).getBytes();
		}

	}

}
