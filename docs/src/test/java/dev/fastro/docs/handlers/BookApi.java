package dev.fastro.docs.handlers;

import dev.fastro.docs.handlers.BookRoutes.Book;
import dev.fastro.docs.handlers.BookRoutes.Books;
// tag::methods[]
import dev.fastro.http.Context;
import dev.fastro.http.HttpException;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class BookApi {

	@Bean
	BookHandlers bookHandlers(Books books) {
		return new BookHandlers(books);
	}

	@Bean
	Routes bookApiRoutes(BookHandlers handlers) {
		return Routes.builder()
			.group("/api/books", (books) -> books
				// GET /api/books/{isbn}
				.get("/{isbn}", handlers::find)
				// POST /api/books
				.post("/", handlers::create))
			.build();
	}

	/** The handlers of the books API, as methods that take the Context. */
	public static class BookHandlers {

		private final Books books;

		public BookHandlers(Books books) {
			this.books = books;
		}

		public Book find(Context ctx) {
			String isbn = ctx.param("isbn");
			return this.books.find(isbn).orElseThrow(() -> HttpException.notFound("No book " + isbn));
		}

		public Response create(Context ctx) {
			Book saved = this.books.save(ctx.body(Book.class));
			return Response.created("/api/books/" + saved.isbn(), saved);
		}

	}

}
// end::methods[]
