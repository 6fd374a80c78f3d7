package dev.fastro.docs.securitytesting;

// tag::rules[]
import dev.fastro.security.SecurityRules;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class SecurityConfiguration {

	@Bean
	SecurityRules securityRules() {
		return SecurityRules.builder().group("/admin").hasRole("ADMIN").anyRoute().authenticated().build();
	}

}
// end::rules[]
