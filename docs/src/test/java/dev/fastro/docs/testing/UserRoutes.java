package dev.fastro.docs.testing;

// tag::routes[]
import dev.fastro.http.HttpException;
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class UserRoutes {

	@Bean
	Routes users(UserDirectory users) {
		return Routes.builder().get("/users/{id}", (ctx) -> {
			long id = ctx.paramLong("id");
			return users.find(id).orElseThrow(() -> HttpException.notFound("No user " + id));
		}).build();
	}

}
// end::routes[]
