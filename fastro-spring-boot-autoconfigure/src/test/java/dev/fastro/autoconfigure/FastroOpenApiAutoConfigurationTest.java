package dev.fastro.autoconfigure;

import java.net.http.HttpResponse;
import java.util.Properties;

import dev.fastro.http.Routes;
import dev.fastro.openapi.OpenApiCustomizer;
import dev.fastro.openapi.internal.OpenApiEndpoints;
import dev.fastro.openapi.internal.SwaggerUi;
import dev.fastro.security.SecurityRules;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.TestHttp;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.servers.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;

import static dev.fastro.test.TestHttp.get;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document and Swagger UI are served when their libraries are on the class
 * path, at the paths configured, and nothing of them exists otherwise.
 */
@ExtendWith(NettyLeakDetection.class)
class FastroOpenApiAutoConfigurationTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class, FastroStaticResourcesAutoConfiguration.class,
				FastroOpenApiAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(HelloRoutes.class);

	@Test
	void withoutSwaggerCoreNothingOfItExists() {
		this.runner.withClassLoader(new FilteredClassLoader(OpenAPI.class)).run((context) -> {
			assertThat(context).hasNotFailed()
				.doesNotHaveBean(OpenApiEndpoints.class)
				.doesNotHaveBean(FastroOpenApiAutoConfiguration.ROUTES_BEAN)
				.doesNotHaveBean(FastroOpenApiAutoConfiguration.SWAGGER_UI_ROUTES_BEAN);
			assertThat(get(port(context), "/v3/api-docs").statusCode()).isEqualTo(404);
			assertThat(get(port(context), "/swagger-ui.html").statusCode()).isEqualTo(404);
		});
	}

	@Test
	void turnedOffNothingOfItExists() {
		this.runner.withPropertyValues("fastro.openapi.enabled=false").run((context) -> {
			assertThat(context).hasNotFailed()
				.doesNotHaveBean(OpenApiEndpoints.class)
				.doesNotHaveBean(FastroOpenApiAutoConfiguration.ROUTES_BEAN)
				.doesNotHaveBean(FastroOpenApiAutoConfiguration.SWAGGER_UI_ROUTES_BEAN);
			assertThat(get(port(context), "/v3/api-docs").statusCode()).isEqualTo(404);
			assertThat(get(port(context), "/swagger-ui.html").statusCode()).isEqualTo(404);
		});
	}

	@Test
	void withoutTheWebJarTheDocumentIsServedWithoutUi() {
		this.runner.withClassLoader(new FilteredClassLoader(new ClassPathResource(SwaggerUi.WEBJAR))).run((context) -> {
			assertThat(context).hasNotFailed()
				.hasBean(FastroOpenApiAutoConfiguration.ROUTES_BEAN)
				.doesNotHaveBean(FastroOpenApiAutoConfiguration.SWAGGER_UI_ROUTES_BEAN);
			assertThat(get(port(context), "/v3/api-docs").statusCode()).isEqualTo(200);
			assertThat(get(port(context), "/swagger-ui.html").statusCode()).isEqualTo(404);
		});
	}

	@Test
	void swaggerUiTurnedOff() {
		this.runner.withPropertyValues("fastro.openapi.swagger-ui.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(FastroOpenApiAutoConfiguration.SWAGGER_UI_ROUTES_BEAN);
			assertThat(get(port(context), "/v3/api-docs").statusCode()).isEqualTo(200);
		});
	}

	@Test
	void swaggerUiPagePointsAtTheDocument() {
		this.runner.run((context) -> {
			int port = port(context);
			HttpResponse<String> page = get(port, "/swagger-ui.html");
			assertThat(page.statusCode()).isEqualTo(302);
			assertThat(TestHttp.header(page, "location")).isEqualTo("swagger-ui/index.html");
			HttpResponse<String> index = get(port, "/swagger-ui/index.html");
			assertThat(index.statusCode()).isEqualTo(200);
			assertThat(TestHttp.header(index, "content-type")).startsWith("text/html");
			assertThat(index.body()).contains("./swagger-initializer.js");
			HttpResponse<String> initializer = get(port, "/swagger-ui/swagger-initializer.js");
			assertThat(initializer.statusCode()).isEqualTo(200);
			assertThat(TestHttp.header(initializer, "content-type")).isEqualTo("text/javascript; charset=utf-8");
			assertThat(initializer.body()).contains("url: \"../v3/api-docs\"").doesNotContain("petstore");
			assertThat(get(port, "/swagger-ui/swagger-ui-bundle.js").statusCode()).isEqualTo(200);
			assertThat(get(port, "/swagger-ui/swagger-ui.css").statusCode()).isEqualTo(200);
			assertThat(get(port, "/swagger-ui/missing.js").statusCode()).isEqualTo(404);
		});
	}

	@Test
	void swaggerUiServesNoFileOutsideItsWebJar() {
		this.runner.run((context) -> {
			int port = port(context);
			assertThat(get(port, "/swagger-ui/..%2F..%2F..%2F..%2Fmaven%2Forg.webjars%2Fswagger-ui%2Fpom.properties")
				.statusCode()).isIn(400, 404);
			assertThat(get(port, "/swagger-ui/..%5C..%5C..%5C..%5Cmaven%5Corg.webjars%5Cswagger-ui%5Cpom.properties")
				.statusCode()).isIn(400, 404);
			assertThat(get(port, "/swagger-ui/.%2E").statusCode()).isIn(400, 404);
		});
	}

	@Test
	void customPaths() {
		this.runner
			.withPropertyValues("fastro.openapi.path=/api/openapi", "fastro.openapi.swagger-ui.path=/docs/ui.html")
			.run((context) -> {
				int port = port(context);
				assertThat(get(port, "/v3/api-docs").statusCode()).isEqualTo(404);
				assertThat(get(port, "/api/openapi").statusCode()).isEqualTo(200);
				assertThat(get(port, "/api/openapi.yaml").statusCode()).isEqualTo(200);
				assertThat(get(port, "/swagger-ui.html").statusCode()).isEqualTo(404);
				assertThat(TestHttp.header(get(port, "/docs/ui.html"), "location")).isEqualTo("ui/index.html");
				assertThat(get(port, "/docs/ui/index.html").statusCode()).isEqualTo(200);
				assertThat(get(port, "/docs/ui/swagger-initializer.js").body()).contains("url: \"../../api/openapi\"");
			});
	}

	@Test
	void aMalformedPathFailsStartUpNamingTheKey() {
		this.runner.withPropertyValues("fastro.openapi.path=v3/api-docs/").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("openapi.path");
		});
	}

	@Test
	void infoFromTheApplicationsNameAndBuildUnlessKeysSayOtherwise() {
		this.runner.withPropertyValues("spring.application.name=shop")
			.withBean(BuildProperties.class, () -> new BuildProperties(build("1.2.3")))
			.run((context) -> {
				JsonNode info = document(context).get("info");
				assertThat(info.get("title").asString()).isEqualTo("shop");
				assertThat(info.get("version").asString()).isEqualTo("1.2.3");
				assertThat(info.has("description")).isFalse();
			});
		this.runner
			.withPropertyValues("spring.application.name=shop", "fastro.openapi.info.title=Shop API",
					"fastro.openapi.info.version=2", "fastro.openapi.info.description=Buy things.")
			.withBean(BuildProperties.class, () -> new BuildProperties(build("1.2.3")))
			.run((context) -> {
				JsonNode info = document(context).get("info");
				assertThat(info.get("title").asString()).isEqualTo("Shop API");
				assertThat(info.get("version").asString()).isEqualTo("2");
				assertThat(info.get("description").asString()).isEqualTo("Buy things.");
			});
	}

	@Test
	void customizersAdjustTheDocument() {
		this.runner
			.withBean(OpenApiCustomizer.class,
					() -> (openApi) -> openApi.addServersItem(new Server().url("https://api.example")))
			.run((context) -> assertThat(document(context).get("servers").toString())
				.isEqualTo("[{\"url\":\"https://api.example\"}]"));
	}

	@Test
	void twoRoutesWithOneOperationIdFailStartUpNamingThem() {
		this.runner
			.withBean("duplicates", Routes.class,
					() -> Routes.builder()
						.get("/one", (ctx) -> "")
						.describe((doc) -> doc.operationId("same"))
						.get("/two", (ctx) -> "")
						.describe((doc) -> doc.operationId("same"))
						.build())
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).hasMessageContaining("GET /one")
					.hasMessageContaining("GET /two")
					.hasMessageContaining("'same'");
			});
	}

	@Test
	void serverFollowsATrustedProxysForwardedHeaders() {
		String[] forwarded = { "x-forwarded-proto", "https", "x-forwarded-host", "api.example", "x-forwarded-prefix",
				"/shop/" };
		this.runner
			.withPropertyValues("fastro.server.forward-headers-strategy=native",
					"fastro.server.trusted-proxies=127.0.0.1")
			.run((context) -> {
				assertThat(serverUrl(context, forwarded)).isEqualTo("https://api.example/shop");
				assertThat(serverUrl(context, "x-forwarded-host", "api.example:8443"))
					.isEqualTo("http://api.example:8443");
				assertThat(serverUrl(context)).isEqualTo("http://127.0.0.1:" + port(context));
				HttpResponse<String> yaml = get(port(context), "/v3/api-docs.yaml", forwarded);
				assertThat(yaml.body()).contains("- url: https://api.example/shop\n");
			});
		this.runner
			.withPropertyValues("fastro.server.forward-headers-strategy=native",
					"fastro.server.trusted-proxies=10.0.0.1")
			.run((context) -> assertThat(serverUrl(context, forwarded)).isEqualTo("http://127.0.0.1:" + port(context)));
		this.runner
			.run((context) -> assertThat(serverUrl(context, forwarded)).isEqualTo("http://127.0.0.1:" + port(context)));
	}

	@Test
	void securityRulesMustDecideForTheDocumentsRoutes() {
		ApplicationContextRunner secured = this.runner
			.withConfiguration(AutoConfigurations.of(FastroSecurityAutoConfiguration.class));
		secured.withBean(SecurityRules.class, () -> SecurityRules.builder().route("/hello").permitAll().build())
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.message()
					.startsWith("No security rule decides for route GET /")
					.containsAnyOf("GET /v3/api-docs", "GET /swagger-ui");
			});
		secured
			.withBean(SecurityRules.class,
					() -> SecurityRules.builder()
						.route("GET", "/v3/api-docs")
						.permitAll()
						.route("GET", "/v3/api-docs.yaml")
						.permitAll()
						.route("GET", "/swagger-ui.html")
						.permitAll()
						.group("/swagger-ui")
						.permitAll()
						.anyRoute()
						.denyAll()
						.build())
			.run((context) -> {
				int port = port(context);
				assertThat(get(port, "/v3/api-docs").statusCode()).isEqualTo(200);
				assertThat(get(port, "/v3/api-docs.yaml").statusCode()).isEqualTo(200);
				assertThat(get(port, "/swagger-ui.html").statusCode()).isEqualTo(302);
				assertThat(get(port, "/swagger-ui/swagger-initializer.js").statusCode()).isEqualTo(200);
				assertThat(get(port, "/swagger-ui/index.html").statusCode()).isEqualTo(200);
				assertThat(get(port, "/hello").statusCode()).isEqualTo(403);
			});
	}

	private static String serverUrl(AssertableApplicationContext context, String... headers) {
		HttpResponse<String> response = get(port(context), "/v3/api-docs", headers);
		assertThat(response.statusCode()).isEqualTo(200);
		return TestHttp.json(response.body()).get("servers").get(0).get("url").asString();
	}

	private static JsonNode document(AssertableApplicationContext context) {
		HttpResponse<String> response = get(port(context), "/v3/api-docs");
		assertThat(response.statusCode()).isEqualTo(200);
		return TestHttp.json(response.body());
	}

	private static Properties build(String version) {
		Properties build = new Properties();
		build.setProperty("version", version);
		return build;
	}

	private static int port(AssertableApplicationContext context) {
		return context.getEnvironment().getProperty("local.fastro.port", Integer.class);
	}

	@Configuration(proxyBeanMethods = false)
	static class HelloRoutes {

		@Bean
		Routes helloRoutes() {
			return Routes.builder().get("/hello", (ctx) -> "hello").build();
		}

	}

}
