package dev.fastro.openapi;

import io.swagger.v3.oas.models.OpenAPI;

/**
 * Adjusts the OpenAPI document Fastro builds from the application's routes, once, at
 * start-up: to add security schemes, servers, external docs, or anything the routes do
 * not say. Declare one as a bean; several run in their {@code @Order}.
 *
 * <pre>{@code
 * &#64;Bean
 * OpenApiCustomizer bearerAuth() {
 *     return openApi -> openApi.getComponents().addSecuritySchemes("bearer",
 *             new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer"));
 * }
 * }</pre>
 */
@FunctionalInterface
public interface OpenApiCustomizer {

	/**
	 * Adjusts the document before it is served.
	 * @param openApi the document built from the routes, in OpenAPI 3.1
	 */
	void customize(OpenAPI openApi);

}
