package dev.fastro.docs.security;

// tag::rules[]
import java.util.Map;

import dev.fastro.http.Routes;
import dev.fastro.security.FastroSecurity;
import dev.fastro.security.SecurityRules;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.core.GrantedAuthority;

@Configuration(proxyBeanMethods = false)
public class SecuredApp {

	@Bean
	Routes securedRoutes() {
		return Routes.builder()
			.get("/me",
					(ctx) -> Map.of("name", ctx.principal().getName(), "authorities",
							FastroSecurity.authentication(ctx)
								.getAuthorities()
								.stream()
								.map(GrantedAuthority::getAuthority)
								.sorted()
								.toList()))
			.group("/admin", (admin) -> admin.get("/stats", (ctx) -> Map.of("users", 2)))
			.get("/status/{part}", (ctx) -> "up")
			.build();
	}

	@Bean
	SecurityRules securityRules() {
		return SecurityRules.builder()
			.group("/admin")
			.hasRole("ADMIN") // /admin and every route under it
			.route("GET", "/status/{part}")
			.permitAll()
			.anyRoute()
			.authenticated() // last, like anyRequest()
			.build();
	}

}
// end::rules[]
