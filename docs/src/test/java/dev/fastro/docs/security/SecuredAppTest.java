package dev.fastro.docs.security;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.fastro.autoconfigure.FastroActuatorAutoConfiguration;
import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroSecurityAutoConfiguration;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.jackson.JacksonEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.env.EnvironmentEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.info.InfoEndpointAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Security" page: the rules, those of Actuator's endpoints, the principal and the
 * answers, with tokens signed here.
 */
class SecuredAppTest {

	private static RSAKey key;

	private static Path publicKey;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroSecurityAutoConfiguration.class))
		.withUserConfiguration(SecuredApp.class)
		.withPropertyValues("spring.security.oauth2.resourceserver.jwt.public-key-location=" + publicKey.toUri(),
				"spring.security.oauth2.resourceserver.jwt.authorities-claim-name=roles",
				"spring.security.oauth2.resourceserver.jwt.authority-prefix=ROLE_");

	@BeforeAll
	static void makeKey(@TempDir Path directory) throws Exception {
		key = new RSAKeyGenerator(2048).generate();
		publicKey = directory.resolve("public.pem");
		Files.writeString(publicKey,
				"-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder().encodeToString(key.toPublicKey().getEncoded())
						+ "\n-----END PUBLIC KEY-----\n",
				StandardCharsets.US_ASCII);
	}

	@Test
	void aTokenWithTheRoleReachesTheAdminGroup() {
		this.runner.run((context) -> {
			FastroTestClient client = FastroTestClient.bindTo(context);
			String admin = "Bearer " + token("ada", List.of("ADMIN"), Instant.now().plusSeconds(300));
			assertThat(client.get("/admin/stats").header("authorization", admin).exchange()).hasStatus(200)
				.hasJsonBody("{\"users\":2}");
			assertThat(client.get("/me").header("authorization", admin).exchange()).hasStatus(200)
				.hasJsonBody("{\"name\":\"ada\",\"authorities\":[\"FACTOR_BEARER\",\"ROLE_ADMIN\"]}");
		});
	}

	@Test
	void refusalsSayWhatIsMissing() {
		this.runner.run((context) -> {
			FastroTestClient client = FastroTestClient.bindTo(context);
			assertThat(client.get("/me").exchange())
				.isProblem(401, "Authentication is required to access this resource")
				.hasHeader("www-authenticate", "Bearer");
			String user = "Bearer " + token("grace", List.of("USER"), Instant.now().plusSeconds(300));
			assertThat(client.get("/admin/stats").header("authorization", user).exchange()).hasStatus(403)
				.hasHeader("www-authenticate",
						"Bearer error=\"insufficient_scope\", error_description=\"The request requires higher "
								+ "privileges than provided by the access token.\", "
								+ "error_uri=\"https://tools.ietf.org/html/rfc6750#section-3.1\"");
			String expired = "Bearer " + token("ada", List.of("ADMIN"), Instant.now().minusSeconds(120));
			assertThat(client.get("/me").header("authorization", expired).exchange())
				.isProblem(401, "The token has expired")
				.hasHeader("www-authenticate", "Bearer error=\"invalid_token\", error_description=\"The token has "
						+ "expired\", error_uri=\"https://tools.ietf.org/html/rfc6750#section-3.1\"");
		});
	}

	@Test
	void anOpenRouteNeedsNoTokenButRefusesABadOne() {
		this.runner.run((context) -> {
			FastroTestClient client = FastroTestClient.bindTo(context);
			assertThat(client.get("/status/db").exchange()).hasStatus(200);
			assertThat(client.get("/status/db").header("authorization", "Bearer nonsense").exchange()).isProblem(401,
					"The token is malformed");
		});
	}

	@Test
	void endpointRulesOpenHealthAndInfoAndAskTheRestForTheirRole() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
					EndpointAutoConfiguration.class, WebEndpointAutoConfiguration.class,
					JacksonEndpointAutoConfiguration.class, HealthContributorRegistryAutoConfiguration.class,
					HealthEndpointAutoConfiguration.class, InfoEndpointAutoConfiguration.class,
					EnvironmentEndpointAutoConfiguration.class, FastroActuatorAutoConfiguration.class,
					FastroSecurityAutoConfiguration.class))
			.withUserConfiguration(ActuatorRules.class)
			.withPropertyValues("spring.security.oauth2.resourceserver.jwt.public-key-location=" + publicKey.toUri(),
					"spring.security.oauth2.resourceserver.jwt.authorities-claim-name=roles",
					"spring.security.oauth2.resourceserver.jwt.authority-prefix=ROLE_",
					"management.endpoints.web.exposure.include=health,info,env")
			.run((context) -> {
				FastroTestClient client = FastroTestClient.bindTo(context);
				assertThat(client.get("/actuator/health").exchange()).hasStatus(200);
				assertThat(client.get("/actuator/info").exchange()).hasStatus(200);
				assertThat(client.get("/actuator/env").exchange()).hasStatus(401);
				String actuator = "Bearer " + token("ada", List.of("ACTUATOR"), Instant.now().plusSeconds(300));
				assertThat(client.get("/actuator/env").header("authorization", actuator).exchange()).hasStatus(403);
				String ops = "Bearer " + token("ada", List.of("OPS"), Instant.now().plusSeconds(300));
				assertThat(client.get("/actuator/env").header("authorization", ops).exchange()).hasStatus(200);
			});
	}

	private static String token(String subject, List<String> roles, Instant expiry) throws JOSEException {
		JWTClaimsSet claims = new JWTClaimsSet.Builder().subject(subject)
			.claim("roles", roles)
			.issueTime(Date.from(expiry.minusSeconds(600)))
			.expirationTime(Date.from(expiry))
			.build();
		SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.RS256), claims);
		jwt.sign(new RSASSASigner(key));
		return jwt.serialize();
	}

}
