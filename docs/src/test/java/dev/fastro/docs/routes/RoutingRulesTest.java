package dev.fastro.docs.routes;

import java.time.Duration;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.autoconfigure.AutoConfigureFastroTestClient;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rules of the Routes page that the server applies over HTTP: what a request target
 * may hold, dot segments, and the answers to {@code HEAD}, {@code OPTIONS} and a method
 * no route takes.
 */
@SpringBootTest(properties = "fastro.server.port=0")
@AutoConfigureFastroTestClient
class RoutingRulesTest {

	@LocalFastroPort
	int port;

	@Autowired
	FastroTestClient client;

	@Test
	void aDotSegmentIsA400EscapedOrNot() throws Exception {
		for (String path : new String[] { "/files/../etc/passwd", "/files/./a", "/files/%2e%2E/x", "/files/..%2Fx",
				"/files/a/.." }) {
			RawResponse response = call("GET", path);
			assertThat(response.status()).as(path).isEqualTo(400);
			assertThat(response.bodyString()).as(path).contains("dot segment");
		}
	}

	@Test
	void dotsElsewhereArePlainData() throws Exception {
		assertThat(call("GET", "/files/v1.2").bodyString()).isEqualTo("File v1.2");
		assertThat(call("GET", "/files/...").bodyString()).isEqualTo("File ...");
		assertThat(call("GET", "/files/a..b/.x").bodyString()).isEqualTo("File a..b/.x");
		assertThat(call("GET", "/files/x?to=../y").bodyString()).isEqualTo("File x");
	}

	@Test
	void aRawByteOutsideVisibleAsciiIsA400BeforeRouting() throws Exception {
		assertThat(call("GET", "/users/caf\u00e9").status()).isEqualTo(400);
		assertThat(call("GET", "/users/a\u007fb").status()).isEqualTo(400);
	}

	@Test
	void headIsServedByTheGetRouteWithoutABody() {
		assertThat(this.client.head("/users/ada").exchange()).hasStatus(200)
			.hasHeader("content-length", "8")
			.hasEmptyBody();
	}

	@Test
	void optionsIsAnsweredWithAllow() {
		assertThat(this.client.options("/users/ada").exchange()).hasStatus(204)
			.hasHeader("allow", "GET, HEAD, OPTIONS");
	}

	@Test
	void optionsStarNamesEveryMethodTheApplicationRoutes() throws Exception {
		RawResponse response = call("OPTIONS", "*");
		assertThat(response.status()).isEqualTo(204);
		assertThat(response.header("allow")).isEqualTo("GET, HEAD, OPTIONS");
	}

	@Test
	void aMethodNoRouteOfThePathTakesIsA405WithAllow() {
		assertThat(this.client.delete("/users/ada").exchange())
			.isProblem(405, "Method DELETE is not allowed on /users/ada; allowed: GET, HEAD, OPTIONS")
			.hasHeader("allow", "GET, HEAD, OPTIONS");
	}

	private RawResponse call(String method, String target) throws Exception {
		try (RawHttp wire = new RawHttp(this.port, Duration.ofSeconds(10))) {
			return wire.send(rawRequest(method, target)).read();
		}
	}

}
