package dev.fastro.docs.files;

import dev.fastro.test.autoconfigure.AutoConfigureFastroTestClient;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Single-page apps" of the Static files page, over HTTP: a page that matches no route
 * and no file gets the application's {@code index.html}; anything else its 404.
 */
@SpringBootTest(classes = FilesApp.class,
		properties = { "fastro.server.port=0", "shop.invoices-dir=.", "shop.reports-dir=.",
				"spring.web.resources.static-locations=classpath:/docs-static/", "fastro.static.single-page-app=true" })
@AutoConfigureFastroTestClient
class SinglePageAppTest {

	private static final String BROWSER = "text/html,application/xhtml+xml,*/*;q=0.8";

	@Autowired
	FastroTestClient client;

	@Test
	void answersAPageTheBrowserRoutesWithTheIndex() {
		assertThat(this.client.get("/orders/42").header("accept", BROWSER).exchange()).hasStatus(200)
			.hasContentType("text/html; charset=utf-8")
			.bodyText()
			.contains("<h1>Shop</h1>");
		assertThat(this.client.get("/help/").header("accept", BROWSER).exchange()).hasStatus(200)
			.bodyText()
			.contains("<h1>Help</h1>");
	}

	@Test
	void answersWhatIsNoPageWith404() {
		assertThat(this.client.get("/orders/42").header("accept", "*/*").exchange()).hasStatus(404);
		assertThat(this.client.get("/orders/42").header("accept", "application/json").exchange()).hasStatus(404);
		assertThat(this.client.get("/.env").header("accept", BROWSER).exchange()).hasStatus(404);
		assertThat(this.client.get("/price-list").header("accept", BROWSER).exchange()).hasStatus(200)
			.hasContentType("text/csv; charset=utf-8");
	}

}
