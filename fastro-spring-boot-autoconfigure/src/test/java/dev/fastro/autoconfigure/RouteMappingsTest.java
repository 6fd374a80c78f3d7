package dev.fastro.autoconfigure;

import java.net.http.HttpResponse;

import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.http.Context;
import dev.fastro.http.Handler;
import dev.fastro.http.Middleware;
import dev.fastro.http.Routes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static dev.fastro.test.TestHttp.assertJsonEquals;
import static dev.fastro.test.TestHttp.get;
import static dev.fastro.test.TestHttp.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Actuator's {@code mappings} endpoint lists Fastro's routes under {@code fastro}, in the
 * shape Spring Boot gives a WebFlux handler mapping.
 */
class RouteMappingsTest {

	static ConfigurableApplicationContext context;

	static int port;

	@BeforeAll
	static void start() {
		context = new SpringApplicationBuilder(MappedApp.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.security.enabled=false",
					"management.endpoints.web.exposure.include=mappings")
			.run();
		port = context.getEnvironment().getRequiredProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class);
	}

	@AfterAll
	static void stop() {
		context.close();
	}

	@Test
	void listsEachRouteWithItsConditionsAndFastrosDetails() {
		HttpResponse<String> response = get(port, "/actuator/mappings");
		assertThat(response.statusCode()).isEqualTo(200);
		JsonNode mappings = json(response.body()).get("contexts").values().iterator().next().get("mappings");
		JsonNode fastro = mappings.get("fastro");
		assertJsonEquals(fastro.get(0).toString(), """
				{"predicate": "{POST [/users/{id:[0-9]+}]}", "handler": "bean 'users'",
				 "details": {
				   "requestMappingConditions": {"methods": ["POST"], "patterns": ["/users/{id:[0-9]+}"],
				     "consumes": [{"mediaType": "application/json", "negated": false}],
				     "produces": [{"mediaType": "text/plain", "negated": false}], "headers": [], "params": []},
				   "route": {"group": "/users", "middleware": ["timing", "lambda in RouteMappingsTest.MappedApp",
				     "RouteMappingsTest.Audit"],
				     "blocking": false, "streaming": false, "webSocket": false, "summary": "Renames a user"}}}
				""");
		assertJsonEquals(fastro.get(1).get("details").get("route").toString(), """
				{"group": "", "middleware": ["timing"], "blocking": true, "streaming": false, "webSocket": false}
				""");
		assertThat(fastro.get(2).get("details").get("route").get("webSocket").asBoolean()).isTrue();
		assertThat(fastro.findValuesAsString("predicate")).contains("{GET [/actuator/mappings]}");
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class MappedApp {

		@Bean
		Middleware timing() {
			return (ctx, next) -> next.handle(ctx);
		}

		@Bean
		Routes users() {
			Middleware group = (ctx, next) -> next.handle(ctx);
			return Routes.builder()
				.group("/users",
						(users) -> users.use(group)
							.post("/{id:[0-9]+}", (ctx) -> "renamed", new Audit())
							.describe((doc) -> doc.summary("Renames a user")
								.accepts(String[].class)
								.returns(200, String.class)
								.returns(404)))
				.get("/report", Handler.blocking((ctx) -> "report"))
				.websocket("/chat", (session) -> session.send(Flux.empty()))
				.build();
		}

	}

	static final class Audit implements Middleware {

		@Override
		public Object handle(Context ctx, Handler next) throws Exception {
			return next.handle(ctx);
		}

	}

}
