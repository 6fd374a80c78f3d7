package dev.fastro.test.security.securedapp;

import java.util.List;

import dev.fastro.security.SecurityRules;
import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.test.context.support.WithMockUser;

import static dev.fastro.test.security.SecurityCustomizers.anonymous;
import static dev.fastro.test.security.SecurityCustomizers.jwt;
import static dev.fastro.test.security.SecurityCustomizers.user;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@link FastroTest} of a secured application keeps its rules and its decoder, and its
 * requests run as the user a test asks for: through {@code with(...)}, or the test's
 * {@code @WithMockUser}.
 */
@FastroTest(properties = { "spring.security.oauth2.resourceserver.jwt.authorities-claim-name=roles",
		"spring.security.oauth2.resourceserver.jwt.authority-prefix=ROLE_" })
class SecuredRoutesTest {

	@Autowired
	FastroTestClient client;

	@Autowired
	ApplicationContext context;

	@Test
	void keepsTheRulesAndHowTokensAreDecoded() {
		assertThat(this.context.getBeansOfType(SecurityRules.class)).hasSize(1);
		assertThat(this.context.getBeansOfType(JwtDecoder.class)).hasSize(1);
	}

	@Test
	void refusesARequestWithoutAUser() {
		assertThat(this.client.get("/admin/stats").exchange()).hasStatus(401).hasHeader("www-authenticate", "Bearer");
	}

	@Test
	void runsARequestAsAUserWithRoles() {
		assertThat(this.client.get("/admin/stats").with(user("ada").roles("ADMIN")).exchange()).hasStatus(200)
			.hasBody("stats for ada");
		assertThat(this.client.get("/admin/report").with(user("ada").roles("ADMIN")).exchange()).hasStatus(200)
			.hasBody("report for ada");
	}

	@Test
	void refusesAUserWithoutTheRole() {
		assertThat(this.client.get("/admin/stats").with(user("bob")).exchange()).hasStatus(403);
		assertThat(this.client.get("/me").with(user("bob")).exchange()).hasStatus(200).hasBody("bob");
	}

	@Test
	void convertsATokensClaimsAsTheApplicationDoes() {
		assertThat(
				this.client.get("/admin/stats").with(jwt((token) -> token.claim("roles", List.of("ADMIN")))).exchange())
			.hasStatus(200)
			.hasBody("stats for user");
		assertThat(this.client.get("/admin/stats").with(jwt()).exchange()).hasStatus(403);
		assertThat(this.client.get("/admin/stats").with(jwt().authorities("ROLE_ADMIN")).exchange()).hasStatus(200);
	}

	@Test
	void runsEveryRequestOfAClientAsItsUser() {
		FastroTestClient admin = this.client.with(user("root").roles("ADMIN"));
		assertThat(admin.get("/admin/stats").exchange()).hasStatus(200).hasBody("stats for root");
		assertThat(admin.get("/me").exchange()).hasStatus(200).hasBody("root");
		assertThat(admin.get("/me").with(user("ada")).exchange()).hasStatus(200).hasBody("ada");
		assertThat(this.client.get("/me").exchange()).hasStatus(401);
	}

	@Test
	@WithMockUser(username = "grace", roles = "ADMIN")
	void runsRequestsAsTheTestsMockUser() {
		assertThat(this.client.get("/admin/stats").exchange()).hasStatus(200).hasBody("stats for grace");
		assertThat(this.client.get("/admin/report").exchange()).hasStatus(200).hasBody("report for grace");
		assertThat(this.client.get("/admin/stats").with(user("bob")).exchange()).hasStatus(403);
		assertThat(this.client.get("/admin/stats").with(anonymous()).exchange()).hasStatus(401);
	}

}
