package dev.fastro.docs.routes;

// tag::group[]
import java.util.Map;

import dev.fastro.http.HttpException;
import dev.fastro.http.Middleware;
import dev.fastro.http.Routes;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class AdminRoutes {

	private static final Log logger = LogFactory.getLog(AdminRoutes.class);

	@Bean
	Routes adminApi() {
		Middleware bearerToken = (ctx, next) -> {
			if (!"Bearer s3cret".equals(ctx.header("authorization"))) {
				throw new HttpException(401, "A bearer token is required");
			}
			return next.handle(ctx);
		};
		Middleware audit = (ctx, next) -> {
			String client = ctx.remoteAddress().getAddress().getHostAddress();
			logger.info(ctx.method() + " " + ctx.path() + " from " + client);
			return next.handle(ctx);
		};
		return Routes.builder()
			// outside the group: no token needed
			.get("/health", (ctx) -> "up")
			.group("/admin", (admin) -> admin.use(bearerToken)
				.get("/stats", (ctx) -> Map.of("reports", 3))
				// route middleware, inside the group's
				.delete("/cache", (ctx) -> null, audit)
				// a nested group: /admin/users/{id}, with the token too
				.group("/users", (users) -> users.get("/{id}", (ctx) -> Map.of("id", ctx.param("id")))))
			.build();
	}

}
// end::group[]
