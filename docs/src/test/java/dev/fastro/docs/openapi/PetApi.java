package dev.fastro.docs.openapi;

// tag::describe[]
import java.util.List;

import dev.fastro.http.HttpException;
import dev.fastro.http.Routes;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ParameterizedTypeReference;

@Configuration(proxyBeanMethods = false)
public class PetApi {

	public record Pet(long id, String name) {
	}

	public record NewPet(@NotBlank @Size(max = 40) String name) {
	}

	@Bean
	Routes pets() {
		return Routes.builder()
			.tag("pets") // every route below is listed under "pets"
			.get("/pets", (ctx) -> List.of(new Pet(1, "Rex")))
			.describe((doc) -> doc.summary("Lists pets")
				.optionalQuery("limit", int.class)
				.returns(200, new ParameterizedTypeReference<List<Pet>>() {
				}.getType()))
			.get("/pets/{id:[0-9]+}", (ctx) -> find(ctx.paramLong("id")))
			// returns(404) without a type: an answer of Fastro's problem details
			.describe((doc) -> doc.summary("Finds a pet").param("id", long.class).returns(200, Pet.class).returns(404))
			.post("/pets", (ctx) -> new Pet(2, ctx.body(NewPet.class).name()))
			.describe((doc) -> doc.summary("Adds a pet").accepts(NewPet.class).returns(200, Pet.class))
			.build();
	}

	private static Pet find(long id) {
		if (id != 1) {
			throw new HttpException(404, "No pet " + id);
		}
		return new Pet(1, "Rex");
	}

}
// end::describe[]
