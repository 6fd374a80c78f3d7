package dev.fastro.docs.webflux;

// tag::routes[]
import dev.fastro.http.Handler;
import dev.fastro.http.HttpException;
import dev.fastro.http.Middleware;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class FastroUsers {

	@Bean
	Routes userRoutes(UserStore users) {
		Handler find = (ctx) -> {
			long id = ctx.paramLong("id");
			return users.find(id).orElseThrow(() -> HttpException.notFound("No user " + id));
		};
		Handler add = (ctx) -> {
			User user = users.add(ctx.body(NewUser.class));
			return Response.created("/users/" + user.id(), user);
		};
		Middleware apiKey = (ctx, next) -> {
			if (!"s3cret".equals(ctx.header("x-api-key"))) {
				return Response.status(401);
			}
			return next.handle(ctx);
		};
		return Routes.builder().get("/users/{id}", find).post("/users", add).use(apiKey).build();
	}

}
// end::routes[]
