package dev.fastro.security;

import java.net.http.HttpResponse;
import java.util.List;

import dev.fastro.autoconfigure.FastroActuatorAutoConfiguration;
import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroSecurityAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.jackson.JacksonEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.env.EnvironmentEndpointAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static dev.fastro.test.TestHttp.call;
import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.header;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Actuator's endpoints under the security rules, over real HTTP: health and its probes
 * open, every other endpoint for a role unless an endpoint rule decides otherwise, no
 * route rule opening one, on Fastro's port and on a management port; and
 * {@code show-details: when-authorized} with the request's authentication.
 */
@ExtendWith(OutputCaptureExtension.class)
class ActuatorSecurityTest {

	private static Tokens tokens;

	private static ConfigurableApplicationContext context;

	private static int port;

	@BeforeAll
	static void start() throws Exception {
		tokens = new Tokens();
		context = start(new String[0]);
		port = context.getEnvironment().getRequiredProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class);
	}

	@AfterAll
	static void stop() {
		context.close();
		tokens.close();
	}

	@Test
	void healthAndItsProbesAreOpen() {
		assertThat(get(port, "/actuator/health").statusCode()).isEqualTo(200);
		assertThat(get(port, "/actuator/health/liveness").statusCode()).isEqualTo(200);
		assertThat(get(port, "/actuator/health/readiness").statusCode()).isEqualTo(200);
	}

	@Test
	void healthShowsItsDetailsOnlyToAnAuthenticatedUser() throws Exception {
		HttpResponse<String> anonymous = get(port, "/actuator/health");
		assertThat(anonymous.body()).contains("\"status\":\"UP\"").doesNotContain("components");
		HttpResponse<String> authenticated = get(port, "/actuator/health", "authorization", bearer("USER"));
		assertThat(authenticated.statusCode()).isEqualTo(200);
		assertThat(authenticated.body()).contains("\"components\"");
	}

	@Test
	void anotherEndpointNeedsTheActuatorRole() throws Exception {
		HttpResponse<String> anonymous = get(port, "/actuator/env");
		assertThat(anonymous.statusCode()).isEqualTo(401);
		assertThat(header(anonymous, "www-authenticate")).isEqualTo("Bearer");
		HttpResponse<String> user = get(port, "/actuator/env", "authorization", bearer("USER"));
		assertThat(user.statusCode()).isEqualTo(403);
		assertThat(get(port, "/actuator/env", "authorization", bearer("ACTUATOR")).statusCode()).isEqualTo(200);
		assertThat(get(port, "/actuator/env/java.version", "authorization", bearer("USER")).statusCode())
			.isEqualTo(403);
	}

	@Test
	void theLinksPageNeedsTheActuatorRole() throws Exception {
		assertThat(get(port, "/actuator").statusCode()).isEqualTo(401);
		assertThat(get(port, "/actuator", "authorization", bearer("ACTUATOR")).statusCode()).isEqualTo(200);
	}

	@Test
	void aRouteRuleOpensNoEndpoint() {
		// route("/*").permitAll() matches every route, the application's are open...
		assertThat(get(port, "/hello").statusCode()).isEqualTo(200);
		// ...but not the endpoints, even where no route matches.
		assertThat(get(port, "/actuator/env").statusCode()).isEqualTo(401);
		assertThat(call(port, "DELETE", "/actuator/env").statusCode()).isEqualTo(401);
	}

	@Test
	void anEndpointRuleOpensAnEndpoint() {
		assertThat(get(port, "/actuator/info").statusCode()).isEqualTo(200);
	}

	@Test
	void onAManagementPortTheRulesAndRolesHoldToo(CapturedOutput output) throws Exception {
		try (ConfigurableApplicationContext managed = start("management.server.port=0",
				"management.endpoint.health.roles=OPS", "fastro.security.actuator.role=OPS")) {
			int management = managed.getEnvironment()
				.getRequiredProperty(FastroServerLifecycle.MANAGEMENT_PORT_PROPERTY, Integer.class);
			int application = managed.getEnvironment()
				.getRequiredProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class);
			assertThat(get(application, "/hello").statusCode()).isEqualTo(200);

			assertThat(get(management, "/actuator/health/liveness").statusCode()).isEqualTo(200);
			assertThat(get(management, "/actuator/health").body()).doesNotContain("components");
			assertThat(get(management, "/actuator/health", "authorization", bearer("ACTUATOR")).body())
				.doesNotContain("components");
			assertThat(get(management, "/actuator/health", "authorization", bearer("OPS")).body())
				.contains("\"components\"");

			assertThat(get(management, "/actuator/env").statusCode()).isEqualTo(401);
			assertThat(get(management, "/actuator/env", "authorization", bearer("ACTUATOR")).statusCode())
				.isEqualTo(403);
			assertThat(get(management, "/actuator/env", "authorization", bearer("OPS")).statusCode()).isEqualTo(200);
			assertThat(get(management, "/actuator/info").statusCode()).isEqualTo(200);
		}
		assertThat(output).contains("Security rule endpoint(\"beans\").denyAll() names endpoint 'beans', "
				+ "which is not exposed over HTTP");
	}

	@Test
	void withoutSpringSecurityActuatorIsUnchanged() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
					FastroServerAutoConfiguration.class, EndpointAutoConfiguration.class,
					WebEndpointAutoConfiguration.class, JacksonEndpointAutoConfiguration.class,
					HealthContributorRegistryAutoConfiguration.class, HealthEndpointAutoConfiguration.class,
					EnvironmentEndpointAutoConfiguration.class, FastroActuatorAutoConfiguration.class,
					FastroSecurityAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader("org.springframework.security"))
			.withPropertyValues("fastro.server.port=0", "management.endpoints.web.exposure.include=health,env",
					"management.endpoint.health.show-details=when-authorized")
			.run((context) -> {
				assertThat(context).hasNotFailed().doesNotHaveBean(FastroSecurityAutoConfiguration.class);
				int port = context.getBean(FastroServer.class).port();
				assertThat(get(port, "/actuator/env").statusCode()).isEqualTo(200);
				HttpResponse<String> health = get(port, "/actuator/health");
				assertThat(health.statusCode()).isEqualTo(200);
				assertThat(health.body()).doesNotContain("components");
			});
	}

	private static ConfigurableApplicationContext start(String... properties) throws Exception {
		return new SpringApplicationBuilder(App.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0",
					"spring.security.oauth2.resourceserver.jwt.public-key-location=" + tokens.publicKeyUri(),
					"spring.security.oauth2.resourceserver.jwt.authorities-claim-name=roles",
					"spring.security.oauth2.resourceserver.jwt.authority-prefix=ROLE_",
					"management.endpoints.web.exposure.include=health,env,info",
					"management.endpoint.health.show-details=when-authorized",
					"management.endpoint.health.probes.enabled=true")
			.properties(properties)
			.run();
	}

	private static String bearer(String role) throws Exception {
		return "Bearer " + tokens.rs256(Tokens.claims((claims) -> claims.claim("roles", List.of(role))));
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class App {

		@Bean
		Routes routes() {
			return Routes.builder().get("/hello", (ctx) -> "hello").build();
		}

		@Bean
		SecurityRules securityRules() {
			return SecurityRules.builder()
				.route("/*")
				.permitAll()
				.endpoint("info")
				.permitAll()
				.endpoint("beans")
				.denyAll()
				.build();
		}

	}

}
