package dev.fastro.docs.testing;

import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Routes beside {@link UserRoutes}, which {@code @FastroTest(UserRoutes.class)} leaves
 * out.
 */
@Configuration(proxyBeanMethods = false)
public class HelloRoutes {

	@Bean
	Routes hello() {
		return Routes.builder().get("/", (ctx) -> "Hello world!").build();
	}

}
