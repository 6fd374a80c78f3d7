package dev.fastro.docs.routes;

import dev.fastro.http.Routes;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The patterns the Routes page says fail start-up, and why. */
class PatternRulesTest {

	@Test
	void aPatternWrittenEncodedIsTheSameRouteAsWrittenAsRead() {
		assertThatIllegalArgumentException().isThrownBy(() -> bind(
				Routes.builder().get("/café", (ctx) -> "read").get("/caf%C3%A9", (ctx) -> "encoded").build()));
	}

	@Test
	void aCharacterAReaderCannotSeeIsRefusedWithHowToWriteIt() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> bind(Routes.builder().get("/price\u200b", (ctx) -> "?").build()))
			.withMessageContaining(
					"character U+200B cannot be seen in a route pattern; " + "write it percent-encoded, as %E2%80%8B");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> bind(Routes.builder().get("/two words", (ctx) -> "?").build()))
			.withMessageContaining("as %20");
	}

	@Test
	void aQueryOrFragmentIsNoPartOfAPattern() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> bind(Routes.builder().get("/search?q", (ctx) -> "?").build()))
			.withMessageContaining("a '?' starts the query string");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> bind(Routes.builder().get("/page#top", (ctx) -> "?").build()))
			.withMessageContaining("a '#' starts a fragment");
	}

	@Test
	void aMalformedEscapeIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> bind(Routes.builder().get("/caf%C3", (ctx) -> "?").build()))
			.withMessageContaining("malformed percent-encoding");
	}

	@Test
	void patternsThatDifferOnlyByParameterNamesCollide() {
		assertThatIllegalArgumentException().isThrownBy(() -> bind(
				Routes.builder().get("/users/{id}", (ctx) -> "id").get("/users/:name", (ctx) -> "name").build()));
	}

	@Test
	void anyMethodMayBeRouted() {
		FastroTestClient client = FastroTestClient
			.bindTo(Routes.builder().route("PROPFIND", "/dav", (ctx) -> ctx.method()).build());
		assertThat(client.method("PROPFIND", "/dav").exchange()).hasBody("PROPFIND");
	}

	private static void bind(Routes routes) {
		FastroTestClient.bindTo(routes);
	}

}
