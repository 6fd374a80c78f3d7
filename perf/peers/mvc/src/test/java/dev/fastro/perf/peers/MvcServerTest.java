package dev.fastro.perf.peers;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts the server on a free port and checks two scenarios' answers (see
 * {@link ScenarioCheck}).
 */
class MvcServerTest {

	@Test
	void answersTheMiddlewareAndJsonScenarios() throws Exception {
		try (ConfigurableApplicationContext context = SpringApplication.run(MvcServer.class, "--server.port=0")) {
			// Tomcat writes the content type the handler sets in its own spelling; the
			// harness checks the answers against it.
			ScenarioCheck.answersTheMiddlewareAndJsonScenarios(
					"http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port"),
					MvcServer.TOMCAT_TEXT_PLAIN);
		}
	}

}
