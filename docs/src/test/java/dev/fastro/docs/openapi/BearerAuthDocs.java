package dev.fastro.docs.openapi;

import dev.fastro.openapi.OpenApiCustomizer;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** An OpenApiCustomizer that says how to authenticate. */
@Configuration(proxyBeanMethods = false)
class BearerAuthDocs {

	// tag::customizer[]
	@Bean
	OpenApiCustomizer bearerAuth() {
		return (openApi) -> {
			Components components = openApi.getComponents();
			components.addSecuritySchemes("bearer",
					new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer").bearerFormat("JWT"));
			openApi.addSecurityItem(new SecurityRequirement().addList("bearer"));
		};
	}
	// end::customizer[]

}
