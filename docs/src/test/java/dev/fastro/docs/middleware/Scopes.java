package dev.fastro.docs.middleware;

// tag::scopes[]
import dev.fastro.http.Middleware;
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

@Configuration(proxyBeanMethods = false)
public class Scopes {

	/** A middleware that adds its name to the x-trail header, and goes on. */
	static Middleware trail(String name) {
		return (ctx, next) -> {
			ctx.responseHeaders().add("x-trail", name);
			return next.handle(ctx);
		};
	}

	@Bean
	@Order(1)
	Middleware secondGlobal() {
		return trail("global 2");
	}

	@Bean
	@Order(0) // lower runs first, outermost
	Middleware firstGlobal() {
		return trail("global 1");
	}

	@Bean
	Routes trailRoutes() {
		return Routes.builder()
			.group("/api",
					(api) -> api.use(trail("group"))
						.get("/trail", (ctx) -> "handler", trail("route 1"), trail("route 2")))
			.build();
	}

}
// end::scopes[]
