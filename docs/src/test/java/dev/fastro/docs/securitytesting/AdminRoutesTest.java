package dev.fastro.docs.securitytesting;

// tag::test[]
import java.util.List;

import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.test.context.support.WithMockUser;
// end::test[]
import org.springframework.test.context.TestPropertySource;
// tag::test[]

import static dev.fastro.test.security.SecurityCustomizers.jwt;
import static dev.fastro.test.security.SecurityCustomizers.user;
import static org.assertj.core.api.Assertions.assertThat;

@FastroTest(properties = {
		"spring.security.oauth2.resourceserver.jwt.public-key-location=classpath:securitytesting/issuer.pub",
		"spring.security.oauth2.resourceserver.jwt.authorities-claim-name=roles",
		"spring.security.oauth2.resourceserver.jwt.authority-prefix=ROLE_" })
// end::test[]
// The guide's other samples run with Fastro's security off:
// src/test/resources/application.properties.
@TestPropertySource(properties = "fastro.security.enabled=true")
// tag::test[]
class AdminRoutesTest {

	@Autowired
	FastroTestClient client;

	@Test
	void refusesAnonymousRequests() {
		assertThat(this.client.get("/admin/stats").exchange()).hasStatus(401).hasHeader("www-authenticate", "Bearer");
	}

	@Test
	void letsAdministratorsIn() {
		assertThat(this.client.get("/admin/stats").with(user("ada").roles("ADMIN")).exchange()).hasStatus(200)
			.hasBody("stats for ada");
		assertThat(this.client.get("/admin/stats").with(user("bob")).exchange()).hasStatus(403);
	}

	@Test
	void readsTheRolesOfATokenAsTheApplicationDoes() {
		assertThat(
				this.client.get("/admin/stats").with(jwt((token) -> token.claim("roles", List.of("ADMIN")))).exchange())
			.hasStatus(200)
			.hasBody("stats for user");
	}

	@Test
	@WithMockUser(username = "grace", roles = "ADMIN")
	void runsAsTheTestsMockUser() {
		assertThat(this.client.get("/admin/report").exchange()).hasStatus(200).hasBody("report for grace");
	}

}
// end::test[]
