package dev.fastro.docs.openapi;

import dev.fastro.security.SecurityRules;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Security rules that open the OpenAPI document and Swagger UI to anyone. */
@Configuration(proxyBeanMethods = false)
class ApiDocsRules {

	// tag::rules[]
	@Bean
	SecurityRules securityRules() {
		return SecurityRules.builder()
			.route("GET", "/v3/api-docs")
			.permitAll()
			.route("GET", "/v3/api-docs.yaml")
			.permitAll()
			.route("GET", "/swagger-ui.html")
			.permitAll()
			.group("/swagger-ui") // the UI's files
			.permitAll()
			.anyRoute()
			.authenticated()
			.build();
	}
	// end::rules[]

}
