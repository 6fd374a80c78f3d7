package dev.fastro.security;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * How {@link SecurityRules} are written, and the mistakes its builder refuses.
 */
class SecurityRulesTest {

	@Test
	void rulesKeepTheirOrderAndSayWhatTheyAre() {
		SecurityRules rules = SecurityRules.builder()
			.group("/admin")
			.hasRole("ADMIN")
			.route("get", "/reports/{id}")
			.hasScope("reports:read")
			.route("/public/*")
			.permitAll()
			.anyRoute()
			.hasAnyRole("USER", "ADMIN")
			.build();
		assertThat(rules).hasToString("group(\"/admin\").hasRole(\"ADMIN\"), "
				+ "route(\"get\", \"/reports/{id}\").hasScope(\"reports:read\"), route(\"/public/*\").permitAll(), "
				+ "anyRoute().hasAnyRole(\"USER\", \"ADMIN\")");
		assertThat(rules.rules().get(0).patterns()).containsExactly("/admin", "/admin/*");
		assertThat(rules.rules().get(1).method()).isEqualTo("GET");
		assertThat(rules.rules().get(1).scope()).isEqualTo("reports:read");
		assertThat(rules.rules().get(2).requiresAuthentication()).isFalse();
		assertThat(rules.rules().get(3).isAnyRoute()).isTrue();
	}

	@Test
	void endpointRulesNameEndpointsById() {
		SecurityRules rules = SecurityRules.builder()
			.endpoint("info", "prometheus")
			.permitAll()
			.anyEndpoint()
			.hasRole("OPS")
			.anyRoute()
			.authenticated()
			.build();
		assertThat(rules).hasToString("endpoint(\"info\", \"prometheus\").permitAll(), anyEndpoint().hasRole(\"OPS\"), "
				+ "anyRoute().authenticated()");
		SecurityRules.Rule endpoints = rules.rules().get(0);
		assertThat(endpoints.isEndpointRule()).isTrue();
		assertThat(endpoints.isAnyRoute()).isFalse();
		assertThat(endpoints.isAnyEndpoint()).isFalse();
		assertThat(endpoints.endpoints()).containsExactly("info", "prometheus");
		assertThat(rules.rules().get(1).isAnyEndpoint()).isTrue();
		assertThat(rules.rules().get(2).isEndpointRule()).isFalse();
		assertThat(rules.rules().get(2).endpoints()).isNull();
	}

	@Test
	void anyEndpointComesLastAmongEndpointRules() {
		SecurityRules.Builder builder = SecurityRules.builder().anyEndpoint().permitAll().route("/x").permitAll();
		assertThatIllegalStateException().isThrownBy(() -> builder.endpoint("info"))
			.withMessage("endpoint(\"info\") comes after anyEndpoint(), which must be the last endpoint rule");
	}

	@Test
	void anEndpointRuleNamesAnEndpoint() {
		assertThatIllegalArgumentException().isThrownBy(() -> SecurityRules.builder().endpoint())
			.withMessage("endpoint(..) needs at least one endpoint id");
		assertThatIllegalArgumentException().isThrownBy(() -> SecurityRules.builder().endpoint("info", " "))
			.withMessage("An endpoint id must not be empty");
	}

	@Test
	void anyRouteComesLast() {
		assertThatIllegalStateException()
			.isThrownBy(() -> SecurityRules.builder().anyRoute().authenticated().route("/x").permitAll())
			.withMessage("route(\"/x\") comes after anyRoute(), which must be last");
	}

	@Test
	void aRuleNeedsItsAccess() {
		SecurityRules.Builder builder = SecurityRules.builder();
		builder.route("/x");
		assertThatIllegalStateException().isThrownBy(builder::build)
			.withMessageStartingWith("route(\"/x\") has no access");
	}

	@Test
	void doubleStarIsNoRoutePattern() {
		assertThatIllegalArgumentException().isThrownBy(() -> SecurityRules.builder().route("/admin/**"))
			.withMessage("'/admin/**' is no route pattern: use group(\"/admin\") for a path and everything under it");
	}

}
