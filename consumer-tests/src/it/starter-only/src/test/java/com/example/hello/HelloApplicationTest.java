package com.example.hello;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole application on a free port, called over HTTP by the JDK's client.
 */
@SpringBootTest(properties = "fastro.server.port=0")
class HelloApplicationTest {

	private final HttpClient client = HttpClient.newHttpClient();

	@Value("${local.fastro.port}")
	private int port;

	@Test
	void answersText() throws Exception {
		HttpResponse<String> response = get("/hello");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("content-type")).hasValue("text/plain; charset=utf-8");
		assertThat(response.body()).isEqualTo("Hello");
	}

	@Test
	void answersJson() throws Exception {
		HttpResponse<String> response = get("/greetings/Ada");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
		assertThat(response.body()).isEqualTo("{\"text\":\"Hello Ada\"}");
	}

	@Test
	void answersAnUnknownPathWithAProblem() throws Exception {
		HttpResponse<String> response = get("/nope");
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
	}

	private HttpResponse<String> get(String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path)).build();
		return this.client.send(request, HttpResponse.BodyHandlers.ofString());
	}

}
