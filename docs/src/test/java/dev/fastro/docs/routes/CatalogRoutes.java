package dev.fastro.docs.routes;

// tag::patterns[]
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class CatalogRoutes {

	@Bean
	Routes catalog() {
		return Routes.builder()
			// static: wins over the parameters below
			.get("/users/new", (ctx) -> "The sign-up form")
			// one segment of digits
			.get("/users/{id:[0-9]+}", (ctx) -> "User #" + ctx.paramLong("id"))
			// any other segment
			.get("/users/:name", (ctx) -> "User " + ctx.param("name"))
			.get("/users/:name/edit", (ctx) -> "Editing " + ctx.param("name"))
			// the rest of the path, slashes included
			.get("/files/{*path}", (ctx) -> "File " + ctx.param("path"))
			// matches /caf%C3%A9/..., as clients send it
			.get("/café/{dish}", (ctx) -> "Today: " + ctx.param("dish"))
			.build();
	}

}
// end::patterns[]
