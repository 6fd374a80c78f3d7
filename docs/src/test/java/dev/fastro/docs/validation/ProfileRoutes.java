package dev.fastro.docs.validation;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.fastro.http.Routes;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The sample of "Validating request bodies" on the names of invalid fields. */
@Configuration(proxyBeanMethods = false)
public class ProfileRoutes {

	// tag::names[]
	public record Profile(@NotBlank String displayName, @JsonProperty("e-mail") @Email String email) {
	}
	// end::names[]

	@Bean
	Routes profiles() {
		return Routes.builder().put("/profile", (ctx) -> ctx.body(Profile.class)).build();
	}

}
