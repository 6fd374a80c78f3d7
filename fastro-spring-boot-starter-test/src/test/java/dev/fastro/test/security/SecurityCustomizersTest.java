package dev.fastro.test.security;

import java.util.TreeSet;

import dev.fastro.http.Routes;
import dev.fastro.security.FastroSecurity;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;

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

	private final FastroTestClient client = FastroTestClient.bindTo(Routes.builder().get("/whoami", ctx -> {
		Authentication authentication = FastroSecurity.authentication(ctx);
		return (authentication == null) ? "nobody"
				: authentication.getClass().getSimpleName() + " " + authentication.getName() + " "
						+ new TreeSet<>(AuthorityUtils.authorityListToSet(authentication.getAuthorities()));
	}).build());

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

}
