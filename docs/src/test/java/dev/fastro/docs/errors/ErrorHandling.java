package dev.fastro.docs.errors;

// tag::handler[]
import java.util.Map;

import dev.fastro.http.ExceptionHandler;
import dev.fastro.http.Problem;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class ErrorHandling {

	public static class InvalidInputException extends RuntimeException {

		private final Map<String, String> errors;

		public InvalidInputException(Map<String, String> errors) {
			super("Invalid input");
			this.errors = errors;
		}

		public Map<String, String> errors() {
			return this.errors;
		}

	}

	@Bean
	ExceptionHandler<InvalidInputException> invalidInput() {
		return ExceptionHandler.of(InvalidInputException.class,
				(ctx, ex) -> Problem.of(422, ex.getMessage(), ctx.path()).with("errors", ex.errors()));
	}

}
// end::handler[]
