package dev.fastro.docs.validation;

import dev.fastro.http.Routes;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.groups.Default;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The sample of "Validating request bodies" on validation groups. */
@Configuration(proxyBeanMethods = false)
public class ArticleRoutes {

	// tag::groups[]
	/** The constraints an article must meet to be published. */
	public interface Publishing {

	}

	public record Article(@NotBlank String title, @NotBlank(groups = Publishing.class) String text) {
	}

	@Bean
	Routes articles() {
		return Routes.builder()
			// A draft needs a title only: the default group, checked by ctx.body.
			.post("/drafts", (ctx) -> ctx.body(Article.class))
			// A published article needs its text too.
			.post("/articles", (ctx) -> ctx.validBody(Article.class, Publishing.class, Default.class))
			.build();
	}
	// end::groups[]

}
