package dev.fastro.autoconfigure;

import java.net.http.HttpResponse;

import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static dev.fastro.test.TestHttp.get;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Behind a proxy, with forwarded headers on, Actuator's links page links to the proxy's
 * scheme, host and port, as Spring's own mappings do, and not to the port the proxy
 * reached.
 */
class ActuatorBehindProxyTest {

	@Test
	void linksNameTheProxysSchemeHostAndPort() {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(
				ActuatorEndpointsTest.ActuatorApp.class)
			.web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.security.enabled=false",
					"fastro.server.forward-headers-strategy=native", "management.endpoints.web.exposure.include=health")
			.run()) {
			int port = context.getEnvironment().getRequiredProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class);
			assertThat(self(port)).isEqualTo("http://127.0.0.1:" + port + "/actuator");
			assertThat(self(port, "x-forwarded-proto", "https", "x-forwarded-host", "api.example"))
				.isEqualTo("https://api.example/actuator");
			assertThat(self(port, "x-forwarded-proto", "https", "x-forwarded-host", "api.example", "x-forwarded-port",
					"8443"))
				.isEqualTo("https://api.example:8443/actuator");
			assertThat(self(port, "forwarded", "proto=http;host=\"[2001:db8::1]:8080\""))
				.isEqualTo("http://[2001:db8::1]:8080/actuator");
		}
	}

	private static String self(int port, String... headers) {
		HttpResponse<String> response = get(port, "/actuator", headers);
		assertThat(response.statusCode()).isEqualTo(200);
		JsonNode links = JsonMapper.builder().build().readTree(response.body()).get("_links");
		return links.get("self").get("href").asString();
	}

}
