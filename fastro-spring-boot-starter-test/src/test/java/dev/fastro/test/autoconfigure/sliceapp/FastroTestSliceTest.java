package dev.fastro.test.autoconfigure.sliceapp;

import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.http.spi.RequestPipeline;
import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;

/**
 * {@link FastroTest} keeps what serves requests, leaves out other components and the
 * server, and injects the in-process client.
 */
// An application without security, though Spring Security is on this module's class path.
@FastroTest(properties = { "fastro.router.ignore-trailing-slash=true", "fastro.security.enabled=false" })
class FastroTestSliceTest {

	@Autowired
	FastroTestClient client;

	@Autowired
	ApplicationContext context;

	@MockitoBean
	Greeter greeter;

	@Test
	void servesTheRoutesWithTheirMiddlewareAndExceptionHandlers() {
		given(this.greeter.greet("ada")).willReturn("Hi ada");
		assertThat(this.client.get("/greet/ada").exchange()).hasStatus(200)
			.hasHeader("x-powered-by", "fastro")
			.hasBody("Hi ada");
		assertThat(this.client.get("/fail").exchange()).isProblem(501, "not yet");
		assertThat(this.client.get("/other").exchange()).hasStatus(200);
	}

	@Test
	void appliesTheTestsProperties() {
		given(this.greeter.greet("ada")).willReturn("Hi ada");
		assertThat(this.client.get("/greet/ada/").exchange()).hasStatus(200).hasBody("Hi ada");
	}

	@Test
	void validatesBodiesWhenBeanValidationIsThere() {
		assertThat(this.client.post("/greet").json("{\"name\":\"\"}").exchange()).isProblem(400,
				"Invalid request content.");
	}

	@Test
	void servesTheStaticResourcesOfTheApplication() {
		assertThat(this.client.get("/hello.txt").exchange()).hasStatus(200)
			.hasContentType("text/plain; charset=utf-8")
			.hasBody("Hello from static/\n");
	}

	@Test
	void leavesOutOtherComponentsAndTheServer() {
		assertThat(this.context.getBeansOfType(Unrelated.class)).isEmpty();
		assertThat(this.context.getBeansOfType(FastroServerAutoConfiguration.class)).isEmpty();
		assertThat(this.context.getEnvironment().containsProperty(LocalFastroPort.PROPERTY)).isFalse();
		assertThat(this.context.getBeansOfType(RequestPipeline.class)).hasSize(1);
	}

}
