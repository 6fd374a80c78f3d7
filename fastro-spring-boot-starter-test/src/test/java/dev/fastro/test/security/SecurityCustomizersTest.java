package dev.fastro.test.security;

import java.util.List;
import java.util.TreeSet;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroSecurityAutoConfiguration;
import dev.fastro.http.Routes;
import dev.fastro.security.FastroSecurity;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;

import static dev.fastro.test.security.SecurityCustomizers.anonymous;
import static dev.fastro.test.security.SecurityCustomizers.authentication;
import static dev.fastro.test.security.SecurityCustomizers.jwt;
import static dev.fastro.test.security.SecurityCustomizers.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The authentications the customizers hand a request, in a client of routes alone: there
 * is no security middleware, so the route reads them as it would read what that
 * middleware decided.
 */
class SecurityCustomizersTest {

	private static final Routes WHOAMI = Routes.builder().get("/whoami", ctx -> {
		Authentication authentication = FastroSecurity.authentication(ctx);
		return (authentication == null) ? "nobody"
				: authentication.getClass().getSimpleName() + " " + authentication.getName() + " "
						+ new TreeSet<>(AuthorityUtils.authorityListToSet(authentication.getAuthorities()));
	}).build();

	private final FastroTestClient client = FastroTestClient.bindTo(WHOAMI);

	@Test
	void makesAUserAsMockMvcDoes() {
		assertThat(this.client.get("/whoami").with(user("ada")).exchange())
			.hasBody("UsernamePasswordAuthenticationToken ada [ROLE_USER]");
		assertThat(this.client.get("/whoami").with(user("ada").roles("ADMIN", "OPS")).exchange())
			.hasBody("UsernamePasswordAuthenticationToken ada [ROLE_ADMIN, ROLE_OPS]");
		assertThat(this.client.get("/whoami").with(user("ada").authorities("SCOPE_read")).exchange())
			.hasBody("UsernamePasswordAuthenticationToken ada [SCOPE_read]");
		assertThatIllegalArgumentException().isThrownBy(() -> user("ada").roles("ROLE_ADMIN"))
			.withMessageContaining("ROLE_ADMIN");
	}

	/** Spring Security 7's converter adds the authority of the factor, a bearer token. */
	@Test
	void makesATokenWithSpringSecuritysDefaultsOutsideAnApplication() {
		assertThat(this.client.get("/whoami").with(jwt()).exchange())
			.hasBody("JwtAuthenticationToken user [FACTOR_BEARER, SCOPE_read]");
		assertThat(
				this.client.get("/whoami").with(jwt((token) -> token.subject("ada").claim("scope", "a b"))).exchange())
			.hasBody("JwtAuthenticationToken ada [FACTOR_BEARER, SCOPE_a, SCOPE_b]");
		assertThat(this.client.get("/whoami").with(jwt().authorities("ROLE_ADMIN")).exchange())
			.hasBody("JwtAuthenticationToken user [ROLE_ADMIN]");
	}

	@Test
	void handsOnAnyAuthentication() {
		assertThat(this.client.get("/whoami")
			.with(authentication(new TestingAuthenticationToken("grace", null, "ROLE_OPS")))
			.exchange()).hasBody("TestingAuthenticationToken grace [ROLE_OPS]");
		assertThat(this.client.get("/whoami").with(anonymous()).exchange())
			.hasBody(AnonymousAuthenticationToken.class.getSimpleName() + " anonymous [ROLE_ANONYMOUS]");
		assertThat(this.client.get("/whoami").exchange()).hasBody("nobody");
	}

	@Test
	void makesATokenWithTheApplicationsOwnConverter() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
					FastroSecurityAutoConfiguration.class))
			.withUserConfiguration(GroupsApplication.class)
			.run((context) -> assertThat(FastroTestClient.bindTo(context)
				.get("/whoami")
				.with(jwt((token) -> token.claim("groups", List.of("ops"))))
				.exchange()).hasStatus(200).hasBody("JwtAuthenticationToken user [GROUP_ops]"));
	}

	/** An application that makes its authorities of a claim of its own. */
	@Configuration(proxyBeanMethods = false)
	static class GroupsApplication {

		@Bean
		Routes whoami() {
			return WHOAMI;
		}

		@Bean
		JwtDecoder jwtDecoder() {
			return (token) -> {
				throw new BadJwtException("No token is valid in this test");
			};
		}

		@Bean
		Converter<Jwt, AbstractAuthenticationToken> groupsConverter() {
			return (jwt) -> new JwtAuthenticationToken(jwt, AuthorityUtils.createAuthorityList(
					jwt.getClaimAsStringList("groups").stream().map((group) -> "GROUP_" + group).toList()));
		}

	}

}
