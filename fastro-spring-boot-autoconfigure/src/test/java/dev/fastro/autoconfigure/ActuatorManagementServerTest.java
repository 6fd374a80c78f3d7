package dev.fastro.autoconfigure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.http.Handler;
import dev.fastro.http.Routes;
import dev.fastro.test.TestCertificates;
import dev.fastro.test.TestCertificates.Identity;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.header;
import static dev.fastro.test.TestHttp.request;
import static dev.fastro.test.TestHttp.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * With {@code management.server.port} set, a second Fastro server serves Actuator's
 * endpoints on that port and the application's server serves none; when the context
 * closes, readiness refuses traffic before the application's server drains, while the
 * management server still answers.
 */
class ActuatorManagementServerTest {

	@TempDir
	static Path keys;

	static final CountDownLatch slowReached = new CountDownLatch(1);

	static final CountDownLatch slowRelease = new CountDownLatch(1);

	@Test
	void theEndpointsAreServedOnTheManagementPortOnly() {
		try (ConfigurableApplicationContext context = start(
				"management.endpoints.web.cors.allowed-origin-patterns=https://*.ops.example")) {
			int port = port(context, FastroServerLifecycle.PORT_PROPERTY);
			int management = port(context, FastroServerLifecycle.MANAGEMENT_PORT_PROPERTY);
			assertThat(management).isNotEqualTo(port);

			assertThat(get(management, "/actuator/health").statusCode()).isEqualTo(200);
			assertThat(get(management, "/actuator").statusCode()).isEqualTo(200);
			assertThat(header(get(management, "/actuator/health", "origin", "https://eu.ops.example"),
					"access-control-allow-origin"))
				.isEqualTo("https://eu.ops.example");
			assertThat(get(management, "/slow").statusCode()).isEqualTo(404);
			assertThat(get(port, "/actuator/health").statusCode()).isEqualTo(404);
			assertThat(get(port, "/actuator").statusCode()).isEqualTo(404);
		}
	}

	@Test
	void readinessRefusesTrafficWhileTheApplicationsServerDrains() throws Exception {
		ConfigurableApplicationContext context = start();
		int port = port(context, FastroServerLifecycle.PORT_PROPERTY);
		int management = port(context, FastroServerLifecycle.MANAGEMENT_PORT_PROPERTY);
		// Both servers are closed under this client's connections: the shared client's
		// pool must not keep them.
		HttpClient ownClient = TestHttp.newClient();
		assertThat(send(ownClient, request(management, "/actuator/health/readiness")).statusCode()).isEqualTo(200);
		CompletableFuture<HttpResponse<String>> slow = CompletableFuture
			.supplyAsync(() -> send(ownClient, request(port, "/slow")));
		assertThat(slowReached.await(10, TimeUnit.SECONDS)).as("the slow request is in flight").isTrue();

		CompletableFuture<Void> closing = CompletableFuture.runAsync(context::close);
		try {
			await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
				HttpResponse<String> readiness = send(ownClient, request(management, "/actuator/health/readiness"));
				assertThat(readiness.statusCode()).isEqualTo(503);
				assertThat(readiness.body()).contains("OUT_OF_SERVICE");
			});
			assertThat(slow).isNotDone();
		}
		finally {
			slowRelease.countDown();
		}
		assertThat(slow.get(10, TimeUnit.SECONDS).body()).isEqualTo("finished");
		closing.get(10, TimeUnit.SECONDS);
	}

	@Test
	void theManagementPortServesTlsFromBootsManagementSslBundle() throws Exception {
		Identity identity = TestCertificates.create(keys, "management");
		String keyStore = "spring.ssl.bundle.jks.management.keystore.";
		try (ConfigurableApplicationContext context = start(keyStore + "location=file:" + identity.keyStore(),
				keyStore + "password=" + Identity.PASSWORD, keyStore + "type=PKCS12",
				"management.server.ssl.bundle=management")) {
			int port = port(context, FastroServerLifecycle.PORT_PROPERTY);
			int management = port(context, FastroServerLifecycle.MANAGEMENT_PORT_PROPERTY);
			HttpClient tls = HttpClient.newBuilder()
				.sslContext(TestCertificates.clientContext(null, identity))
				.connectTimeout(Duration.ofSeconds(5))
				.build();
			HttpResponse<String> health = tls.send(
					HttpRequest.newBuilder(URI.create("https://localhost:" + management + "/actuator/health")).build(),
					BodyHandlers.ofString());
			assertThat(health.statusCode()).isEqualTo(200);
			assertThatExceptionOfType(IOException.class).isThrownBy(() -> HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://localhost:" + management + "/actuator/health")).build(),
						BodyHandlers.ofString()));
			// The application's own port keeps its own settings: clear text here.
			assertThat(get(port, "/actuator/health").statusCode()).isEqualTo(404);
		}
	}

	@Test
	void refusesManagementSslKeysItCannotHonourRatherThanServeInClearText() {
		assertThatExceptionOfType(Exception.class)
			.isThrownBy(() -> start("management.server.ssl.key-store=classpath:keystore.p12"))
			.havingRootCause()
			.isInstanceOf(InvalidConfigurationPropertyValueException.class)
			.withMessageContaining("management.server.ssl.key-store")
			.withMessageContaining("set management.server.ssl.bundle");
	}

	@Test
	void aContextStoppedAndStartedAgainStaysReady() {
		try (ConfigurableApplicationContext context = start()) {
			context.stop();
			context.start();
			int management = port(context, FastroServerLifecycle.MANAGEMENT_PORT_PROPERTY);
			assertThat(get(management, "/actuator/health/readiness").statusCode()).isEqualTo(200);
		}
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return new SpringApplicationBuilder(ManagedApp.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.security.enabled=false", "management.server.port=0",
					"fastro.server.shutdown-timeout=20s", "management.endpoint.health.probes.enabled=true")
			.properties(properties)
			.run();
	}

	private static int port(ConfigurableApplicationContext context, String property) {
		return context.getEnvironment().getRequiredProperty(property, Integer.class);
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class ManagedApp {

		@Bean
		Routes slow() {
			return Routes.builder().get("/slow", Handler.blocking(ctx -> {
				slowReached.countDown();
				slowRelease.await();
				return "finished";
			})).build();
		}

	}

}
