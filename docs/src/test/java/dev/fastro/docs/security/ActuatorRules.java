package dev.fastro.docs.security;

import dev.fastro.security.SecurityRules;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Rules for Actuator's endpoints, by endpoint id, beside the rules of routes. */
@Configuration(proxyBeanMethods = false)
class ActuatorRules {

	// tag::rules[]
	@Bean
	SecurityRules securityRules() {
		return SecurityRules.builder()
			.endpoint("health", "info", "prometheus")
			.permitAll() // the probes, info and the scrape, for anyone
			.anyEndpoint()
			.hasRole("OPS") // every other endpoint, and the links page
			.anyRoute()
			.authenticated()
			.build();
	}
	// end::rules[]

}
