package dev.fastro.docs.handlers;

// tag::attributes[]
import dev.fastro.http.AttributeKey;
import dev.fastro.http.HttpException;
import dev.fastro.http.Middleware;
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class Attributes {

	public record User(String name, boolean admin) {
	}

	/** Your sessions or tokens. */
	public interface Users {

		User byToken(String token);

	}

	/** Declared once, as a constant: keys compare by identity. */
	static final AttributeKey<User> USER = AttributeKey.of("user", User.class);

	@Bean
	Routes accountRoutes(Users users) {
		Middleware authenticated = (ctx, next) -> {
			User user = users.byToken(ctx.header("authorization"));
			if (user == null) {
				throw new HttpException(401, "Sign in first");
			}
			// for the handler, and the middleware inside this one
			ctx.set(USER, user);
			return next.handle(ctx);
		};
		return Routes.builder()
			.group("/account", (account) -> account.use(authenticated)
				// a User, without a cast
				.get("/", (ctx) -> ctx.get(USER))
				.get("/greeting", (ctx) -> "Hello " + ctx.get(USER).name()))
			.build();
	}

}
// end::attributes[]
