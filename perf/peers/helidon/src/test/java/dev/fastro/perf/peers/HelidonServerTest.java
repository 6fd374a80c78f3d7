package dev.fastro.perf.peers;

import io.helidon.webserver.WebServer;
import org.junit.jupiter.api.Test;

/**
 * Starts the server on a free port and checks two scenarios' answers (see
 * {@link ScenarioCheck}).
 */
class HelidonServerTest {

	@Test
	void answersTheMiddlewareAndJsonScenarios() throws Exception {
		WebServer server = HelidonServer.start(0);
		try {
			ScenarioCheck.answersTheMiddlewareAndJsonScenarios("http://127.0.0.1:" + server.port(),
					"text/plain; charset=utf-8");
		}
		finally {
			server.stop();
		}
	}

}
