package dev.fastro.demo;

import dev.fastro.security.SecurityRules;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Who may call what: the {@code /admin} group, Actuator's metrics and its links page need
 * a bearer token whose {@code roles} claim holds {@code ADMIN} ({@code application.yml}
 * maps it to the authority {@code ROLE_ADMIN}); health, its probes, info and the
 * Prometheus scrape, and everything else the demo serves (the OpenAPI document and
 * Swagger UI included), stay open to anyone. {@link DemoToken} mints such tokens.
 */
@Configuration(proxyBeanMethods = false)
class DemoSecurity {

	@Bean
	SecurityRules securityRules() {
		return SecurityRules.builder()
			.endpoint("health", "info", "prometheus")
			.permitAll()
			.anyEndpoint()
			.hasRole("ADMIN")
			.group("/admin")
			.hasRole("ADMIN")
			.anyRoute()
			.permitAll()
			.build();
	}

}
