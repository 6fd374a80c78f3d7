package dev.fastro.docs.webflux;

// tag::routes[]
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
		Middleware apiKey = (ctx, next) -> "s3cret".equals(ctx.header("x-api-key")) ? next.handle(ctx)
				: Response.status(401);
		return Routes.builder()
			.get("/users/{id}",
					(ctx) -> users.find(ctx.paramLong("id"))
						.orElseThrow(() -> HttpException.notFound("No user " + ctx.param("id"))))
			.post("/users", (ctx) -> {
				User user = users.add(ctx.body(NewUser.class));
				return Response.created("/users/" + user.id(), user);
			})
			.use(apiKey)
			.build();
	}

}
// end::routes[]
