package dev.fastro.docs.handlers;

import dev.fastro.docs.handlers.Articles.Article;
import dev.fastro.docs.handlers.Articles.ArticleStore;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ArticlesTest {

	final ArticleStore articles = new ArticleStore();

	final FastroTestClient client = FastroTestClient.bindTo(Articles.articleRoutes(this.articles));

	@Test
	void aCurrentCopyIsNotModifiedAndNotLoaded() {
		assertThat(this.client.get("/articles/1").exchange()).hasStatus(200).hasHeader("etag", "\"v1\"");
		assertThat(this.client.get("/articles/1").header("if-none-match", "\"v1\"").exchange()).hasStatus(304)
			.hasHeader("etag", "\"v1\"");
		assertThat(this.articles.loads).hasValue(1);
	}

	@Test
	void aChangeToAnotherVersionThanTheClientsIsRefused() {
		assertThat(this.client.put("/articles/1")
			.header("if-match", "\"v0\"")
			.json(new Article("Stale", "Lost update"))
			.exchange()).isProblem(412, "If-Match \"v0\" does not match the current \"v1\"");
		assertThat(this.articles.articles.get("1").title()).isEqualTo("Hello");
		assertThat(this.client.put("/articles/1")
			.header("if-match", "\"v1\"")
			.json(new Article("Fresh", "Saved"))
			.exchange()).hasStatus(200).hasHeader("etag", "\"v2\"");
	}

}
