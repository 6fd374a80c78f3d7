package dev.fastro.docs.handlers;

import dev.fastro.http.Routes;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** "Reading the request" of the Handlers page. */
class RequestReadingTest {

	private final FastroTestClient client = FastroTestClient.bindTo(RequestReading.routes());

	@Test
	void pathParameters() {
		assertThat(this.client.get("/orders/7/lines/2").exchange()).hasBody("Line 2 of order 7 {id=7, n=2}");
		assertThat(this.client.get("/orders/x/lines/2").exchange()).isProblem(400,
				"Path parameter 'id' must be a whole number, not 'x'");
		assertThat(this.client.get("/orders/7/lines/99999999999").exchange()).hasStatus(400);
	}

	@Test
	void queryParameters() {
		assertThat(this.client.get("/search?q=green+tea&tag=organic&tag=loose&page=2").exchange())
			.hasJsonBody("{\"q\":\"green tea\",\"tags\":[\"organic\",\"loose\"],\"page\":2,\"parameters\":3}");
		assertThat(this.client.get("/search?q=tea").exchange())
			.hasJsonBody("{\"q\":\"tea\",\"tags\":[],\"page\":1,\"parameters\":1}");
		assertThat(this.client.get("/search?q=tea&page=two").exchange()).isProblem(400,
				"Query parameter 'page' must be a whole number, not 'two'");
	}

	@Test
	void aRequiredQueryParameterThatIsMissingIsA400() {
		FastroTestClient client = FastroTestClient
			.bindTo(Routes.builder().get("/page", (ctx) -> ctx.queryLong("page")).build());
		assertThat(client.get("/page").exchange()).isProblem(400, "Query parameter 'page' is required");
	}

	@Test
	void aParameterTheRouteDoesNotDeclareIsABug() {
		FastroTestClient client = FastroTestClient
			.bindTo(Routes.builder().get("/users/{id}", (ctx) -> ctx.param("name")).build());
		assertThat(client.get("/users/1").exchange()).hasStatus(500);
	}

	@Test
	void headersAndCookies() {
		assertThat(this.client.get("/greeting")
			.header("accept-language", "fr-CH, fr;q=0.9")
			.header("Via", "1.1 a")
			.header("via", "1.1 b")
			.cookie("theme", "dark")
			.exchange()).hasBody("Bonjour, in the dark theme, through 2 proxies");
		assertThat(this.client.get("/greeting").exchange()).hasBody("Hello, in the light theme, through 0 proxies");
	}

	@Test
	void theClientAndTheRequestLine() {
		assertThat(this.client.get("/whoami/caf%C3%A9?x=1").header("host", "shop.example:8443").exchange())
			.hasJsonBody("""
					{"client":"127.0.0.1","origin":"http://shop.example:8443","method":"GET",
					 "path":"/whoami/caf%C3%A9","uri":"/whoami/caf%C3%A9?x=1","route":"/whoami/{*rest}"}""");
	}

}
