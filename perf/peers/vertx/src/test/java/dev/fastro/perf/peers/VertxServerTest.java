package dev.fastro.perf.peers;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import org.junit.jupiter.api.Test;

/**
 * Starts the server on a free port and checks two scenarios' answers (see
 * {@link ScenarioCheck}).
 */
class VertxServerTest {

	@Test
	void answersTheMiddlewareAndJsonScenarios() throws Exception {
		Vertx vertx = VertxServer.vertx();
		try {
			HttpServer server = VertxServer.start(vertx, 0).await();
			ScenarioCheck.answersTheMiddlewareAndJsonScenarios("http://127.0.0.1:" + server.actualPort(),
					"text/plain; charset=utf-8");
		}
		finally {
			vertx.close().await();
		}
	}

}
