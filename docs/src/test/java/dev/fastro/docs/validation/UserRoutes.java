package dev.fastro.docs.validation;

// tag::users[]
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class UserRoutes {

	public record NewUser(@NotBlank String name, @NotBlank @Email String email) {
	}

	@Bean
	Routes users() {
		// ctx.body validates the NewUser it reads: an invalid one is a 400.
		return Routes.builder().post("/users", (ctx) -> Response.status(201).body(ctx.body(NewUser.class))).build();
	}

}
// end::users[]
