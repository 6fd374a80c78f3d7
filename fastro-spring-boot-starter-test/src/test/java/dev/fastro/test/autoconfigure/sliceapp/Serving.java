package dev.fastro.test.autoconfigure.sliceapp;

import dev.fastro.http.ExceptionHandler;
import dev.fastro.http.Middleware;
import dev.fastro.http.Problem;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Global middleware and an exception handler, which every slice keeps. */
@Configuration(proxyBeanMethods = false)
public class Serving {

	@Bean
	Middleware poweredBy() {
		return (ctx, next) -> next.handle(ctx.header("x-powered-by", "fastro"));
	}

	@Bean
	ExceptionHandler<UnsupportedOperationException> unsupported() {
		return ExceptionHandler.of(UnsupportedOperationException.class,
				(ctx, ex) -> Problem.of(501, ex.getMessage(), ctx.path()));
	}

}
