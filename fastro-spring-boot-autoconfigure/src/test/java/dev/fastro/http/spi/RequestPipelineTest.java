package dev.fastro.http.spi;

import java.util.List;

import dev.fastro.http.Routes;
import dev.fastro.router.PathMatch;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * A pipeline of routes alone finds a request's route as it would answer it, and refuses
 * routes it could not serve as the application's would.
 */
class RequestPipelineTest {

	private final JsonMapper jsonMapper = JsonMapper.builder().build();

	private final RequestPipeline pipeline = RequestPipeline.of(this.jsonMapper,
			List.of(Routes.builder()
				.get("/users/{id}/posts/{post}", ctx -> "post")
				.get("/files/{*path}", ctx -> "file")
				.build()));

	@Test
	void matchesARouteWithItsDecodedParameters() {
		PathMatch match = this.pipeline.match("GET", "/users/42/posts/a%20b");
		assertThat(match.pattern()).isEqualTo("/users/{id}/posts/{post}");
		assertThat(match.paramCount()).isEqualTo(2);
		assertThat(match.paramName(0)).isEqualTo("id");
		assertThat(match.paramValue(0)).isEqualTo("42");
		assertThat(match.param("post")).isEqualTo("a b");
		assertThat(match.param("none")).isNull();
		assertThat(this.pipeline.match("GET", "/files/a/b.txt").param("path")).isEqualTo("a/b.txt");
	}

	@Test
	void matchesHeadByTheGetRoute() {
		assertThat(this.pipeline.match("HEAD", "/users/1/posts/2").pattern()).isEqualTo("/users/{id}/posts/{post}");
	}

	@Test
	void matchesNothingForAnUnknownMethodOrPathOrAnUndecodablePath() {
		assertThat(this.pipeline.match("POST", "/users/1/posts/2")).isNull();
		assertThat(this.pipeline.match("GET", "/users/1")).isNull();
		assertThat(this.pipeline.match("GET", "/users/%zz/posts/2")).isNull();
	}

	@Test
	void readsJsonWithTheMapperItWasGiven() {
		assertThat(this.pipeline.jsonMapper()).isSameAs(this.jsonMapper);
	}

	@Test
	void refusesRoutesThatCollide() {
		Routes twice = Routes.builder().get("/a/{x}", ctx -> "x").get("/a/{y}", ctx -> "y").build();
		assertThatIllegalArgumentException().isThrownBy(() -> RequestPipeline.of(this.jsonMapper, List.of(twice)));
	}

}
