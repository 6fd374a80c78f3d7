package dev.fastro.docs.routes;

import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** "Patterns" of the Routes page: what each pattern matches, and the values it gives. */
class CatalogRoutesTest {

	private final FastroTestClient client = FastroTestClient.bindTo(new CatalogRoutes().catalog());

	@Test
	void aStaticSegmentWinsOverARegexThenAPlainParameter() {
		assertThat(this.client.get("/users/new").exchange()).hasBody("The sign-up form");
		assertThat(this.client.get("/users/42").exchange()).hasBody("User #42");
		assertThat(this.client.get("/users/ada").exchange()).hasBody("User ada");
	}

	@Test
	void theWalkBacktracksWhenABranchCannotMatchTheRest() {
		assertThat(this.client.get("/users/new/edit").exchange()).hasBody("Editing new");
		assertThat(this.client.get("/users/42/edit").exchange()).hasBody("Editing 42");
	}

	@Test
	void aCatchAllTakesTheRestOfThePathDecoded() {
		assertThat(this.client.get("/files/docs/2024/a%20b.txt").exchange()).hasBody("File docs/2024/a b.txt");
		assertThat(this.client.get("/files/").exchange()).hasBody("File ");
		assertThat(this.client.get("/files").exchange()).hasStatus(404);
	}

	@Test
	void aPlainParameterTakesOneNonEmptySegment() {
		assertThat(this.client.get("/users/").exchange()).hasStatus(404);
	}

	@Test
	void unicodeIsWrittenAsReadAndMatchedAsSent() {
		assertThat(this.client.get("/caf%C3%A9/cr%C3%AApe").exchange()).hasBody("Today: crêpe");
		assertThat(this.client.get("/café/crêpe").exchange()).hasBody("Today: crêpe");
		assertThat(this.client.get("/caf%c3%a9/cr%c3%aape").exchange()).hasStatus(404);
	}

	@Test
	void valuesArePercentDecodedOnceAsUtf8() {
		assertThat(this.client.get("/users/J%C3%BCrgen").exchange()).hasBody("User Jürgen");
		assertThat(this.client.get("/users/50%2525").exchange()).hasBody("User 50%25");
		assertThat(this.client.get("/users/a%2Fb").exchange()).hasBody("User a/b");
		assertThat(this.client.get("/users/1%002").exchange()).hasBody("User 1\u00002");
		assertThat(this.client.get("/users/%zz").exchange()).hasStatus(400);
	}

	@Test
	void theTrailingSlashIsStrictByDefault() {
		assertThat(this.client.get("/users/ada/").exchange()).hasStatus(404);
	}

}
