package dev.fastro.docs.middleware;

// tag::cors[]
import java.time.Duration;
import java.util.List;

import dev.fastro.cors.Cors;
import dev.fastro.http.HttpException;
import dev.fastro.http.Middleware;
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.cors.CorsConfiguration;

@Configuration(proxyBeanMethods = false)
public class ApiCors {

	@Bean
	Routes apiRoutes() {
		CorsConfiguration cors = new CorsConfiguration();
		cors.addAllowedOrigin("https://app.example");
		// DELETE only from the server's own pages
		cors.setAllowedMethods(List.of("GET", "PUT"));
		cors.setAllowedHeaders(List.of("authorization", "content-type"));
		cors.addExposedHeader("x-total");
		cors.setAllowCredentials(true);
		cors.setMaxAge(Duration.ofMinutes(10));
		Middleware bearerToken = (ctx, next) -> {
			if (!"Bearer s3cret".equals(ctx.header("authorization"))) {
				throw new HttpException(401, "A bearer token is required");
			}
			return next.handle(ctx);
		};
		return Routes.builder()
			// Cors first: browsers send preflights without the token
			.group("/api", (api) -> api.use(Cors.of(cors), bearerToken).get("/users", (ctx) -> {
				ctx.header("x-total", "2");
				return List.of("ada", "grace");
			}).put("/users/{id}", (ctx) -> ctx.bodyString()).delete("/users/{id}", (ctx) -> null))
			.get("/public", (ctx) -> "no CORS here")
			.build();
	}

}
// end::cors[]
