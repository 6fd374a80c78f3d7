package dev.fastro.demo;

import java.net.http.HttpResponse;

import dev.fastro.autoconfigure.LocalFastroPort;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.context.SpringBootTest;

import static dev.fastro.test.TestHttp.assertJsonEquals;
import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.header;
import static dev.fastro.test.TestHttp.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo serves Actuator's health, probes, info and Prometheus scrape on its own port,
 * as its {@code application.yml} exposes them, out of the box.
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
class ActuatorTest {

	@LocalFastroPort
	int port;

	@Test
	void healthAndProbesAreUp() {
		HttpResponse<String> health = get(this.port, "/actuator/health");
		assertThat(health.statusCode()).as(health.body()).isEqualTo(200);
		assertThat(health.body()).contains("\"status\":\"UP\"");
		assertJsonEquals(get(this.port, "/actuator/health/liveness").body(), "{\"status\":\"UP\"}");
		assertJsonEquals(get(this.port, "/actuator/health/readiness").body(), "{\"status\":\"UP\"}");
	}

	@Test
	void infoNamesTheApplicationAndItsBuild() {
		JsonNode info = json(get(this.port, "/actuator/info").body());
		assertJsonEquals(info.get("app").toString(), "{\"name\":\"Fastro demo\"}");
		assertThat(info.get("build").get("artifact").asString()).isEqualTo("demo-app");
	}

	@Test
	void prometheusScrapesTheRegistry() {
		HttpResponse<String> scrape = get(this.port, "/actuator/prometheus");
		assertThat(scrape.statusCode()).isEqualTo(200);
		assertThat(header(scrape, "content-type")).startsWith("text/plain;version=0.0.4");
		assertThat(scrape.body()).contains("jvm_memory_used_bytes");
	}

	@Test
	void endpointsThatAreNotExposedAreNotServed() {
		assertThat(get(this.port, "/actuator/env").statusCode()).isEqualTo(404);
	}

}
