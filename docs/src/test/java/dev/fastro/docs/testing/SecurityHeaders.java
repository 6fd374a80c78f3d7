package dev.fastro.docs.testing;

import dev.fastro.http.Middleware;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A global middleware, which every {@code @FastroTest} keeps. */
@Configuration(proxyBeanMethods = false)
public class SecurityHeaders {

	@Bean
	Middleware noSniff() {
		return (ctx, next) -> next.handle(ctx.header("x-content-type-options", "nosniff"));
	}

}
