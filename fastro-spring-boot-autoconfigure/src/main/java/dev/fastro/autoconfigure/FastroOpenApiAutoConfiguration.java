package dev.fastro.autoconfigure;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import dev.fastro.http.Route;
import dev.fastro.http.Routes;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.openapi.OpenApiCustomizer;
import dev.fastro.openapi.internal.OpenApiDocument;
import dev.fastro.openapi.internal.OpenApiEndpoints;
import dev.fastro.openapi.internal.ServerUrl;
import dev.fastro.openapi.internal.SwaggerUi;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnResource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.http.MediaTypeFactory;
import org.springframework.util.StringUtils;

/**
 * The OpenAPI 3.1 document of the application's routes, when swagger-core is on the class
 * path: built once at start-up from every {@link Routes} bean (Actuator's and its own
 * left out) and the {@link OpenApiCustomizer} beans, served in JSON at
 * {@code fastro.openapi.path} and in YAML at the same path ending in {@code .yaml}; and
 * Swagger UI at {@code fastro.openapi.swagger-ui.path} when its WebJar is on the class
 * path too. {@code fastro.openapi.enabled=false} turns it all off.
 */
@AutoConfiguration(before = FastroAutoConfiguration.class)
@ConditionalOnClass(OpenAPI.class)
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "fastro.openapi.enabled", matchIfMissing = true)
@EnableConfigurationProperties(FastroProperties.class)
public class FastroOpenApiAutoConfiguration {

	static final String ROUTES_BEAN = "fastroOpenApiRoutes";

	static final String SWAGGER_UI_ROUTES_BEAN = "fastroSwaggerUiRoutes";

	/** Routes beans that serve tools rather than the application's API. */
	private static final Set<String> UNDESCRIBED = Set.of(ROUTES_BEAN, SWAGGER_UI_ROUTES_BEAN,
			FastroActuatorAutoConfiguration.ROUTES_BEAN);

	@Bean
	OpenApiEndpoints fastroOpenApiEndpoints(FastroProperties properties) {
		FastroProperties.Server server = properties.getServer();
		return new OpenApiEndpoints(properties.getOpenapi().getPath(),
				new ServerUrl(server.getForwardHeadersStrategy() == FastroProperties.ForwardHeadersStrategy.NATIVE,
						StringUtils.hasText(server.getSsl().getBundle()) ? "https" : "http"));
	}

	@Bean(ROUTES_BEAN)
	Routes fastroOpenApiRoutes(OpenApiEndpoints endpoints) {
		return endpoints.routes();
	}

	/**
	 * Builds the document once every bean exists, as the routes it describes are beans
	 * beside those that serve it.
	 */
	@Bean
	static SmartInitializingSingleton fastroOpenApiDocument(ObjectProvider<OpenApiEndpoints> endpoints,
			ObjectProvider<Routes> routes, ObjectProvider<OpenApiCustomizer> customizers,
			ObjectProvider<JsonCodec> json, ObjectProvider<FastroProperties> properties,
			ObjectProvider<BuildProperties> build, Environment environment, ListableBeanFactory beanFactory) {
		return () -> {
			Set<Routes> undescribed = Collections.newSetFromMap(new IdentityHashMap<>());
			beanFactory.getBeansOfType(Routes.class).forEach((name, bean) -> {
				if (UNDESCRIBED.contains(name)) {
					undescribed.add(bean);
				}
			});
			List<Route> described = routes.orderedStream()
				.filter((bean) -> !undescribed.contains(bean))
				.flatMap((bean) -> bean.routes().stream())
				.toList();
			OpenAPI document = OpenApiDocument.describe(described,
					info(properties.getObject().getOpenapi().getInfo(), environment, build.getIfAvailable()),
					json.getObject().mapper());
			customizers.orderedStream().forEach((customizer) -> customizer.customize(document));
			endpoints.getObject().publish(document);
		};
	}

	/**
	 * The document's info: the keys' title and version, else the application's name and
	 * its build's version.
	 */
	private static Info info(FastroProperties.Info keys, Environment environment, BuildProperties build) {
		String title = StringUtils.hasText(keys.getTitle()) ? keys.getTitle()
				: environment.getProperty("spring.application.name", "API");
		String version = StringUtils.hasText(keys.getVersion()) ? keys.getVersion()
				: (build != null && build.getVersion() != null) ? build.getVersion() : "0.0.0";
		return new Info().title(title).version(version).description(keys.getDescription());
	}

	/**
	 * Swagger UI, when its WebJar is on the class path; its files are answered as Spring
	 * resources, which need spring-web's media types.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnResource(resources = "classpath:" + SwaggerUi.WEBJAR)
	@ConditionalOnClass(MediaTypeFactory.class)
	@ConditionalOnBooleanProperty(name = "fastro.openapi.swagger-ui.enabled", matchIfMissing = true)
	static class SwaggerUiConfiguration {

		@Bean(SWAGGER_UI_ROUTES_BEAN)
		Routes fastroSwaggerUiRoutes(FastroProperties properties, ResourceLoader loader) {
			FastroProperties.OpenApi openapi = properties.getOpenapi();
			return new SwaggerUi(openapi.getSwaggerUi().getPath(), openapi.getPath(), loader.getClassLoader()).routes();
		}

	}

}
