package dev.fastro.security;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroSecurityAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.http.Middleware;
import dev.fastro.http.Routes;
import dev.fastro.security.internal.SecurityMiddleware;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.SupplierJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.StartupFailures.causes;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@link FastroSecurityAutoConfiguration} configures, when, and how start-up fails
 * on rules that disagree with the routes.
 */
@ExtendWith(OutputCaptureExtension.class)
class FastroSecurityAutoConfigurationTest {

	private static String publicKeyLocation;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroSecurityAutoConfiguration.class))
		.withUserConfiguration(FileRoutes.class);

	private final ApplicationContextRunner withKey = this.runner
		.withPropertyValues("spring.security.oauth2.resourceserver.jwt.public-key-location=" + publicKeyLocation);

	@BeforeAll
	static void writeKey() throws Exception {
		try (Tokens tokens = new Tokens()) {
			publicKeyLocation = tokens.publicKeyUri();
		}
	}

	@Test
	void withoutSpringSecurityNothingOfItIsLoaded() {
		this.runner.withClassLoader(new FilteredClassLoader("org.springframework.security"))
			.withConfiguration(AutoConfigurations.of(FastroServerAutoConfiguration.class))
			.withPropertyValues("fastro.server.port=0")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(securityBeans(context)).isEmpty();
				assertThat(context.getBeansOfType(Middleware.class)).isEmpty();
				try (RawHttp wire = new RawHttp(context.getBean(FastroServer.class).port(), Duration.ofSeconds(10))) {
					assertThat(wire.send(rawRequest("GET", "/files/a")).read().status()).isEqualTo(200);
				}
			});
	}

	@Test
	void offWithOneKey() {
		this.withKey.withPropertyValues("fastro.security.enabled=false").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(securityBeans(context)).isEmpty();
			assertThat(context).doesNotHaveBean(JwtDecoder.class);
		});
	}

	@Test
	void aPublicKeyMakesTheDecoder() {
		this.withKey.run((context) -> {
			assertThat(context).hasSingleBean(SecurityMiddleware.class);
			assertThat(context.getBeanNamesForType(JwtDecoder.class))
				.containsExactly("fastroJwtDecoderByPublicKeyValue");
		});
	}

	@Test
	void aJwkSetUriComesBeforeAPublicKeyAndAnIssuerIsFetchedOnlyWhenATokenComes() {
		this.withKey.withPropertyValues("spring.security.oauth2.resourceserver.jwt.jwk-set-uri=http://127.0.0.1:9/jwks")
			.run((context) -> assertThat(context.getBeanNamesForType(JwtDecoder.class))
				.containsExactly("fastroJwtDecoderByJwkKeySetUri"));
		this.runner.withPropertyValues("spring.security.oauth2.resourceserver.jwt.issuer-uri=http://127.0.0.1:9/issuer")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context).hasSingleBean(SupplierJwtDecoder.class);
			});
	}

	@Test
	void aPublicKeyNeedsExactlyOneAlgorithm() {
		this.withKey.withPropertyValues("spring.security.oauth2.resourceserver.jwt.jws-algorithms=RS256,RS512")
			.run((context) -> assertThat(causes(context.getStartupFailure()))
				.contains("spring.security.oauth2.resourceserver.jwt.jws-algorithms must name exactly one algorithm"));
	}

	@Test
	void theApplicationsDecoderAndConverterWin() {
		this.withKey.withUserConfiguration(OwnBeans.class).run((context) -> {
			assertThat(context.getBeanNamesForType(JwtDecoder.class)).containsExactly("ownDecoder");
			assertThat(context.getBeanNamesForType(JwtAuthenticationConverter.class)).containsExactly("ownConverter");
		});
	}

	@Test
	void theConverterFollowsBootsKeys() {
		this.withKey
			.withPropertyValues("spring.security.oauth2.resourceserver.jwt.authorities-claim-name=roles",
					"spring.security.oauth2.resourceserver.jwt.authority-prefix=ROLE_",
					"spring.security.oauth2.resourceserver.jwt.principal-claim-name=email")
			.run((context) -> {
				Jwt jwt = Jwt.withTokenValue("token")
					.header("alg", "RS256")
					.subject("ada")
					.claim("email", "ada@example.com")
					.claim("roles", List.of("ADMIN"))
					.claim("scope", "read")
					.issuedAt(Instant.now())
					.build();
				AbstractAuthenticationToken authentication = context.getBean(JwtAuthenticationConverter.class)
					.convert(jwt);
				assertThat(authentication.getName()).isEqualTo("ada@example.com");
				// Spring Security 7 adds the factor that authenticated the request.
				assertThat(authentication.getAuthorities()).extracting(GrantedAuthority::getAuthority)
					.containsExactlyInAnyOrder("ROLE_ADMIN", "FACTOR_BEARER");
			});
	}

	@Test
	void rulesThatNeedAuthenticationNeedAWayToAuthenticate() {
		this.runner.run((context) -> assertThat(causes(context.getStartupFailure()))
			.contains("Security rule anyRoute().authenticated() needs an authenticated request, but nothing "
					+ "authenticates one: set spring.security.oauth2.resourceserver.jwt.jwk-set-uri"));
		this.runner.withClassLoader(new FilteredClassLoader("org.springframework.security.oauth2"))
			.withUserConfiguration(OpenRules.class)
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(SecurityMiddleware.class));
	}

	@Test
	void aRuleThatMatchesPartOfARouteFailsStartUp() {
		this.withKey
			.withBean(SecurityRules.class,
					() -> SecurityRules.builder().route("/files/secret").denyAll().anyRoute().authenticated().build())
			.run((context) -> assertThat(causes(context.getStartupFailure()))
				.contains("Security rule #1 route(\"/files/secret\").denyAll() matches only part of route "
						+ "GET /files/{name}"));
		this.withKey
			.withBean(SecurityRules.class,
					() -> SecurityRules.builder()
						.route("/files/{name:[a-z]+}")
						.denyAll()
						.anyRoute()
						.authenticated()
						.build())
			.run((context) -> assertThat(causes(context.getStartupFailure())).contains("matches only part of route"));
	}

	@Test
	void aRuleThatDecidesForNoRouteIsReportedAndDecidesRequestsThatMatchNone(CapturedOutput output) {
		this.withKey
			.withBean(SecurityRules.class,
					() -> SecurityRules.builder().group("/nothing").denyAll().anyRoute().authenticated().build())
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(output).contains("Security rule #1 group(\"/nothing\").denyAll() decides for no route");
			});
		this.withKey
			.withBean(SecurityRules.class,
					() -> SecurityRules.builder().group("/files").permitAll().route("/files/{name}").denyAll().build())
			.run((context) -> assertThat(output)
				.contains("Security rule #2 route(\"/files/{name}\").denyAll() decides for no route"));
	}

	@Test
	void aRouteThatNoRuleDecidesForFailsStartUp() {
		this.withKey.withBean(SecurityRules.class, () -> SecurityRules.builder().route("/other").permitAll().build())
			.run((context) -> assertThat(causes(context.getStartupFailure()))
				.contains("No security rule decides for route GET /files/{name}"));
	}

	private static List<String> securityBeans(AssertableApplicationContext context) {
		return Arrays.stream(context.getBeanDefinitionNames())
			.map(context::getType)
			.filter((type) -> type != null && type.getName().startsWith("dev.fastro.security")
					&& type.getEnclosingClass() != FastroSecurityAutoConfigurationTest.class)
			.map(Class::getName)
			.toList();
	}

	@Configuration(proxyBeanMethods = false)
	static class FileRoutes {

		@Bean
		Routes fileRoutes() {
			return Routes.builder().get("/files/{name}", (ctx) -> ctx.param("name")).build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OpenRules {

		@Bean
		SecurityRules securityRules() {
			return SecurityRules.builder().anyRoute().permitAll().build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnBeans {

		@Bean
		JwtDecoder ownDecoder() {
			return (token) -> {
				throw new UnsupportedOperationException();
			};
		}

		@Bean
		JwtAuthenticationConverter ownConverter() {
			return new JwtAuthenticationConverter();
		}

	}

}
