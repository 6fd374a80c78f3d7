package dev.fastro.demo;

import java.net.http.HttpResponse;

import dev.fastro.autoconfigure.LocalFastroPort;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;

import static dev.fastro.test.TestHttp.APPLICATION_JSON;
import static dev.fastro.test.TestHttp.TEXT;
import static dev.fastro.test.TestHttp.assertResponse;
import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.header;
import static dev.fastro.test.TestHttp.post;
import static org.assertj.core.api.Assertions.assertThat;

/** The five benchmark scenarios, byte for byte, as the harness checks them. */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
class BenchmarkScenariosTest {

	@LocalFastroPort
	int port;

	@Test
	void root() {
		assertResponse(get(this.port, "/"), 200, TEXT, "Hello world!");
	}

	@Test
	void urlParams() {
		HttpResponse<String> response = get(this.port, "/user/123");
		assertResponse(response, 200, TEXT, "User 123");
		assertThat(header(response, "content-length")).isEqualTo("8");
	}

	@Test
	void queryParams() {
		assertResponse(get(this.port, "/query?name=fastro"), 200, TEXT, "Hello fastro");
	}

	@Test
	void middleware() {
		HttpResponse<String> response = get(this.port, "/middleware");
		assertResponse(response, 200, TEXT, "Hello fastro");
		assertThat(response.headers().allValues("x-user")).containsExactly("fastro");
	}

	@Test
	void onlyTheMiddlewareRouteHasMiddleware() {
		assertThat(get(this.port, "/").headers().firstValue("x-user")).isEmpty();
		assertThat(get(this.port, "/user/1").headers().firstValue("x-user")).isEmpty();
	}

	@Test
	void jsonPost() {
		String body = "{\"name\":\"fastro\",\"email\":\"hello@fastro.dev\"}";
		HttpResponse<String> response = post(this.port, "/json", "application/json", body);
		assertResponse(response, 200, APPLICATION_JSON, body);
		assertThat(header(response, "content-length")).isEqualTo("44");
	}

	@Test
	void jsonPostIsReadIntoTheRecordNotEchoedAsBytes() {
		// Whitespace and member order differ from the request; the record writes them its
		// own way.
		HttpResponse<String> response = post(this.port, "/json", "application/json; charset=utf-8",
				"{ \"email\" : \"hello@fastro.dev\",\n  \"name\" : \"fastro\" }");
		assertResponse(response, 200, APPLICATION_JSON, "{\"name\":\"fastro\",\"email\":\"hello@fastro.dev\"}");
	}

}
