package dev.fastro.docs.validation;

import dev.fastro.http.ExceptionHandler;
import dev.fastro.http.InvalidBodyException;
import dev.fastro.http.Problem;

import org.springframework.context.annotation.Bean;

/**
 * The sample of "Validating request bodies" that answers invalid bodies otherwise: not a
 * bean here, so that the other samples of the page answer as Fastro does.
 */
class InvalidBodies {

	// tag::handler[]
	@Bean
	ExceptionHandler<InvalidBodyException> invalidBody() {
		return ExceptionHandler.of(InvalidBodyException.class,
				(ctx, ex) -> Problem.of(422, "Check the fields listed", ctx.path()).with("errors", ex.errors()));
	}
	// end::handler[]

}
