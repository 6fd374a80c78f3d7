package dev.fastro.docs.errors;

import java.util.Map;

import dev.fastro.http.Routes;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/** The application of the samples of "Errors and problem details", for their test. */
@SpringBootApplication
class ErrorsApp {

	/** Routes that throw what the exception handler of the page answers. */
	@Bean
	Routes signUps() {
		return Routes.builder().post("/sign-ups", (ctx) -> {
			String name = ctx.formParam("name");
			if (name == null || name.isBlank()) {
				throw new ErrorHandling.InvalidInputException(Map.of("name", "must not be blank"));
			}
			return "Welcome " + name;
		}).get("/broken", (ctx) -> {
			throw new IllegalStateException("an internal detail");
		}).build();
	}

}
