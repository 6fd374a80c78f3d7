package dev.fastro.security;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroSecurityAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.http.Routes;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;

import static dev.fastro.security.SecuredServer.get;
import static dev.fastro.security.SecuredServer.port;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * HTTP Basic over real HTTP: the user of {@code spring.security.user.*} or the
 * application's own, checked off the event loop, and each refusal with its challenge.
 */
class BasicSecurityTest {

	private static final String BASIC_CHALLENGE = "Basic realm=\"Realm\"";

	private static Tokens tokens;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class, FastroSecurityAutoConfiguration.class))
		.withUserConfiguration(App.class)
		.withPropertyValues("fastro.server.port=0", "fastro.security.basic.enabled=true");

	private final ApplicationContextRunner bootsUser = this.runner.withPropertyValues("spring.security.user.name=ada",
			"spring.security.user.password=s3cret", "spring.security.user.roles=ADMIN");

	@BeforeAll
	static void makeKeys() throws Exception {
		tokens = new Tokens();
	}

	@AfterAll
	static void dropKeys() {
		tokens.close();
	}

	@Test
	void theUserOfBootsPropertiesIsCheckedOffTheEventLoop() {
		this.bootsUser.run((context) -> {
			int port = port(context);
			RawResponse me = get(port, "/admin/me", basic("ada:s3cret"));
			assertThat(me.status()).isEqualTo(200);
			assertThat(me.bodyString()).isEqualTo("ada on fastro-blocking");
			// The scheme is case-insensitive.
			assertThat(get(port, "/admin/me", "authorization: bAsIc " + encode("ada:s3cret")).status()).isEqualTo(200);
		});
	}

	@Test
	void wrongCredentialsAreRefusedWithTheChallenge() {
		this.bootsUser.run((context) -> {
			int port = port(context);
			for (String credentials : new String[] { basic("ada:wrong"), basic("bob:s3cret"), basic("ada"),
					"authorization: Basic ###", "authorization: Basic", "authorization: Basicx" }) {
				RawResponse refused = get(port, "/admin/me", credentials);
				assertThat(refused.status()).as(credentials).isEqualTo(401);
				assertThat(refused.headerValues("www-authenticate")).as(credentials).containsExactly(BASIC_CHALLENGE);
				assertThat(refused.header("content-type")).isEqualTo("application/problem+json");
				assertThat(refused.bodyString()).contains("\"detail\":\"Bad credentials\"").doesNotContain("ada");
			}
		});
	}

	@Test
	void aRequestWithoutCredentialsIsAskedForThemInEachSchemeTaken() throws Exception {
		this.bootsUser.run((context) -> assertThat(get(port(context), "/admin/me").headerValues("www-authenticate"))
			.containsExactly(BASIC_CHALLENGE));
		this.bootsUser
			.withPropertyValues(
					"spring.security.oauth2.resourceserver.jwt.public-key-location=" + tokens.publicKeyUri(),
					"fastro.security.basic.realm=Fastro")
			.run((context) -> {
				RawResponse refused = get(port(context), "/admin/me");
				assertThat(refused.status()).isEqualTo(401);
				assertThat(refused.headerValues("www-authenticate")).containsExactly("Bearer",
						"Basic realm=\"Fastro\"");
				assertThat(get(port(context), "/admin/me", basic("ada:s3cret")).status()).isEqualTo(200);
				assertThat(get(port(context), "/admin/me",
						"authorization: Bearer " + tokens.rs256(Tokens.claims().build()))
					.status()).isEqualTo(403);
			});
	}

	@Test
	void aUserWithoutTheRoleIsForbidden() {
		this.runner.withPropertyValues("spring.security.user.name=bob", "spring.security.user.password=s3cret")
			.run((context) -> {
				RawResponse forbidden = get(port(context), "/admin/me", basic("bob:s3cret"));
				assertThat(forbidden.status()).isEqualTo(403);
				assertThat(forbidden.header("www-authenticate")).isNull();
			});
	}

	@Test
	void theApplicationsUsersAndPasswordEncoderAreUsed() {
		this.runner.withUserConfiguration(OwnUsers.class).run((context) -> {
			assertThat(context).doesNotHaveBean("fastroInMemoryUserDetailsManager");
			int port = port(context);
			assertThat(get(port, "/admin/me", basic("grace:hopper")).bodyString()).startsWith("grace");
			assertThat(get(port, "/admin/me", basic("grace:wrong")).status()).isEqualTo(401);
		});
	}

	@Test
	void basicIsOffUnlessEnabled() {
		this.bootsUser.withPropertyValues("fastro.security.basic.enabled=false")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("nothing authenticates one")
				.hasMessageContaining("fastro.security.basic.enabled"));
	}

	@Test
	void aRealmThatCannotBeQuotedFailsStartUp() {
		this.bootsUser.withPropertyValues("fastro.security.basic.realm=say \"hi\"")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("fastro.security.basic.realm"));
	}

	private static String basic(String credentials) {
		return "authorization: Basic " + encode(credentials);
	}

	private static String encode(String credentials) {
		return Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
	}

	@Configuration(proxyBeanMethods = false)
	static class App {

		@Bean
		Routes routes() {
			return Routes.builder()
				.get("/admin/me",
						(ctx) -> ctx.principal().getName() + " on "
								+ Thread.currentThread().getName().replaceAll("-\\d+$", ""))
				.build();
		}

		@Bean
		SecurityRules securityRules() {
			return SecurityRules.builder().group("/admin").hasRole("ADMIN").anyRoute().authenticated().build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnUsers {

		@Bean
		PasswordEncoder passwordEncoder() {
			return new BCryptPasswordEncoder(4);
		}

		@Bean
		UserDetailsService users(PasswordEncoder encoder) {
			return new InMemoryUserDetailsManager(
					User.withUsername("grace").password(encoder.encode("hopper")).roles("ADMIN").build());
		}

	}

}
