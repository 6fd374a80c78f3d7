package dev.fastro.docs.quickstart;

// tag::app[]
import java.util.Map;

import dev.fastro.http.Middleware;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
public class App {

	record User(long id, String name) {
	}

	public static void main(String[] args) {
		SpringApplication.run(App.class, args);
	}

	@Bean
	Routes api() {
		Middleware auth = (ctx, next) -> (ctx.header("authorization") == null)
				? Response.status(401).body("Who are you?") : next.handle(ctx);
		return Routes.builder()
			.get("/", (ctx) -> "Hello world!") // text/plain
			.get("/users/{id:[0-9]+}", (ctx) -> new User(ctx.paramLong("id"), "Ada")) // JSON
			.post("/users", (ctx) -> Response.status(201).body(ctx.body(User.class)))
			.group("/admin", (admin) -> admin.use(auth).get("/stats", (ctx) -> Map.of("users", 1)))
			.build();
	}

}
// end::app[]
