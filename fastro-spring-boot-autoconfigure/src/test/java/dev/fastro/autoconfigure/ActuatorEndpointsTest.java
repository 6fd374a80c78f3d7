package dev.fastro.autoconfigure;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.http.Routes;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static dev.fastro.test.TestHttp.assertJsonEquals;
import static dev.fastro.test.TestHttp.assertProblem;
import static dev.fastro.test.TestHttp.call;
import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.header;
import static dev.fastro.test.TestHttp.json;
import static dev.fastro.test.TestHttp.request;
import static dev.fastro.test.TestHttp.send;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Actuator's web endpoints, served by Fastro's own server in an application that is not a
 * web application, answer as Actuator defines them: the links page, health with its
 * status mapping and probe groups, exposure, info, metrics, the Prometheus scrape by
 * {@code Accept}, and a custom endpoint's operations and arguments.
 */
class ActuatorEndpointsTest {

	static volatile boolean downstreamDown;

	/** The thread the health indicator last ran on. */
	static volatile String healthThread;

	static ConfigurableApplicationContext context;

	static int port;

	@BeforeAll
	static void start() {
		context = new SpringApplicationBuilder(ActuatorApp.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.security.enabled=false", "spring.application.name=actuated",
					"management.endpoints.web.exposure.include=health,info,metrics,prometheus,threaddump,heapdump,greetings,beans",
					"management.endpoint.heapdump.access=unrestricted",
					"management.endpoints.web.exposure.exclude=beans", "management.endpoint.health.show-details=always",
					"management.endpoint.health.probes.enabled=true", "management.info.env.enabled=true",
					"info.app.name=actuated", "management.endpoints.web.cors.allowed-origins=https://ops.example",
					"management.endpoints.web.cors.allowed-methods=GET,POST")
			.run();
		port = context.getEnvironment().getRequiredProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class);
	}

	@AfterAll
	static void stop() {
		context.close();
	}

	@Test
	void theBasePathListsTheExposedEndpoints() {
		HttpResponse<String> response = get(port, "/actuator");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(header(response, "content-type")).isEqualTo("application/vnd.spring-boot.actuator.v3+json");
		JsonNode links = json(response.body()).get("_links");
		String base = "http://127.0.0.1:" + port + "/actuator";
		assertThat(links.get("self").get("href").asString()).isEqualTo(base);
		assertThat(links.get("health-path").get("href").asString()).isEqualTo(base + "/health/{*path}");
		assertThat(links.get("health-path").get("templated").asBoolean()).isTrue();
		assertThat(links.propertyNames()).contains("health", "info", "metrics", "prometheus", "threaddump", "greetings")
			.doesNotContain("beans");
	}

	@Test
	void healthAnswersWithItsStatusMappedAndItsDetails() {
		HttpResponse<String> up = get(port, "/actuator/health", "accept", "application/json");
		assertThat(up.statusCode()).isEqualTo(200);
		assertThat(header(up, "content-type")).isEqualTo("application/json");
		JsonNode health = json(up.body());
		assertThat(health.get("status").asString()).isEqualTo("UP");
		assertThat(health.get("components").get("downstream").get("details").get("checked").asBoolean()).isTrue();
		assertThat(health.get("groups")).hasSize(2);
		assertThat(healthThread).as("a blocking operation runs off the event loop").startsWith("fastro-blocking");

		downstreamDown = true;
		try {
			HttpResponse<String> down = get(port, "/actuator/health");
			assertThat(down.statusCode()).isEqualTo(503);
			assertThat(json(down.body()).get("status").asString()).isEqualTo("DOWN");
			// The probes leave out other indicators: a dependency down is no reason to
			// restart or take an instance out.
			assertJsonEquals(get(port, "/actuator/health/liveness").body(), "{\"status\":\"UP\"}");
			assertJsonEquals(get(port, "/actuator/health/readiness").body(), "{\"status\":\"UP\"}");
		}
		finally {
			downstreamDown = false;
		}
		HttpResponse<String> noGroup = get(port, "/actuator/health/nope");
		assertThat(noGroup.statusCode()).isEqualTo(404);
		assertThat(noGroup.headers().firstValue("content-type")).hasValue("application/problem+json");
		assertThat(json(noGroup.body()).get("detail").asString())
			.isEqualTo("Actuator endpoint 'health' has nothing at /actuator/health/nope");
	}

	@Test
	void anExcludedEndpointIsNotServed() {
		assertThat(get(port, "/actuator/beans").statusCode()).isEqualTo(404);
		assertThat(get(port, "/actuator/env").statusCode()).isEqualTo(404);
	}

	@Test
	void infoAndMetricsAreServed() {
		assertJsonEquals(get(port, "/actuator/info").body(), "{\"app\":{\"name\":\"actuated\"}}");
		JsonNode names = json(get(port, "/actuator/metrics").body()).get("names");
		assertThat(names.valueStream().map(JsonNode::asString)).contains("jvm.memory.used");
		HttpResponse<String> memory = get(port, "/actuator/metrics/jvm.memory.used?tag=area:heap");
		assertThat(memory.statusCode()).isEqualTo(200);
		JsonNode metric = json(memory.body());
		assertThat(metric.get("name").asString()).isEqualTo("jvm.memory.used");
		assertThat(metric.get("baseUnit").asString()).isEqualTo("bytes");
		HttpResponse<String> noMetric = get(port, "/actuator/metrics/no.such.metric");
		assertThat(noMetric.statusCode()).isEqualTo(404);
		assertThat(noMetric.headers().firstValue("content-type")).hasValue("application/problem+json");
		assertThat(json(noMetric.body()).get("detail").asString())
			.isEqualTo("Actuator endpoint 'metrics' has nothing at /actuator/metrics/no.such.metric");
	}

	@Test
	void prometheusAnswersInTheFormatTheClientAccepts() {
		HttpResponse<String> text = get(port, "/actuator/prometheus", "accept", "text/plain");
		assertThat(text.statusCode()).isEqualTo(200);
		assertThat(header(text, "content-type")).isEqualTo("text/plain;version=0.0.4;charset=utf-8");
		assertThat(text.body()).contains("# TYPE jvm_memory_used_bytes gauge").doesNotContain("# EOF");

		HttpResponse<String> openMetrics = get(port, "/actuator/prometheus", "accept",
				"application/openmetrics-text;version=1.0.0");
		assertThat(openMetrics.statusCode()).isEqualTo(200);
		assertThat(header(openMetrics, "content-type"))
			.isEqualTo("application/openmetrics-text;version=1.0.0;charset=utf-8");
		assertThat(openMetrics.body()).endsWith("# EOF\n");

		// What Prometheus itself sends when it scrapes.
		HttpResponse<String> scrape = get(port, "/actuator/prometheus", "accept",
				"application/openmetrics-text;version=1.0.0;q=0.5,application/openmetrics-text;version=0.0.1;q=0.4,"
						+ "text/plain;version=0.0.4;q=0.3,*/*;q=0.2");
		assertThat(header(scrape, "content-type"))
			.isEqualTo("application/openmetrics-text;version=1.0.0;charset=utf-8");
	}

	@Test
	void operationsThatDifferByMediaTypeShareTheirPathAndAnswerByAccept() {
		// The thread dump has two read operations at one path: JSON and plain text.
		HttpResponse<String> json = get(port, "/actuator/threaddump");
		assertThat(json.statusCode()).isEqualTo(200);
		assertThat(header(json, "content-type")).isEqualTo("application/vnd.spring-boot.actuator.v3+json");
		assertThat(json(json.body()).get("threads").isArray()).isTrue();
		HttpResponse<String> text = get(port, "/actuator/threaddump", "accept", "text/plain");
		assertThat(text.statusCode()).isEqualTo(200);
		assertThat(header(text, "content-type")).isEqualTo("text/plain;charset=UTF-8");
		assertThat(text.body()).contains("Full thread dump");
		assertThat(get(port, "/actuator/threaddump", "accept", "text/plain;q=0.5, application/json").body())
			.startsWith("{");
		// Alike by q-value, the type the client names wins over the one its */* covers.
		assertThat(header(get(port, "/actuator/threaddump", "accept", "*/*, text/plain"), "content-type"))
			.isEqualTo("text/plain;charset=UTF-8");
		assertThat(get(port, "/actuator/threaddump", "accept", "text/html").statusCode()).isEqualTo(406);
	}

	@Test
	void theHeapDumpIsStreamedFromItsFile() throws Exception {
		HttpResponse<InputStream> response = TestHttp.CLIENT.send(request(port, "/actuator/heapdump").build(),
				BodyHandlers.ofInputStream());
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("content-type")).hasValue("application/octet-stream");
		try (InputStream body = response.body()) {
			assertThat(new String(body.readNBytes(18), StandardCharsets.US_ASCII)).isEqualTo("JAVA PROFILE 1.0.2");
			assertThat(body.transferTo(OutputStream.nullOutputStream())).isPositive();
		}
	}

	@Test
	void aClientThatAcceptsNoProducedTypeIsAnswered406() {
		assertThat(get(port, "/actuator/health", "accept", "text/html").statusCode()).isEqualTo(406);
		assertThat(header(get(port, "/actuator/health", "accept", "application/*+json"), "content-type"))
			.isEqualTo("application/vnd.spring-boot.actuator.v3+json");
	}

	@Test
	void aCustomEndpointReadsWritesAndDeletesBySelector() {
		assertThat(get(port, "/actuator/greetings/ada").statusCode()).isEqualTo(404);

		HttpResponse<String> written = send(
				request(port, "/actuator/greetings/ada").header("content-type", "application/json")
					.POST(BodyPublishers.ofString("{\"text\":\"Hello Ada\"}")));
		assertThat(written.statusCode()).isEqualTo(204);
		HttpResponse<String> read = get(port, "/actuator/greetings/ada");
		assertThat(read.statusCode()).isEqualTo(200);
		assertThat(read.body()).isEqualTo("Hello Ada");
		assertJsonEquals(get(port, "/actuator/greetings").body(), "{\"ada\":\"Hello Ada\"}");

		assertThat(call(port, "DELETE", "/actuator/greetings/ada").statusCode()).isEqualTo(204);
		assertThat(get(port, "/actuator/greetings/ada").statusCode()).isEqualTo(404);
	}

	@Test
	void aMissingParameterIsA400NamingIt() {
		HttpResponse<String> response = send(
				request(port, "/actuator/greetings/ada").header("content-type", "application/json")
					.POST(BodyPublishers.ofString("{}")));
		assertProblem(response, 400, "{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,"
				+ "\"detail\":\"Missing parameters: text\",\"instance\":\"/actuator/greetings/ada\"}");
	}

	@Test
	void theApplicationsOwnRoutesAreServedBeside() {
		assertThat(get(port, "/hello").body()).isEqualTo("hello");
	}

	@Test
	void crossOriginRequestsAreAnsweredAsBootsCorsKeysSay() {
		HttpResponse<String> preflight = send(
				request(port, "/actuator/greetings/ada").method("OPTIONS", BodyPublishers.noBody())
					.header("origin", "https://ops.example")
					.header("access-control-request-method", "POST"));
		assertThat(preflight.statusCode()).isEqualTo(204);
		assertThat(header(preflight, "access-control-allow-origin")).isEqualTo("https://ops.example");
		assertThat(header(preflight, "access-control-allow-methods")).isEqualTo("GET, POST");
		HttpResponse<String> health = get(port, "/actuator/health", "origin", "https://ops.example");
		assertThat(health.statusCode()).isEqualTo(200);
		assertThat(header(health, "access-control-allow-origin")).isEqualTo("https://ops.example");
		HttpResponse<String> deleting = send(
				request(port, "/actuator/greetings/ada").DELETE().header("origin", "https://ops.example"));
		assertProblem(deleting, 403,
				"{\"type\":\"about:blank\",\"title\":\"Forbidden\",\"status\":403,"
						+ "\"detail\":\"Cross-origin DELETE requests are not allowed; allowed: GET, POST\","
						+ "\"instance\":\"/actuator/greetings/ada\"}");
		assertThat(get(port, "/actuator/health", "origin", "https://elsewhere.example").statusCode()).isEqualTo(403);
		// They are the endpoints' keys: the application's own routes are not theirs to
		// open.
		HttpResponse<String> hello = get(port, "/hello", "origin", "https://ops.example");
		assertThat(hello.statusCode()).isEqualTo(200);
		assertThat(header(hello, "access-control-allow-origin")).isNull();
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class ActuatorApp {

		@Bean
		Routes hello() {
			return Routes.builder().get("/hello", ctx -> "hello").build();
		}

		@Bean
		HealthIndicator downstream() {
			return () -> {
				healthThread = Thread.currentThread().getName();
				return (downstreamDown ? Health.down() : Health.up()).withDetail("checked", true).build();
			};
		}

		@Bean
		GreetingsEndpoint greetingsEndpoint() {
			return new GreetingsEndpoint();
		}

	}

	@Endpoint(id = "greetings")
	static class GreetingsEndpoint {

		private final Map<String, String> greetings = new ConcurrentHashMap<>();

		@ReadOperation
		Map<String, String> all() {
			return this.greetings;
		}

		@ReadOperation
		String greeting(@Selector String name) {
			return this.greetings.get(name);
		}

		@WriteOperation
		void greet(@Selector String name, String text) {
			this.greetings.put(name, text);
		}

		@DeleteOperation
		void forget(@Selector String name) {
			this.greetings.remove(name);
		}

	}

}
