package dev.fastro.docs.handlers;

// tag::results[]
import java.math.BigDecimal;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

import dev.fastro.http.HttpException;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class BookRoutes {

	public record Book(String isbn, String title) {
	}

	/** Your catalog, in memory here: a JDBC one would need blocking routes. */
	public interface Books {

		Optional<Book> find(String isbn);

		Book save(Book book);

		void delete(String isbn);

		byte[] cover(String isbn);

	}

	/** A non-blocking client of another service. */
	public interface Prices {

		CompletionStage<BigDecimal> quote(String isbn);

	}

	@Bean
	Routes bookstore(Books books, Prices prices) {
		return Routes.builder()
			// text/plain
			.get("/", (ctx) -> "Welcome to the bookshop")
			// JSON, or a 404 problem
			.get("/books/{isbn}",
					(ctx) -> books.find(ctx.param("isbn"))
						.orElseThrow(() -> HttpException.notFound("No book " + ctx.param("isbn"))))
			// application/octet-stream
			.get("/books/{isbn}/cover", (ctx) -> books.cover(ctx.param("isbn")))
			// JSON, once the CompletionStage completes
			.get("/books/{isbn}/price", (ctx) -> prices.quote(ctx.param("isbn")))
			// 201, with a location header and a JSON body
			.post("/books", (ctx) -> {
				Book saved = books.save(ctx.body(Book.class));
				return Response.created("/books/" + saved.isbn(), saved);
			})
			// 204
			.delete("/books/{isbn}", (ctx) -> {
				books.delete(ctx.param("isbn"));
				return null;
			})
			.build();
	}

}
// end::results[]
