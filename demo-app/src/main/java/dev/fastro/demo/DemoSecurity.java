package dev.fastro.demo;

import dev.fastro.security.SecurityRules;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Who may call what: the {@code /admin} group needs a bearer token whose {@code roles}
 * claim holds {@code ADMIN} ({@code application.yml} maps it to the authority
 * {@code ROLE_ADMIN}); everything else the demo serves, Actuator's endpoints included,
 * stays open to anyone. {@link DemoToken} mints such tokens.
 */
@Configuration(proxyBeanMethods = false)
class DemoSecurity {

	@Bean
	SecurityRules securityRules() {
		return SecurityRules.builder().group("/admin").hasRole("ADMIN").anyRoute().permitAll().build();
	}

}
