package dev.fastro.perf.peers;

import io.javalin.Javalin;
import org.junit.jupiter.api.Test;

/**
 * Starts the server on a free port and checks two scenarios' answers (see
 * {@link ScenarioCheck}).
 */
class JavalinServerTest {

	@Test
	void answersTheMiddlewareAndJsonScenarios() throws Exception {
		Javalin app = JavalinServer.create().start(0);
		try {
			// Jetty rewrites the content type the handler sets into its own spelling; the
			// harness checks Javalin's answers against it.
			ScenarioCheck.answersTheMiddlewareAndJsonScenarios("http://127.0.0.1:" + app.port(),
					"text/plain;charset=utf-8");
		}
		finally {
			app.stop();
		}
	}

}
